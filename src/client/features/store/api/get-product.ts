import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { productsKey } from "../../../lib/query-client";
import type { Product } from "../types";

/** GET /api/products/{id}: one product (the product modal); 404 NOT_FOUND for an unknown id. */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/api/products/${encodeURIComponent(id)}`, { signal });
}

export function productQueryOptions(id: string | null | undefined) {
  return queryOptions({
    queryKey: [...productsKey, "one", id ?? ""] as const,
    queryFn: ({ signal }) => getProduct(id ?? "", signal),
    enabled: Boolean(id),
  });
}

/** The product of id, idle while id is empty. */
export function useProduct(id: string | null | undefined) {
  return useQuery(productQueryOptions(id));
}
