import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { creatorsKey } from "../../../lib/query-client";
import type { CreatorFilters, CreatorPage } from "../types";

/** The query string of GET /api/creators: empty values are left out. */
export function creatorListSearch(filters: CreatorFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.discipline) params.set("discipline", filters.discipline);
  if (filters.city) params.set("city", filters.city);
  if (filters.story) params.set("story", filters.story);
  if (cursor) params.set("cursor", cursor);
  if (filters.limit) params.set("limit", String(filters.limit));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * GET /api/creators: one page of approved creators, newest first. The first page (no cursor)
 * carries `total`, the number of matches ('N creator(s) found' / 'N creator(s) total').
 */
export function listCreators(filters: CreatorFilters, cursor?: string | null, signal?: AbortSignal): Promise<CreatorPage> {
  return api<CreatorPage>(`/api/creators${creatorListSearch(filters, cursor)}`, { signal });
}

/** The key of everything the directory reads; invalidated when an application is approved. */
export { creatorsKey };

function normalised(filters: CreatorFilters): CreatorFilters {
  return { ...filters, q: filters.q?.trim() || undefined, city: filters.city || undefined, story: filters.story || undefined };
}

/** Every page, followed with next_cursor ('Load more'); the total is on pages[0]. */
export function creatorsInfiniteQueryOptions(filters: CreatorFilters) {
  const f = normalised(filters);
  return infiniteQueryOptions({
    queryKey: [...creatorsKey, "list", f] as const,
    queryFn: ({ signal, pageParam }) => listCreators(f, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // A new search or filter keeps the current cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useInfiniteCreators(filters: CreatorFilters) {
  return useInfiniteQuery(creatorsInfiniteQueryOptions(filters));
}
