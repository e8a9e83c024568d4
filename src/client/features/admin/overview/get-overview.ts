/** GET /api/admin/overview: what is waiting (curators get no order counts). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOverview } from "../../../../common/api/admin";
import { api } from "../../../lib/api";
import { adminKey } from "../shared/keys";

export type { AdminOverview };

export function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return api<AdminOverview>("/api/admin/overview", { signal });
}

export function overviewQueryOptions(uid: string) {
  return queryOptions({
    queryKey: adminKey(uid, "overview"),
    queryFn: ({ signal }) => getOverview(signal),
    // The counts are this moment's: asked again on each visit.
    staleTime: 0,
  });
}

export function useOverview(uid: string) {
  return useQuery(overviewQueryOptions(uid));
}
