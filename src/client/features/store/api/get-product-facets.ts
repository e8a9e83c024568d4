import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { ProductFacets, ProductKind } from "../types";

/** GET /api/products/facets: the categories present and the stories with products, for the filter buttons. */
export function getProductFacets(kind: ProductKind, signal?: AbortSignal): Promise<ProductFacets> {
  return api<ProductFacets>(`/api/products/facets?kind=${kind}`, { signal });
}

export function productFacetsQueryOptions(kind: ProductKind) {
  return queryOptions({
    queryKey: ["products", "facets", kind] as const,
    queryFn: ({ signal }) => getProductFacets(kind, signal),
    staleTime: 5 * 60_000,
  });
}

export function useProductFacets(kind: ProductKind) {
  return useQuery(productFacetsQueryOptions(kind));
}
