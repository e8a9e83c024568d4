import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { CreatorFacets } from "../types";
import { creatorsKey } from "./list-creators";

/**
 * GET /api/creators/facets: the disciplines present (the page adds 'Other' when absent), the
 * cities, the stories featuring creators, and the number of creators in all.
 */
export function getCreatorFacets(signal?: AbortSignal): Promise<CreatorFacets> {
  return api<CreatorFacets>("/api/creators/facets", { signal });
}

export function creatorFacetsQueryOptions() {
  return queryOptions({
    queryKey: [...creatorsKey, "facets"] as const,
    queryFn: ({ signal }) => getCreatorFacets(signal),
    staleTime: 60_000,
  });
}

export function useCreatorFacets() {
  return useQuery(creatorFacetsQueryOptions());
}
