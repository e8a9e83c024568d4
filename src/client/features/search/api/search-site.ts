import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { SearchResults } from "../../../../common/api/search";

export type { SearchHit, SearchResults } from "../../../../common/api/search";

/** The server refuses shorter searches; the box waits until there is enough to look for. */
export const SEARCH_MIN = 2;

/** GET /api/search?q=: stories, creators and store items matching the text. */
export function searchSite(q: string, signal?: AbortSignal): Promise<SearchResults> {
  return api<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

export function siteSearchQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: ["search", text.toLocaleLowerCase()],
    queryFn: ({ signal }) => searchSite(text, signal),
    enabled: text.length >= SEARCH_MIN,
    staleTime: 30_000,
    // The previous hits stay while the next ones load, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });
}

export function useSiteSearch(q: string) {
  return useQuery(siteSearchQueryOptions(q));
}
