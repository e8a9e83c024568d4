/**
 * The cart dialog 'Your Cart' (spec §2): each line with its picture, name, category and line
 * price, a remove button and quantity minus/plus; the empty state with 'Continue Shopping'; the
 * summary and the Checkout button.
 */
import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { useState } from "react";
import { formatCents } from "../../../../common/money";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Notice, useTimedNotice } from "../../../components/ui/notice";
import type { CartLine } from "../api/get-cart";
import { useCart } from "../cart-provider";
import { CartLineImage } from "./cart-line-image";
import { CartSummaryList } from "./cart-summary";
import { failureMessage, logFailure } from "../../../lib/api";
import { CART_MESSAGES } from "../lib/cart-messages";
import { titleWithSize } from "../../../../common/sizes";

export interface CartDialogProps {
  open: boolean;
  onClose: () => void;
  onCheckout: () => void;
  onContinueShopping: () => void;
}

export function CartDialog({ open, onClose, onCheckout, onContinueShopping }: CartDialogProps) {
  const cart = useCart();
  const notice = useTimedNotice();
  /** The line whose change is on its way: its buttons wait, so clicks are not lost or doubled. */
  const [busyId, setBusyId] = useState<string | null>(null);

  async function change(line: CartLine, run: () => Promise<string>) {
    setBusyId(line.id);
    try {
      notice.show(await run());
    } catch (error) {
      logFailure("cart change failed", error);
      notice.show(failureMessage(error, CART_MESSAGES.saveFailed), "error");
    } finally {
      setBusyId(null);
    }
  }

  const setQuantity = (line: CartLine, quantity: number) =>
    change(line, async () => {
      const result = await cart.setQuantity(line.id, quantity);
      return result.capped ? CART_MESSAGES.capped(titleWithSize(line.name, line.size), result.quantity) : CART_MESSAGES.quantity(titleWithSize(line.name, line.size), result.quantity);
    });
  const remove = (line: CartLine) =>
    change(line, async () => {
      await cart.remove(line.id);
      return CART_MESSAGES.removed(titleWithSize(line.name, line.size));
    });

  return (
    <Dialog open={open} onClose={onClose} title="Your Cart" className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(40rem,calc(100vw-2rem))]">
      {!open ? null : cart.loading ? (
        <p role="status" className="py-8 text-center font-bold">
          Loading...
        </p>
      ) : cart.items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <ShoppingCart aria-hidden="true" className="size-10 text-muted" strokeWidth={2.5} />
          <p className="text-lg font-bold">Your cart is empty</p>
          <Button onClick={onContinueShopping}>Continue Shopping</Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <ul aria-label="Cart items" className="flex flex-col divide-y-2 divide-ink/15 rounded-md border-[3px] border-ink bg-white">
            {cart.items.map((line) => {
              const busy = busyId === line.id;
              const gone = !line.available;
              const name = titleWithSize(line.name, line.size);
              return (
                <li key={line.id} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-3 p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
                  <CartLineImage src={line.image_url} className="size-16" />
                  <div className="min-w-0">
                    <p className="truncate font-bold">{name}</p>
                    <p className="text-sm text-muted capitalize">{line.category}</p>
                    {gone ? (
                      <>
                        <p className="font-bold text-danger">{CART_MESSAGES.unavailable}</p>
                        <p className="text-sm">{CART_MESSAGES.unavailableHint}</p>
                      </>
                    ) : (
                      <p className="font-bold" data-testid="line-price">
                        {formatCents(line.price_cents * line.quantity)}
                        {line.stock <= 0 && <span className="ml-2 text-danger">{CART_MESSAGES.soldOut}</span>}
                      </p>
                    )}
                  </div>
                  <div className="col-span-2 flex items-center justify-end gap-2 sm:col-span-1" aria-busy={busy || undefined}>
                    <div role="group" aria-label={`Quantity of ${name}`} className="flex items-center rounded-md border-[3px] border-ink bg-paper">
                      <button
                        type="button"
                        aria-label={`One fewer ${name}`}
                        disabled={busy || gone || line.quantity <= 1}
                        onClick={() => void setQuantity(line, line.quantity - 1)}
                        className="inline-flex size-10 items-center justify-center hover:bg-yellow-soft disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        <Minus aria-hidden="true" className="size-4" strokeWidth={3} />
                      </button>
                      <output aria-label={`${name} quantity`} className="min-w-8 text-center font-black">
                        {line.quantity}
                      </output>
                      <button
                        type="button"
                        aria-label={`One more ${name}`}
                        disabled={busy || gone || line.quantity >= line.stock}
                        onClick={() => void setQuantity(line, line.quantity + 1)}
                        className="inline-flex size-10 items-center justify-center hover:bg-yellow-soft disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        <Plus aria-hidden="true" className="size-4" strokeWidth={3} />
                      </button>
                    </div>
                    <button
                      type="button"
                      aria-label={`Remove ${name}`}
                      disabled={busy}
                      onClick={() => void remove(line)}
                      className="inline-flex size-11 items-center justify-center rounded-md border-[3px] border-ink bg-white shadow-hard-sm hover:bg-pink-soft disabled:opacity-40"
                    >
                      <Trash2 aria-hidden="true" className="size-5" strokeWidth={2.5} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <CartSummaryList summary={cart} />
          <Button block size="lg" onClick={onCheckout}>
            Checkout
          </Button>
        </div>
      )}
      <Notice message={open ? notice.message : null} />
    </Dialog>
  );
}
