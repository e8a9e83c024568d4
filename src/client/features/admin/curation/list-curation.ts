/**
 * GET /api/admin/curation/{kind}: stories, products or creators with their curation, a page at a
 * time; and the whole featured order of a kind (at most FEATURED_MAX, so one page), which Move up
 * and Move down rewrite.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { CurationItem, CurationPage } from "../../../../common/api/admin-curation";
import { FEATURED_MAX, type CurationKind, type CurationState } from "../../../../common/curation-fields";
import { api } from "../../../lib/api";
import { adminKey, queryString } from "../shared/keys";

export type { CurationItem };

export interface CurationFilter {
  q: string;
  state: CurationState;
}

export const curationKey = (uid: string) => adminKey(uid, "curation");

export function listCuration(kind: CurationKind, filter: CurationFilter, cursor: string | null, limit?: number, signal?: AbortSignal): Promise<CurationPage> {
  const state = filter.state === "all" ? null : filter.state;
  return api<CurationPage>(`/api/admin/curation/${kind}${queryString({ q: filter.q.trim(), state, cursor, limit: limit ? String(limit) : null })}`, { signal });
}

export function curationQueryOptions(uid: string, kind: CurationKind, filter: CurationFilter) {
  return infiniteQueryOptions({
    queryKey: [...curationKey(uid), kind, "list", filter.state, filter.q.trim()] as const,
    queryFn: ({ signal, pageParam }) => listCuration(kind, filter, pageParam, undefined, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

export function useCurationList(uid: string, kind: CurationKind, filter: CurationFilter) {
  return useInfiniteQuery({ ...curationQueryOptions(uid, kind, filter), placeholderData: keepPreviousData });
}

/** Every featured item of the kind, in order: what a move reorders. */
export function featuredQueryOptions(uid: string, kind: CurationKind) {
  return queryOptions({
    queryKey: [...curationKey(uid), kind, "featured"] as const,
    queryFn: async ({ signal }) => (await listCuration(kind, { q: "", state: "featured" }, null, FEATURED_MAX, signal)).items,
    staleTime: 0,
  });
}

export function useFeatured(uid: string, kind: CurationKind) {
  return useQuery(featuredQueryOptions(uid, kind));
}
