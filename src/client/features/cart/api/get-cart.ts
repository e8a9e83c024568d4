import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import type { Cart } from "../../../../common/api-types";

export type { Cart, CartLine } from "../../../../common/api-types";

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
