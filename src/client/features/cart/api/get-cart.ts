import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

/** One cart line as GET /api/cart returns it (name, price and image come from the product). */
export interface CartItem {
  id: string;
  name: string;
  category: string;
  price_cents: number;
  price: string;
  quantity: number;
  image_url: string | null;
}

export interface Cart {
  items: CartItem[];
  count: number;
}

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api<Cart>("/api/cart", { signal });
}

export function cartQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: userKey(uid ?? "-", "cart"),
    queryFn: ({ signal }) => getCart(signal),
    enabled: Boolean(uid),
  });
}

/** The cart of the signed-in user (uid), idle while signed out. */
export function useCart(uid: string | undefined) {
  return useQuery(cartQueryOptions(uid));
}
