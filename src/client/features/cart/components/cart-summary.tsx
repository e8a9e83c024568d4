import { clsx } from "clsx";
import type { CartSummary } from "../../../../common/cart";
import { formatCents } from "../../../../common/money";

/** Subtotal, Shipping and Total (spec §2 Cart dialog; §9: flat shipping, 2 decimals). */
export function CartSummaryList({ summary, className }: { summary: CartSummary; className?: string }) {
  const rows = [
    ["Subtotal", summary.subtotal_cents],
    ["Shipping", summary.shipping_cents],
  ] as const;
  return (
    <dl aria-label="Order summary" className={clsx("flex flex-col gap-1.5", className)}>
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted">{label}</dt>
          <dd className="font-bold">{formatCents(cents)}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t-[3px] border-ink pt-2 text-lg">
        <dt className="font-heavy">Total</dt>
        <dd className="font-heavy">{formatCents(summary.total_cents)}</dd>
      </div>
    </dl>
  );
}
