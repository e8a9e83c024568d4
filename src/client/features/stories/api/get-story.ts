import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StoryDetail } from "../../../../common/api/catalog";
import { api } from "../../../lib/api";
import { storiesKey } from "../../../lib/query-client";

export type { StoryDetail };

/** GET /api/stories/{id}: a published story with its body; 404 NOT_FOUND for any other id. */
export function getStory(id: string, signal?: AbortSignal): Promise<StoryDetail> {
  return api<StoryDetail>(`/api/stories/${encodeURIComponent(id)}`, { signal });
}

export function storyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...storiesKey, "one", id] as const,
    queryFn: ({ signal }) => getStory(id, signal),
  });
}

export function useStory(id: string) {
  return useQuery(storyQueryOptions(id));
}
