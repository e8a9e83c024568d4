import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { storiesKey } from "../../../lib/query-client";
import type { Story, StoryPage } from "../../../../common/api/catalog";

export type { Story };

const PAGE_SIZE = 24;

export function getStories(cursor: string | null, signal?: AbortSignal): Promise<StoryPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return api<StoryPage>(`/api/stories?${params}`, { signal });
}

export const storiesQueryOptions = infiniteQueryOptions({
  queryKey: [...storiesKey, "list"],
  queryFn: ({ pageParam, signal }) => getStories(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
});

export function useStories() {
  return useInfiniteQuery(storiesQueryOptions);
}
