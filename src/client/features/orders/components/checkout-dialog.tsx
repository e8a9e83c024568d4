/**
 * The checkout panel (spec §2: opened by 'Continue to Checkout' and the cart's 'Checkout', signed
 * in only; docs/decisions/0009): the form with the server-priced summary, then the confirmation.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { Order } from "../../../../common/api/orders";
import { type CheckoutInput } from "../../../../common/checkout";
import { ORDER_MESSAGES } from "../../../../common/orders";
import { buttonClasses } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { paths } from "../../../config/paths";
import { productsKey } from "../../../lib/query-client";
import { addressQueryOptions } from "../api/get-address";
import { orderQueryOptions } from "../api/get-order";
import { ordersKey } from "../api/get-orders";
import { CheckoutForm, type CheckoutCart } from "./checkout-form";
import { OrderConfirmation } from "./order-confirmation";

export type { CheckoutCart };

export interface CheckoutDialogProps {
  open: boolean;
  onClose: () => void;
  uid: string;
  /** Spec §6: the checkout is for subscribers. */
  subscribed: boolean;
  cart: CheckoutCart;
}

export function CheckoutDialog({ open, onClose, uid, subscribed, cart }: CheckoutDialogProps) {
  const queryClient = useQueryClient();
  const [placed, setPlaced] = useState<Order | null>(null);
  /**
   * The panel's content exists only while it is open (a closed dialog holds no duplicate text);
   * what the buyer typed waits here for the next opening, until an order is placed.
   */
  const draft = useRef<CheckoutInput | null>(null);

  // A confirmation belongs to the opening that made it: closing, however it happens (a link that
  // navigates away closes the panel without onClose), goes back to the form for next time.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setPlaced(null);
  }

  // The summary is priced by the server: fetch the cart afresh each time the panel opens.
  const reloadCart = useEffectEvent(() => void cart.reload());
  useEffect(() => {
    if (open) reloadCart();
  }, [open]);

  function handlePlaced(order: Order) {
    draft.current = null;
    setPlaced(order);
    queryClient.setQueryData(orderQueryOptions(uid, order.id).queryKey, order);
    // The cart is empty now, the store's stock is lower, the order list longer, the address saved.
    void cart.reload();
    void queryClient.invalidateQueries({ queryKey: productsKey });
    void queryClient.invalidateQueries({ queryKey: [...ordersKey(uid), "list"] });
    void queryClient.invalidateQueries({ queryKey: addressQueryOptions(uid).queryKey });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={placed ? "Order Placed" : "Checkout"}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto! sm:w-[min(58rem,calc(100vw-2rem))]"
    >
      {!open ? null : placed ? (
        <OrderConfirmation order={placed} onDone={onClose} />
      ) : !subscribed ? (
        <div className="flex flex-col items-start gap-4">
          <p className="text-lg">{ORDER_MESSAGES.notSubscribed}</p>
          <Link to={paths.store} className={buttonClasses()}>
            Go to the Store
          </Link>
        </div>
      ) : (
        <CheckoutForm
          uid={uid}
          cart={cart}
          draft={draft.current}
          onDraft={(values) => {
            draft.current = values;
          }}
          onPlaced={handlePlaced}
        />
      )}
    </Dialog>
  );
}
