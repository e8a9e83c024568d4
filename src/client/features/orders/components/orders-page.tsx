/** 'Your Orders' (/orders): the buyer's orders, newest first, each with status, date and total. */
import { ChevronRight, Package } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "../../../../common/money";
import { PageIntro } from "../../../components/layout/page-intro";
import { Button, buttonClasses } from "../../../components/ui/button";
import { orderPath, paths } from "../../../config/paths";
import { useOrders } from "../api/get-orders";
import { formatOrderDate, itemsLabel, shippedLine } from "../../../components/orders/format";
import { StatusBadge } from "../../../components/orders/status-badge";
import { TrackingLink } from "../../../components/orders/tracking-link";

export const ORDERS_TEXT = {
  title: "Your Orders",
  loading: "Loading orders...",
  empty: "No orders yet",
  emptyHint: "When you order something from the store, it shows up here.",
  failed: "Your orders could not be loaded.",
} as const;

export function OrdersPage({ uid }: { uid: string }) {
  const orders = useOrders(uid);
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <PageIntro title={ORDERS_TEXT.title} kicker="Order history" className="mb-10" />

      {orders.isPending ? (
        <p role="status" className="text-lg font-bold">
          {ORDERS_TEXT.loading}
        </p>
      ) : orders.isError ? (
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="text-lg font-bold">{ORDERS_TEXT.failed}</p>
          <Button variant="secondary" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border-[3px] border-dashed border-ink bg-white px-5 py-14 text-center">
          <Package aria-hidden="true" className="size-10 text-pink-dark" strokeWidth={2.5} />
          <p className="font-heavy text-2xl">{ORDERS_TEXT.empty}</p>
          <p className="text-muted">{ORDERS_TEXT.emptyHint}</p>
          <Link to={paths.store} className={buttonClasses()}>
            Visit the Store
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <ul aria-label="Orders" className="flex flex-col gap-4">
            {items.map((order) => (
              <li
                key={order.id}
                className="group relative flex items-center gap-4 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard transition-transform hover:-translate-y-0.5 sm:p-5"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
                  <div className="flex min-w-0 flex-col sm:w-52">
                    {/* The whole card opens the order (the link's box covers it); the tracking link sits above. */}
                    <Link
                      to={orderPath(order.id)}
                      className="font-black tracking-wide after:absolute after:inset-0 after:rounded-md group-hover:underline"
                    >
                      Order {order.id}
                    </Link>
                    <span className="text-sm text-muted">{formatOrderDate(order.created_at)}</span>
                  </div>
                  <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-1 sm:gap-6">
                    <StatusBadge status={order.status} />
                    <span className="ml-auto text-sm text-muted">{itemsLabel(order.item_count)}</span>
                    <span className="font-heavy text-lg sm:w-24 sm:text-right">{formatCents(order.total_cents)}</span>
                    {order.tracking && (order.status === "shipped" || order.status === "delivered") && (
                      <p className="relative z-10 basis-full text-sm">
                        <span className="text-muted">{shippedLine(order.tracking.carrier_label, order.shipped_at)} · </span>
                        <TrackingLink tracking={order.tracking} />
                      </p>
                    )}
                  </div>
                </div>
                <ChevronRight aria-hidden="true" className="size-6 shrink-0" strokeWidth={3} />
              </li>
            ))}
          </ul>
          {orders.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              {orders.isFetchingNextPage ? "Loading..." : "Show More Orders"}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
