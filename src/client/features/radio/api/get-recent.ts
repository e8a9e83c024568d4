import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { USER_SCOPE, userKey } from "../../../lib/query-client";
import type { RecentPlays } from "../../../../common/api/radio";

export function recentPlaysKey(uid: string) {
  return userKey(uid, "radio", "recent");
}

/** Every member's 'Recently played' in the cache (a counted play changes it). */
export const isRecentPlaysKey = (key: readonly unknown[]) => key[0] === USER_SCOPE && key[2] === "radio" && key[3] === "recent";

/** GET /api/me/radio/recent: read each time the player opens, for a signed-in member only. */
export function useRecentPlays(uid: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: recentPlaysKey(uid ?? ""),
      queryFn: ({ signal }) => api<RecentPlays>("/api/me/radio/recent", { signal }),
      enabled: uid !== undefined,
      staleTime: 0,
      retry: false,
    }),
  );
}
