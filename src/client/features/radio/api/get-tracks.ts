import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Track, TrackList } from "../../../../common/api/radio";

export type { Track };

export function getTracks(signal?: AbortSignal): Promise<TrackList> {
  return api<TrackList>("/api/radio/tracks", { signal });
}

/** The list only changes with a release: fetched once per page load. */
export function tracksQueryOptions() {
  return queryOptions({
    queryKey: ["radio", "tracks"] as const,
    queryFn: ({ signal }) => getTracks(signal),
    staleTime: Infinity,
  });
}

export function useTracks() {
  return useQuery(tracksQueryOptions());
}
