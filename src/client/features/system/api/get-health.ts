import { queryOptions, useQuery } from "@tanstack/react-query";

export const HEALTH_POLL_MS = 30_000;

/** True when GET /api/health answers 200; any other answer or a network failure is false. */
export async function getHealth(signal?: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch("/api/health", { credentials: "same-origin", cache: "no-store", signal });
    // Read the body so the connection is released (an unread body keeps the request open).
    await res.text();
    return res.ok;
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ["health"] as const,
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}

export function useBackendHealth() {
  return useQuery(healthQueryOptions());
}
