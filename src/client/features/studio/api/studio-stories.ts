/**
 * The studio's stories (/api/studio/stories): every story of the signed-in creator, drafts
 * included. Keyed under the user (lib/query-client.ts), so signing out drops them. Each write
 * puts the story it answers into the cache and refreshes the studio's list and the public reads
 * it changes (the stories list, the story's page, the creator's page).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { StoryDraftInput, StoryUpdateInput, StudioStory, StudioStoryList } from "../../../../common/api/studio";
import { api } from "../../../lib/api";
import { creatorsKey, storiesKey, userKey } from "../../../lib/query-client";

export type { StudioStory };

const BASE = "/api/studio/stories";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

// Apart, so refreshing the list never refetches the story open in the editor.
export const studioStoriesKey = (uid: string) => userKey(uid, "studio", "stories");
export const studioStoryKey = (uid: string, id: string) => userKey(uid, "studio", "story", id);

export function listStudioStories(signal?: AbortSignal): Promise<StudioStoryList> {
  return api<StudioStoryList>(BASE, { signal });
}

export function getStudioStory(id: string, signal?: AbortSignal): Promise<StudioStory> {
  return api<StudioStory>(one(id), { signal });
}

export function createStory(draft: StoryDraftInput): Promise<StudioStory> {
  return api<StudioStory>(BASE, { method: "POST", body: draft });
}

/** PUT: 409 STORY_CHANGED when `version` is not the latest (another tab saved first). */
export function updateStory(id: string, update: StoryUpdateInput): Promise<StudioStory> {
  return api<StudioStory>(one(id), { method: "PUT", body: update });
}

/** Publishing an empty story answers 400 with `fields.body`. */
export function publishStory(id: string, version: number): Promise<StudioStory> {
  return api<StudioStory>(`${one(id)}/publish`, { method: "POST", body: { version } });
}

export function unpublishStory(id: string, version: number): Promise<StudioStory> {
  return api<StudioStory>(`${one(id)}/unpublish`, { method: "POST", body: { version } });
}

export function deleteStory(id: string): Promise<void> {
  return api<void>(one(id), { method: "DELETE" });
}

export function studioStoriesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: studioStoriesKey(uid),
    queryFn: ({ signal }) => listStudioStories(signal),
  });
}

export function studioStoryQueryOptions(uid: string, id: string) {
  return queryOptions({
    queryKey: studioStoryKey(uid, id),
    queryFn: ({ signal }) => getStudioStory(id, signal),
    // The editor holds its own copy while open: a refetch on focus would only hide a conflict
    // that the next save reports anyway.
    refetchOnWindowFocus: false,
  });
}

export function useStudioStories(uid: string) {
  return useQuery(studioStoriesQueryOptions(uid));
}

export function useStudioStory(uid: string, id: string, enabled = true) {
  return useQuery({ ...studioStoryQueryOptions(uid, id), enabled });
}

/** After a write: the story as the server has it now, and every read it changes refreshed. */
export function storyChanged(queryClient: QueryClient, uid: string, story: StudioStory | { id: string; deleted: true }) {
  // A deleted story's entry is only marked stale: the editor showing it is still mounted until it
  // navigates away, and must not refetch (a 404) on the way out; the next visit asks again.
  if ("deleted" in story) void queryClient.invalidateQueries({ queryKey: studioStoryKey(uid, story.id), refetchType: "none" });
  else queryClient.setQueryData(studioStoryKey(uid, story.id), story);
  void queryClient.invalidateQueries({ queryKey: studioStoriesKey(uid) });
  void queryClient.invalidateQueries({ queryKey: storiesKey });
  void queryClient.invalidateQueries({ queryKey: creatorsKey });
}

export type StoryAction =
  | { kind: "create"; draft: StoryDraftInput }
  | { kind: "update"; id: string; update: StoryUpdateInput }
  | { kind: "publish"; id: string; version: number }
  | { kind: "unpublish"; id: string; version: number };

function run(action: StoryAction): Promise<StudioStory> {
  switch (action.kind) {
    case "create":
      return createStory(action.draft);
    case "update":
      return updateStory(action.id, action.update);
    case "publish":
      return publishStory(action.id, action.version);
    case "unpublish":
      return unpublishStory(action.id, action.version);
  }
}

/** Any write that answers the story: create, save, publish, unpublish. */
export function useStoryAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (story) => storyChanged(queryClient, uid, story),
  });
}

export function useDeleteStory(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteStory(id),
    onSuccess: (_, id) => storyChanged(queryClient, uid, { id, deleted: true }),
  });
}
