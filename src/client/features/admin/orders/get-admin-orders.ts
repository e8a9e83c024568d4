/**
 * GET /api/admin/orders: every buyer's orders, newest first, filtered by status and searched by
 * number or e-mail, a page at a time. Keyed under the signed-in admin (lib/query-client.ts), so
 * signing out drops them.
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminOrderPage } from "../../../../common/api/admin-orders";
import type { OrderStatus } from "../../../../common/orders";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";

export interface AdminOrdersFilter {
  status?: OrderStatus;
  q?: string;
}

/** Every back-office order query of a user starts with this key. */
export const adminOrdersKey = (uid: string) => userKey(uid, "admin", "orders");

export function getAdminOrders(filter: AdminOrdersFilter, cursor: string | null, signal?: AbortSignal): Promise<AdminOrderPage> {
  const query = new URLSearchParams();
  if (filter.status) query.set("status", filter.status);
  if (filter.q) query.set("q", filter.q);
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return api<AdminOrderPage>(`/api/admin/orders${text ? `?${text}` : ""}`, { signal });
}

export function adminOrdersQueryOptions(uid: string, filter: AdminOrdersFilter) {
  return infiniteQueryOptions({
    queryKey: [...adminOrdersKey(uid), "list", filter.status ?? "", filter.q ?? ""] as const,
    queryFn: ({ signal, pageParam }) => getAdminOrders(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Orders move while the list is open (other admins, buyers): ask again on every visit.
    staleTime: 0,
  });
}

export function useAdminOrders(uid: string, filter: AdminOrdersFilter) {
  return useInfiniteQuery(adminOrdersQueryOptions(uid, filter));
}
