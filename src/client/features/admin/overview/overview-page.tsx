/**
 * The back office's overview: what is waiting, each count a card that opens its section. Curators
 * do not handle orders or stock, so they see neither the order cards nor links into the inventory.
 */
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { hasRole, type Role } from "../../../../common/roles";
import { adminPaths } from "../../../config/admin-paths";
import { useOverview, type AdminOverview } from "./get-overview";
import { ListFailed, ListLoading } from "../shared/list-parts";

export const OVERVIEW_TEXT = {
  loading: "Loading the overview...",
  failed: "The overview could not be loaded.",
  awaitingPayment: "Orders awaiting payment",
  awaitingShipping: "Orders awaiting shipping",
  openReports: "Open reports",
  newCreators: "New creators this week",
  lowStock: "Products low in stock",
  lowStockTitle: "Low in stock",
  lowStockHint: (threshold: number) => `On the site with ${threshold} or fewer left.`,
  lowStockNone: "Nothing is running low.",
  allLowStock: (n: number) => `See all ${n} in Inventory`,
} as const;

const CARD = "flex h-full flex-col gap-2 rounded-lg border-[3px] border-ink p-3.5 shadow-hard sm:p-5";

/** A count that opens the section where it can be dealt with; without `to`, just the count. */
function CountCard({ count, label, to, tone }: { count: number; label: string; to?: string; tone: string }) {
  const body: ReactNode = (
    <>
      <span className="font-heavy text-4xl leading-none sm:text-5xl">{count.toLocaleString("en-US")}</span>
      <span className="flex items-baseline gap-1.5 text-sm font-bold sm:text-base">
        {label}
        {to && (
          <span aria-hidden="true" className="transition-transform group-hover:translate-x-0.5">
            →
          </span>
        )}
      </span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={clsx(CARD, tone, "group no-underline transition-transform hover:-translate-y-0.5")}>
          {body}
        </Link>
      ) : (
        <div className={clsx(CARD, tone)}>{body}</div>
      )}
    </li>
  );
}

export function OverviewPage({ uid, role }: { uid: string; role: Role }) {
  const overview = useOverview(uid);
  if (overview.isPending) return <ListLoading text={OVERVIEW_TEXT.loading} />;
  if (overview.isError) return <ListFailed text={OVERVIEW_TEXT.failed} onRetry={() => void overview.refetch()} />;
  return <Overview overview={overview.data} admin={hasRole(role, "admin")} />;
}

function Overview({ overview, admin }: { overview: AdminOverview; admin: boolean }) {
  const { orders, low_stock: low } = overview;
  return (
    <div className="flex flex-col gap-10">
      <ul
        aria-label="Waiting for you"
        // Two to a row on a phone, the odd one out across both; one row on a wide screen.
        className={clsx("grid grid-cols-2 gap-3 sm:gap-4 [&>li:last-child:nth-child(odd)]:col-span-2", orders ? "lg:grid-cols-5" : "lg:grid-cols-3", "lg:[&>li:last-child:nth-child(odd)]:col-span-1")}
      >
        {orders && (
          <>
            <CountCard
              count={orders.awaiting_payment}
              label={OVERVIEW_TEXT.awaitingPayment}
              to={`${adminPaths.orders}?status=placed`}
              tone="bg-yellow-soft"
            />
            <CountCard
              count={orders.awaiting_shipping}
              label={OVERVIEW_TEXT.awaitingShipping}
              to={`${adminPaths.orders}?status=paid`}
              tone="bg-teal-soft"
            />
          </>
        )}
        <CountCard count={overview.open_reports} label={OVERVIEW_TEXT.openReports} to={adminPaths.reports} tone="bg-pink-soft" />
        <CountCard count={overview.new_creators} label={OVERVIEW_TEXT.newCreators} to={adminPaths.curation} tone="bg-blue-soft" />
        <CountCard
          count={low.total}
          label={OVERVIEW_TEXT.lowStock}
          to={admin ? `${adminPaths.inventory}?low=1` : undefined}
          tone="bg-white"
        />
      </ul>

      <section aria-labelledby="overview-low-stock" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="overview-low-stock" className="font-heavy text-2xl sm:text-3xl">
            {OVERVIEW_TEXT.lowStockTitle}
          </h2>
          <p className="text-muted">{OVERVIEW_TEXT.lowStockHint(low.threshold)}</p>
        </div>
        {low.items.length === 0 ? (
          <p className="font-bold">{OVERVIEW_TEXT.lowStockNone}</p>
        ) : (
          <ul aria-label={OVERVIEW_TEXT.lowStock} className="flex flex-col divide-y-2 divide-ink/15 rounded-lg border-[3px] border-ink bg-white shadow-hard-sm">
            {low.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-4 px-4 py-3">
                {admin ? (
                  <Link
                    to={`${adminPaths.inventory}?q=${encodeURIComponent(item.title)}`}
                    className="min-w-0 link-ink [overflow-wrap:anywhere]"
                  >
                    {item.title}
                  </Link>
                ) : (
                  <span className="min-w-0 font-bold [overflow-wrap:anywhere]">{item.title}</span>
                )}
                <span className={clsx("shrink-0 rounded-full border-2 border-ink px-2.5 text-sm font-bold", item.stock === 0 ? "bg-pink" : "bg-yellow")}>
                  {item.stock === 0 ? "Sold out" : `${item.stock} left`}
                </span>
              </li>
            ))}
          </ul>
        )}
        {admin && low.total > low.items.length && (
          <Link to={`${adminPaths.inventory}?low=1`} className="link-ink self-start">
            {OVERVIEW_TEXT.allLowStock(low.total)}
          </Link>
        )}
      </section>
    </div>
  );
}
