import { clsx } from "clsx";
import { formatCents } from "../../../../common/money";
import { TotalsList } from "../../../components/ui/totals-list";

export interface PricedLine {
  id: string;
  name: string;
  quantity: number;
  /** Price of one. */
  price_cents: number;
  /** A cart line of a product no longer on sale: shown as such, counted in no total. */
  unavailable?: boolean;
}

export interface Totals {
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
}

/** The lines of an order (or of the cart about to become one): name × quantity and line price. */
export function OrderLines({ lines, label, className }: { lines: readonly PricedLine[]; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={clsx("flex flex-col divide-y-2 divide-ink/15", className)}>
      {lines.map((line) => (
        <li key={line.id} className="flex items-baseline justify-between gap-4 py-2">
          <span className="min-w-0">
            <span className="font-bold break-words">{line.name}</span>{" "}
            <span className="whitespace-nowrap text-muted">
              × {line.quantity}
              {line.quantity > 1 && <> · {formatCents(line.price_cents)} each</>}
            </span>
          </span>
          {line.unavailable ? (
            <span className="shrink-0 font-bold text-danger">No longer available</span>
          ) : (
            <span className="shrink-0 font-bold">{formatCents(line.price_cents * line.quantity)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, Shipping and Total of an order or the checkout. */
export function OrderTotals({ totals, className }: { totals: Totals; className?: string }) {
  return <TotalsList totals={totals} label="Order total" className={className} />;
}
