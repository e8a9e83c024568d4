import { clsx } from "clsx";
import { Check } from "lucide-react";
import { ORDER_PROGRESS, ORDER_STATUS_LABELS, type OrderStatus } from "../../../../common/orders";

export const CLOSED_TEXT = {
  cancelled: "This order was cancelled. Its items went back to the store and there is nothing to pay.",
  refunded: "This order was refunded. What you paid goes back to you the way you paid the invoice.",
} as const;

/** Placed → Paid → Shipped → Delivered, with the steps reached marked; a cancelled or refunded order says so instead. */
export function StatusTracker({ status }: { status: OrderStatus }) {
  if (status === "cancelled" || status === "refunded") {
    return <p className="rounded-md border-[3px] border-ink bg-paper-deep px-4 py-3 font-bold">{CLOSED_TEXT[status]}</p>;
  }
  const reached = ORDER_PROGRESS.indexOf(status);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4 gap-1.5 sm:gap-3">
      {ORDER_PROGRESS.map((step, i) => {
        const done = i <= reached;
        return (
          <li
            key={step}
            aria-current={i === reached ? "step" : undefined}
            className={clsx(
              "flex min-w-0 flex-col items-center gap-1.5 rounded-md border-[3px] px-0.5 py-2 text-center text-[0.6875rem] font-black uppercase sm:flex-row sm:justify-center sm:px-1 sm:text-sm sm:tracking-wide",
              done ? "border-ink bg-teal-soft" : "border-dashed border-ink/40 text-muted",
            )}
          >
            {done ? (
              <Check aria-hidden="true" className="size-4 shrink-0" strokeWidth={3.5} />
            ) : (
              <span aria-hidden="true" className="size-4 shrink-0 rounded-full border-2 border-current" />
            )}
            {ORDER_STATUS_LABELS[step]}
            <span className="sr-only">{done ? " (done)" : " (to come)"}</span>
          </li>
        );
      })}
    </ol>
  );
}
