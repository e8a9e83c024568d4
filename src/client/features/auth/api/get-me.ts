import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api";
import { shouldRetry } from "../../../lib/query-client";
import type { Profile } from "../../../../common/api/profile";

export type { Profile };

export const meQueryKey = ["me"] as const;

/**
 * The signed-in user's profile, or null when nobody is signed in. GET /api/me answers a
 * signed-out visitor with 200 and null, so a normal visit logs no failed request
 * (docs/decisions/0005-session-probe.md); a 401 from an older server still means signed out.
 */
export async function getMe(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return (await api<Profile | null>("/api/me", { signal })) ?? null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: shouldRetry,
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
