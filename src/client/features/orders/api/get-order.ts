import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "../../../../common/api/orders";
import { api } from "../../../lib/api";
import { ordersKey } from "./get-orders";

/** GET /api/orders/{id}: one of the buyer's orders; 404 NOT_FOUND for any other id. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function orderQueryOptions(uid: string, orderId: string) {
  return queryOptions({
    queryKey: [...ordersKey(uid), "one", orderId] as const,
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useOrder(uid: string, orderId: string) {
  return useQuery(orderQueryOptions(uid, orderId));
}
