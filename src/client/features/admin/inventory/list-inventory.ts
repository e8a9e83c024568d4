/** GET /api/admin/inventory: products with their stock, newest first, a page at a time. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { InventoryItem, InventoryPage } from "../../../../common/api/admin";
import { api } from "../../../lib/api";
import { adminKey, queryString } from "../shared/keys";

export type { InventoryItem };

export interface InventoryFilter {
  q: string;
  low: boolean;
}

export function listInventory(filter: InventoryFilter, cursor: string | null, signal?: AbortSignal): Promise<InventoryPage> {
  const query = queryString({ q: filter.q.trim(), low: filter.low ? "1" : null, cursor });
  return api<InventoryPage>(`/api/admin/inventory${query}`, { signal });
}

export const inventoryKey = (uid: string) => adminKey(uid, "inventory");

export function inventoryQueryOptions(uid: string, filter: InventoryFilter) {
  return infiniteQueryOptions({
    queryKey: [...inventoryKey(uid), filter.q.trim(), filter.low] as const,
    queryFn: ({ signal, pageParam }) => listInventory(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function useInventory(uid: string, filter: InventoryFilter) {
  // The list stays while a new search loads, so the page does not jump at every keystroke.
  return useInfiniteQuery({ ...inventoryQueryOptions(uid, filter), placeholderData: keepPreviousData });
}
