import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CreatorProfilePage } from "../../../../common/api/creators";
import { api } from "../../../lib/api";
import { creatorsKey } from "../../../lib/query-client";

export type { CreatorProfilePage };

/**
 * GET /api/creators/{id}/page: the creator with their published stories and products, newest
 * first; 404 NOT_FOUND for an unknown or hidden creator.
 */
export function getCreatorPage(id: string, signal?: AbortSignal): Promise<CreatorProfilePage> {
  return api<CreatorProfilePage>(`/api/creators/${encodeURIComponent(id)}/page`, { signal });
}

export function creatorPageQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...creatorsKey, "page", id] as const,
    queryFn: ({ signal }) => getCreatorPage(id, signal),
  });
}

export function useCreatorPage(id: string) {
  return useQuery(creatorPageQueryOptions(id));
}
