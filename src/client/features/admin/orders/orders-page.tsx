/**
 * The back office's orders (/admin/orders): every buyer's orders, newest first, filtered by status
 * (?status=) and searched by number or e-mail (?q=), both in the URL so a view can be shared or
 * reloaded. A table on wide screens, cards on narrow ones.
 */
import { clsx } from "clsx";
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AdminOrderSummary } from "../../../../common/api/admin-orders";
import { formatCents } from "../../../../common/money";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "../../../../common/orders";
import { formatOrderDate, itemsLabel } from "../../../components/orders/format";
import { StatusBadge } from "../../../components/orders/status-badge";
import { Button } from "../../../components/ui/button";
import { adminOrderPath } from "../../../config/admin-paths";
import { useAdminOrders } from "./get-admin-orders";
import { ORDER_TEXT, ORDERS_TEXT } from "./order-texts";

const SEARCH_MAX = 254;
/** "Nov 25, 2026": the table's date column stays narrow, leaving the room to the e-mails. */
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

function statusOf(value: string | null): OrderStatus | undefined {
  return ORDER_STATUSES.find((s) => s === value);
}

export function OrdersPage({ uid }: { uid: string }) {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("status"));
  const q = (params.get("q") ?? "").trim();
  const orders = useAdminOrders(uid, { status, q: q || undefined });
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  /** The URL with one parameter changed and the other kept. */
  function withParam(name: "status" | "q", value: string | undefined) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    return next;
  }

  return (
    <div className="flex flex-col gap-6">
      <StatusTabs current={status} hrefFor={(s) => `?${withParam("status", s).toString()}`} />
      {/* Keyed by the URL's term, so going back or forward shows that term in the box. */}
      <SearchForm key={q} initial={q} onSearch={(text) => setParams(withParam("q", text.trim() || undefined))} />

      {q && <p className="font-bold">{ORDERS_TEXT.searched(q)}</p>}

      {orders.isPending ? (
        <p role="status" className="py-10 text-center text-lg font-bold">
          {ORDERS_TEXT.loading}
        </p>
      ) : orders.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-lg font-bold">{ORDERS_TEXT.failed}</p>
          <Button variant="secondary" onClick={() => void orders.refetch()}>
            {ORDERS_TEXT.tryAgain}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-xl border-[3px] border-dashed border-ink bg-white px-6 py-12 text-center text-lg font-bold">
          {q || status ? ORDERS_TEXT.noMatch : ORDERS_TEXT.none}
        </p>
      ) : (
        <>
          <OrdersTable orders={items} />
          <OrderCards orders={items} />
          {orders.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={orders.isFetchingNextPage}
              aria-busy={orders.isFetchingNextPage || undefined}
              onClick={() => void orders.fetchNextPage()}
            >
              {orders.isFetchingNextPage ? ORDERS_TEXT.loadingMore : ORDERS_TEXT.loadMore}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

const TAB =
  "inline-flex min-h-10 items-center rounded-full border-[3px] border-ink px-3.5 text-sm font-black tracking-wide uppercase no-underline transition-colors";

function StatusTabs({ current, hrefFor }: { current: OrderStatus | undefined; hrefFor: (status: OrderStatus | undefined) => string }) {
  const tabs: [OrderStatus | undefined, string][] = [[undefined, ORDERS_TEXT.all], ...ORDER_STATUSES.map((s): [OrderStatus, string] => [s, ORDER_STATUS_LABELS[s]])];
  return (
    <nav aria-label={ORDERS_TEXT.statusNav}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map(([status, label]) => {
          const active = status === current;
          return (
            <li key={label}>
              <Link
                to={hrefFor(status)}
                aria-current={active ? "page" : undefined}
                className={clsx(TAB, active ? "bg-ink text-paper" : "bg-white text-ink hover:bg-yellow-soft")}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  return (
    <form
      role="search"
      aria-label={ORDERS_TEXT.searchLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
      className="flex flex-col gap-3 sm:flex-row"
    >
      <div className="relative flex-1">
        <label htmlFor={id} className="sr-only">
          {ORDERS_TEXT.searchLabel}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2" strokeWidth={2.75} />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          placeholder={ORDERS_TEXT.searchPlaceholder}
          onChange={(event) => setText(event.target.value)}
          className="min-h-12 w-full rounded-md border-[3px] border-ink bg-white py-2 pr-3.5 pl-11 text-base text-ink shadow-hard-sm transition-shadow placeholder:text-[#6b6b6b] focus-visible:shadow-hard focus-visible:outline-offset-2"
        />
      </div>
      <div className="flex gap-3">
        <Button type="submit" variant="dark" className="flex-1 sm:flex-none">
          {ORDERS_TEXT.search}
        </Button>
        {initial && (
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => onSearch("")}>
            {ORDERS_TEXT.clear}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The buyer as the back office reads them: the checkout's e-mail, and the account's when it differs. */
function Customer({ order }: { order: AdminOrderSummary }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="[overflow-wrap:anywhere]">{order.contact_email}</span>
      {order.account_email === null ? (
        <span className="text-sm text-muted">{ORDER_TEXT.deletedAccount}</span>
      ) : (
        order.account_email !== order.contact_email.toLowerCase() && (
          <span className="text-sm [overflow-wrap:anywhere] text-muted">Account: {order.account_email}</span>
        )
      )}
    </span>
  );
}

function OrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-lg border-[3px] border-ink bg-white shadow-hard md:block">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{ORDERS_TEXT.listLabel}</caption>
        <thead className="border-b-[3px] border-ink bg-paper-deep text-sm tracking-wide uppercase">
          <tr>
            {["Order", "Date", "Customer", "Items", "Total", "Status"].map((name) => (
              <th key={name} scope="col" className={clsx("px-4 py-3 font-black", (name === "Items" || name === "Total") && "text-right")}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y-2 divide-ink/15">
          {orders.map((order) => (
            <tr key={order.id} className="hover:bg-yellow-soft/40">
              <th scope="row" className="px-4 py-3 font-black whitespace-nowrap">
                <Link to={adminOrderPath(order.id)} className="link-ink">
                  {order.id}
                </Link>
              </th>
              <td className="px-4 py-3 whitespace-nowrap">{SHORT_DATE.format(new Date(order.created_at))}</td>
              <td className="px-4 py-3">
                <Customer order={order} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap">{order.item_count}</td>
              <td className="px-4 py-3 text-right font-bold whitespace-nowrap">{formatCents(order.total_cents)}</td>
              <td className="px-4 py-3">
                <StatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <ul aria-label={ORDERS_TEXT.listLabel} className="flex flex-col gap-3 md:hidden">
      {orders.map((order) => (
        <li key={order.id} className="relative flex flex-col gap-2 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard">
          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* The link's box covers the card: the whole card opens the order. */}
            <Link to={adminOrderPath(order.id)} className="font-black tracking-wide underline decoration-pink decoration-2 underline-offset-4 after:absolute after:inset-0">
              {order.id}
            </Link>
            <StatusBadge status={order.status} />
          </div>
          <Customer order={order} />
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <span>{formatOrderDate(order.created_at)}</span>
            <span>{itemsLabel(order.item_count)}</span>
            <span className="ml-auto text-base font-bold text-ink">{formatCents(order.total_cents)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
