/**
 * When each step of an order happened, and who in the back office did it (from the audit log),
 * with their notes. A cancellation with no back-office entry was the buyer's own.
 */
import type { AdminOrder } from "../../../../common/api/admin-orders";
import { TrackingLink } from "../../../components/orders/tracking-link";

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

interface Step {
  key: string;
  label: string;
  at: string;
  action?: string;
}

function stepsOf(order: AdminOrder): Step[] {
  const steps: (Step | null)[] = [
    { key: "placed", label: "Placed", at: order.created_at },
    order.paid_at ? { key: "paid", label: "Paid", at: order.paid_at, action: "order.pay" } : null,
    order.shipped_at ? { key: "shipped", label: "Shipped", at: order.shipped_at, action: "order.ship" } : null,
    order.delivered_at ? { key: "delivered", label: "Delivered", at: order.delivered_at, action: "order.deliver" } : null,
    order.closed_at && order.status === "cancelled" ? { key: "cancelled", label: "Cancelled", at: order.closed_at, action: "order.cancel" } : null,
    order.closed_at && order.status === "refunded" ? { key: "refunded", label: "Refunded", at: order.closed_at, action: "order.refund" } : null,
  ];
  return steps.filter((s): s is Step => s !== null);
}

export function OrderTimeline({ order, headingId }: { order: AdminOrder; headingId: string }) {
  return (
    <ol aria-labelledby={headingId} className="flex flex-col gap-4 border-l-[3px] border-ink pl-5">
      {stepsOf(order).map((step) => {
        const entry = step.action ? order.history.findLast((e) => e.action === step.action) : undefined;
        const by = entry ? `by ${entry.actor_email}` : step.key === "placed" || step.key === "cancelled" ? "by the buyer" : "";
        return (
          <li key={step.key} className="relative flex flex-col gap-0.5">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-[3px] border-ink bg-yellow" />
            <span className="font-black tracking-wide uppercase">{step.label}</span>
            <span className="text-sm text-muted">
              <time dateTime={step.at}>{WHEN.format(new Date(step.at))}</time>
              {by && <span className="break-all"> · {by}</span>}
            </span>
            {step.key === "shipped" && order.tracking && (
              <span className="text-sm">
                {order.tracking.carrier_label} <span className="font-bold break-all">{order.tracking.number}</span> ·{" "}
                <TrackingLink tracking={order.tracking} />
              </span>
            )}
            {entry?.note && <span className="text-sm whitespace-pre-line">“{entry.note}”</span>}
          </li>
        );
      })}
    </ol>
  );
}
