import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOrder } from "../../../../common/api/admin-orders";
import { api } from "../../../lib/api";
import { adminOrdersKey } from "./get-admin-orders";

/** GET /api/admin/orders/{id}: one order, with the moves its status allows and its history. */
export function getAdminOrder(orderId: string, signal?: AbortSignal): Promise<AdminOrder> {
  return api<AdminOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function adminOrderQueryOptions(uid: string, orderId: string) {
  return queryOptions({
    queryKey: [...adminOrdersKey(uid), "one", orderId] as const,
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useAdminOrder(uid: string, orderId: string) {
  return useQuery(adminOrderQueryOptions(uid, orderId));
}
