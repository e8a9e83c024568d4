/**
 * The checkout panel (spec §2: opened by 'Continue to Checkout' and the cart's Checkout, signed
 * in only; its content is not shown by the spec). For now it reviews the order; placing orders
 * is the checkout work that follows.
 */
import { formatCents } from "../../../../common/money";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useCart } from "../cart-provider";
import { CartSummaryList } from "./cart-summary";

export function CheckoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const cart = useCart();
  return (
    <Dialog open={open} onClose={onClose} title="Checkout" className="sm:w-[min(34rem,calc(100vw-2rem))]">
      {!open ? null : cart.items.length === 0 ? (
        <p className="font-bold">Your cart is empty</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul aria-label="Order lines" className="flex flex-col gap-1.5">
            {cart.items.map((line) => (
              <li key={line.id} className="flex justify-between gap-4">
                <span className="min-w-0 truncate">
                  {line.name} <span className="text-muted">× {line.quantity}</span>
                </span>
                <span className="font-bold">{formatCents(line.price_cents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <CartSummaryList summary={cart} />
          <p className="rounded-md border-2 border-dashed border-ink bg-yellow-soft px-3 py-2 text-sm">
            Ordering opens very soon. Your cart is saved to your account until then.
          </p>
          <Button variant="secondary" onClick={onClose}>
            Keep Browsing
          </Button>
        </div>
      )}
    </Dialog>
  );
}
