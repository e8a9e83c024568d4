import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { OrderPage } from "../../../../common/api/orders";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

/** GET /api/orders: the signed-in buyer's orders, newest first, a page at a time. */
export function getOrders(cursor: string | null, signal?: AbortSignal): Promise<OrderPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return api<OrderPage>(`/api/orders${query}`, { signal });
}

/** Every order query of a user starts with this key. */
export const ordersKey = (uid: string) => userKey(uid, "orders");

export function ordersQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: [...ordersKey(uid), "list"] as const,
    queryFn: ({ signal, pageParam }) => getOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function useOrders(uid: string) {
  return useInfiniteQuery(ordersQueryOptions(uid));
}
