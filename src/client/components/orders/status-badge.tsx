import { clsx } from "clsx";
import { ORDER_STATUS_LABELS, type OrderStatus } from "../../../common/orders";

const BADGE: Record<OrderStatus, string> = {
  placed: "bg-yellow",
  paid: "bg-teal-soft",
  shipped: "bg-teal",
  delivered: "bg-white",
  cancelled: "bg-paper-deep text-muted line-through decoration-2",
  refunded: "bg-paper-deep text-muted",
};

/** An order's status as a badge: the buyer's orders pages and the back office show the same. */
export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full border-2 border-ink px-2.5 py-0.5 text-sm font-black tracking-wide whitespace-nowrap uppercase",
        BADGE[status],
        className,
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
