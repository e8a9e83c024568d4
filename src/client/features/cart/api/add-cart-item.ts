import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { cartQueryOptions, type Cart } from "./get-cart";

/**
 * POST /api/cart/items: one more of a product (capped at its stock). 409 OUT_OF_STOCK when it is
 * sold out or the cart already holds all of it; 401 when signed out.
 */
export function addCartItem(productId: string): Promise<Cart> {
  return api<Cart>("/api/cart/items", { method: "POST", body: { product_id: productId } });
}

/** Adds to the signed-in user's (uid) cart and refreshes the cart everywhere (the header count). */
export function useAddCartItem(uid: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => addCartItem(productId),
    onSuccess: (cart) => {
      const { queryKey } = cartQueryOptions(uid);
      // The answer is the new cart: the header count changes at once; the refetch confirms it.
      queryClient.setQueryData(queryKey, cart);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => console.error("add to cart failed", error),
  });
}
