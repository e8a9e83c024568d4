/**
 * The header's cart dropdown (spec §2): 'Your Cart' with the count, the lines, and the way on to
 * the cart dialog and checkout. The shell opens it; what those two buttons open is the shell's.
 */
import { ShoppingCart } from "lucide-react";
import { formatCents } from "../../../../common/money";
import { Button } from "../../../components/ui/button";
import { DropdownPanel } from "../../../components/ui/dropdown";
import { PanelEmptyState, PanelHeading, PanelLoading, type PanelBase } from "../../../components/ui/dropdown-panel-parts";
import { plural } from "../../../lib/plural";
import { useCart } from "../cart-provider";
import { CartLineImage } from "./cart-line-image";
import { CART_MESSAGES } from "../lib/cart-messages";
import { titleWithSize } from "../../../../common/sizes";

export interface CartPanelProps extends PanelBase {
  onViewCart: () => void;
  onCheckout: () => void;
}

export function CartPanel({ onViewCart, onCheckout, ...panel }: CartPanelProps) {
  const cart = useCart();
  return (
    <DropdownPanel label="Cart" {...panel}>
      <PanelHeading title="Your Cart" detail={plural(cart.count, "item", "items")} />
      {cart.loading ? (
        <PanelLoading />
      ) : cart.items.length === 0 ? (
        <PanelEmptyState icon={ShoppingCart} text="Your cart is empty" />
      ) : (
        <>
          <ul className="flex max-h-80 flex-col divide-y-2 divide-ink/15 overflow-y-auto p-2">
            {cart.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 px-2 py-2.5">
                <CartLineImage src={item.image_url} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-bold">{titleWithSize(item.name, item.size)}</p>
                  <p className="text-sm text-muted capitalize">
                    {item.category}
                    {item.quantity > 1 && ` · × ${item.quantity}`}
                  </p>
                </div>
                {item.available ? (
                  <p className="font-bold">{formatCents(item.price_cents * item.quantity)}</p>
                ) : (
                  <p className="text-sm font-bold text-danger">{CART_MESSAGES.unavailable}</p>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 border-t-[3px] border-ink p-4">
            <p className="flex justify-between font-bold">
              <span>Subtotal</span>
              <span>{formatCents(cart.subtotal_cents)}</span>
            </p>
            <Button block variant="secondary" onClick={onViewCart}>
              View Cart
            </Button>
            <Button block onClick={onCheckout}>
              Continue to Checkout
            </Button>
          </div>
        </>
      )}
    </DropdownPanel>
  );
}
