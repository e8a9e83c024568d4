import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import type { Cart } from "../../../../common/api/cart";
import { localCart } from "../lib/local-cart";
import { mergeCart } from "./merge-cart";

export type { Cart, CartLine } from "../../../../common/api/cart";

/** GET /api/me/cart. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api<Cart>("/api/me/cart", { signal });
}

/**
 * The signed-in user's (uid) cart. Its first load is also the moment a visitor's cart joins the
 * account (DECISIONS.md 9): while local storage holds lines they are merged, and cleared only
 * once the server has them, so nothing is lost if the merge fails.
 */
export function cartQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: userKey(uid ?? "-", "cart"),
    queryFn: async ({ signal }) => {
      const visitorLines = localCart.get();
      if (visitorLines.length === 0) return getCart(signal);
      const cart = await mergeCart(visitorLines);
      localCart.clear();
      return cart;
    },
    enabled: Boolean(uid),
  });
}
