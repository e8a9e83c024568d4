import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { productsKey } from "../../../lib/query-client";
import type { ProductFilters, ProductPage } from "../types";

/** The query string of GET /api/products: empty values are left out. */
export function productListSearch(filters: ProductFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.story) params.set("story", filters.story);
  if (filters.category) params.set("category", filters.category);
  if (cursor) params.set("cursor", cursor);
  if (filters.limit) params.set("limit", String(filters.limit));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** GET /api/products: one page of products, newest first. */
export function listProducts(filters: ProductFilters, cursor?: string | null, signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>(`/api/products${productListSearch(filters, cursor)}`, { signal });
}

/** The key of every product list; a product list query key starts with it (shared: lib/query-client). */
export { productsKey };

function normalised(filters: ProductFilters): ProductFilters {
  return { ...filters, q: filters.q?.trim() || undefined };
}

/** The first page only (the carousel). */
export function productPageQueryOptions(filters: ProductFilters) {
  const f = normalised(filters);
  return queryOptions({
    queryKey: [...productsKey, "page", f] as const,
    queryFn: ({ signal }) => listProducts(f, null, signal),
  });
}

export function useProductPage(filters: ProductFilters) {
  return useQuery(productPageQueryOptions(filters));
}

/** Every page, followed with next_cursor ('Load more'). */
export function productsInfiniteQueryOptions(filters: ProductFilters) {
  const f = normalised(filters);
  return infiniteQueryOptions({
    queryKey: [...productsKey, "infinite", f] as const,
    queryFn: ({ signal, pageParam }) => listProducts(f, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // A new search or filter keeps the current cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useInfiniteProducts(filters: ProductFilters) {
  return useInfiniteQuery(productsInfiniteQueryOptions(filters));
}
