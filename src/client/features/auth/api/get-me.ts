import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api";
import { shouldRetry } from "../../../lib/query-client";
import type { Profile } from "../../../../common/api-types";

export type { Profile };

export const meQueryKey = ["me"] as const;

/** The signed-in user's profile, or null when nobody is signed in (401). */
export async function getMe(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await api<Profile>("/api/me", { signal });
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
