/**
 * The cart of spec §4 for the whole app. Signed in, it lives on the server (item-level writes, so
 * two tabs never overwrite each other); signed out, in local storage (`maybeUserCart`). Writes
 * wait for the first load, idempotent ones are retried after a transient failure, and a failure
 * that remains reaches the caller, who tells the user; the cart is then reloaded so it shows
 * what the server really holds.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { MAX_QUANTITY, summarizeCart, type CartSummary } from "../../../common/cart";
import type { Cart, CartLine } from "../../../common/api/cart";
import { formatCents } from "../../../common/money";
import { ApiError } from "../../lib/api";
import { useClearOnSignOut, type DataOwner } from "../../lib/local-store";
import { withRetry } from "../../lib/retry";
import { addCartItem } from "./api/add-cart-item";
import { clearCart } from "./api/clear-cart";
import { cartQueryOptions } from "./api/get-cart";
import { removeCartItem } from "./api/remove-cart-item";
import { setCartQuantity } from "./api/set-cart-quantity";
import {
  addLocalItem,
  localCart,
  removeLocalItem,
  setLocalQuantity,
  toCents,
  type CartProduct,
  type LocalCartItem,
} from "./lib/local-cart";

export type { CartProduct };

/** Who the cart belongs to: the app passes the session in, so this feature needs no other. */
export type CartOwner = DataOwner;

export interface QuantityResult {
  quantity: number;
  /** True when the stock allowed less than asked. */
  capped: boolean;
}

export interface CartContextValue extends CartSummary {
  /** True until the cart is known (the session, then the signed-in user's cart). */
  loading: boolean;
  items: CartLine[];
  /** Adds one (spec §4); rejects with ApiError OUT_OF_STOCK when none is left. */
  add(product: CartProduct): Promise<void>;
  /** Sets a line's quantity, at least 1 and at most the stock. Lines are named by their id (CartLine.id). */
  setQuantity(lineId: string, quantity: number): Promise<QuantityResult>;
  remove(lineId: string): Promise<void>;
  clear(): Promise<void>;
  /** Loads the cart again from the server (e.g. after an order emptied it there). */
  reload(): Promise<void>;
}

const CartContext = createContext<CartContextValue | null>(null);

const outOfStock = () => new ApiError({ status: 409, code: "OUT_OF_STOCK", message: "Sorry, there is no more of this item in stock." });

function fromLocal(item: LocalCartItem): CartLine {
  const price_cents = toCents(item.price);
  // A visitor's line does not know the stock: the server caps it when it joins the account.
  return {
    ...item,
    product_id: item.product_id ?? item.id,
    size: item.size ?? null,
    price_cents,
    price: formatCents(price_cents),
    stock: MAX_QUANTITY,
    available: true,
  };
}

const EMPTY: CartLine[] = [];

export function CartProvider({ owner, children }: { owner: CartOwner; children: ReactNode }) {
  const queryClient = useQueryClient();
  const uid = owner.status === "signed-in" ? owner.uid : undefined;
  const options = cartQueryOptions(uid);
  const server = useQuery(options);
  const local = useSyncExternalStore(localCart.subscribe, localCart.get, localCart.serverSnapshot);

  useClearOnSignOut(owner.status, localCart);

  useEffect(() => {
    // Spec §8: a load failure is logged; the cart shows empty until the next load.
    if (server.error) console.error("cart failed to load", server.error);
  }, [server.error]);

  /** Latest write wins: an older answer arriving late must not undo a newer change. */
  const writeSeq = useRef(0);

  const write = useCallback(
    async (send: () => Promise<Cart>, optimistic?: (cart: Cart) => Cart, retry = true): Promise<Cart> => {
      const key = cartQueryOptions(uid).queryKey;
      // Spec §4: saving starts only after the first load completes.
      const current = await queryClient.ensureQueryData(cartQueryOptions(uid));
      const seq = ++writeSeq.current;
      if (optimistic) {
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, optimistic(queryClient.getQueryData(key) ?? current));
      }
      try {
        const cart = await (retry ? withRetry(send) : send());
        if (seq === writeSeq.current) queryClient.setQueryData(key, cart);
        return cart;
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: key });
        throw error;
      }
    },
    [queryClient, uid],
  );

  const value = useMemo<CartContextValue>(() => {
    const signedIn = uid !== undefined;
    const items = signedIn ? (server.data?.items ?? EMPTY) : local.map(fromLocal);
    const withLines = (cart: Cart, lines: CartLine[]): Cart => ({ ...cart, items: lines, ...summarizeCart(lines) });

    return {
      loading: owner.status === "unknown" || (signedIn && server.isPending),
      items,
      ...summarizeCart(items),

      async add(product) {
        if (!signedIn) {
          const next = addLocalItem(localCart.get(), product);
          if (next === "out-of-stock") throw outOfStock();
          localCart.set(next);
          return;
        }
        // Adding one more is not idempotent: it is not retried blindly, the caller reports it.
        await write(() => addCartItem(product.id, product.size), undefined, false);
      },

      async setQuantity(lineId, quantity) {
        if (!signedIn) {
          localCart.set(setLocalQuantity(localCart.get(), lineId, quantity));
          return { quantity: Math.max(1, quantity), capped: false };
        }
        const cart = await write(
          () => setCartQuantity(lineId, quantity),
          (cart) => withLines(cart, cart.items.map((line) => (line.id === lineId ? { ...line, quantity } : line))),
        );
        const set = cart.items.find((line) => line.id === lineId)?.quantity ?? quantity;
        return { quantity: set, capped: set < quantity };
      },

      async remove(lineId) {
        if (!signedIn) {
          localCart.set(removeLocalItem(localCart.get(), lineId));
          return;
        }
        await write(
          () => removeCartItem(lineId),
          (cart) => withLines(cart, cart.items.filter((line) => line.id !== lineId)),
        );
      },

      async clear() {
        if (!signedIn) {
          localCart.clear();
          return;
        }
        await write(clearCart, (cart) => withLines(cart, []));
      },

      async reload() {
        if (!signedIn) return;
        await queryClient.invalidateQueries({ queryKey: cartQueryOptions(uid).queryKey });
      },
    };
  }, [uid, owner.status, server.data, server.isPending, local, write, queryClient]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The app's cart. Spec §8: using it outside its provider is a programming error. */
export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>: wrap the app in AppProviders.");
  return value;
}
