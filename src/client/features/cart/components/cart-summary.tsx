import type { CartSummary } from "../../../../common/cart";
import { TotalsList } from "../../../components/ui/totals-list";

/** The cart dialog's summary (spec §2 Cart dialog): Subtotal, Shipping and Total. */
export function CartSummaryList({ summary, className }: { summary: CartSummary; className?: string }) {
  return <TotalsList totals={summary} label="Order summary" className={className} />;
}
