import { clsx } from "clsx";
import { formatCents } from "../../../common/money";

export interface Totals {
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
}

/** Subtotal, Shipping (flat $5.99, spec §9) and Total, as the cart, the checkout and orders show them. */
export function TotalsList({ totals, label, className }: { totals: Totals; label: string; className?: string }) {
  const rows = [
    ["Subtotal", totals.subtotal_cents],
    ["Shipping", totals.shipping_cents],
  ] as const;
  return (
    <dl aria-label={label} className={clsx("flex flex-col gap-1.5", className)}>
      {rows.map(([name, cents]) => (
        <div key={name} className="flex justify-between gap-4">
          <dt className="text-muted">{name}</dt>
          <dd className="font-bold">{formatCents(cents)}</dd>
        </div>
      ))}
      <div className="mt-1 flex justify-between gap-4 border-t-[3px] border-ink pt-2 text-lg">
        <dt className="font-heavy">Total</dt>
        <dd className="font-heavy">{formatCents(totals.total_cents)}</dd>
      </div>
    </dl>
  );
}
