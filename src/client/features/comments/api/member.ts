/**
 * Comments on a story (issue 33), a member's side: what of them is theirs (GET /api/me/comments),
 * and the writes, each shown at once in every cached list of the story. Loaded with
 * components/member-comments.tsx, never by a visitor's page.
 */
import { useQuery, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { LikeState } from "../../../../common/api/comments";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import { commentsKey, enc, type Comment, type CommentItem, type CommentList, type MyComments, type ReplyList } from "./comment-list";

export const myCommentsKey = (uid: string, storyId: string) => userKey(uid, "comments", storyId);

/** The member's likes, comments, hidden comments, ban and whether they moderate the story; nothing for a visitor. */
export function useMyComments(uid: string | null, storyId: string) {
  return useQuery({
    queryKey: myCommentsKey(uid ?? "", storyId),
    queryFn: ({ signal }) => api<MyComments>(`/api/me/comments?story=${enc(storyId)}`, { signal }),
    enabled: uid !== null,
  });
}

type Page = CommentList | ReplyList;

/** Rewrites every cached page of the story's comments (each sort's list, each thread's replies). */
function eachPage(client: QueryClient, storyId: string, rewrite: (page: Page, key: readonly unknown[], index: number, pages: Page[]) => Page) {
  for (const [key, data] of client.getQueriesData<InfiniteData<Page>>({ queryKey: commentsKey(storyId) })) {
    if (!data) continue;
    client.setQueryData<InfiniteData<Page>>(key, { ...data, pages: data.pages.map((page, i) => rewrite(page, key, i, data.pages)) });
  }
}

/** `items` with `change` applied to the entry `id` and to the replies of each (null removes it). */
function mapItems<T extends CommentItem>(items: T[], id: string, change: (item: CommentItem) => CommentItem | null): T[] {
  return items.flatMap((item) => {
    const changed = (item.id === id ? change(item) : item) as T | null;
    if (!changed) return [];
    if (!("replies" in changed)) return [changed];
    const replies = mapItems(changed.replies, id, change);
    const removed = changed.replies.length - replies.length;
    return [{ ...changed, replies, reply_count: changed.reply_count - removed }];
  });
}

/** Changes one comment or reply wherever the story's cache holds it; null removes it. */
export function patchComment(client: QueryClient, storyId: string, id: string, change: (item: CommentItem) => CommentItem | null) {
  eachPage(client, storyId, (page) => ({ ...page, items: mapItems(page.items as CommentItem[], id, change) }) as Page);
}

/** The story's count ("N comments") and, when given, whether it is open, on every list. */
export function patchListMeta(client: QueryClient, storyId: string, delta: number, open?: boolean) {
  eachPage(client, storyId, (page) =>
    "count" in page ? { ...page, count: Math.max(0, page.count + delta), open: open ?? page.open } : page,
  );
}

/**
 * A comment just posted, shown at once: a new thread first when the newest come first and after
 * the loaded ones otherwise (the pages still to load skip what is shown); a reply at its thread's end.
 */
export function addComment(client: QueryClient, storyId: string, comment: Comment) {
  const threadId = comment.parent_id;
  eachPage(client, storyId, (page, key, index, pages) => {
    const kind = key[3];
    if (threadId === null) {
      if (!("count" in page)) return page;
      const newest = key[4] === "newest";
      if (newest ? index !== 0 : index !== pages.length - 1) return page;
      return { ...page, items: newest ? [comment, ...page.items] : [...page.items, comment] };
    }
    if (kind === "replies") {
      return key[4] === threadId && index === pages.length - 1 ? { ...page, items: [...page.items, comment] } : page;
    }
    const items = (page.items as Comment[]).map((thread) =>
      thread.id === threadId ? { ...thread, replies: [...thread.replies, comment], reply_count: thread.reply_count + 1 } : thread,
    );
    return { ...page, items } as Page;
  });
  patchListMeta(client, storyId, 1);
}

/** Notes in the member's own list that they wrote `id` (they may edit and delete it). */
export function addMine(client: QueryClient, uid: string, storyId: string, id: string) {
  client.setQueryData<MyComments>(myCommentsKey(uid, storyId), (old) => old && { ...old, mine: [...old.mine, id] });
}

/** Likes or unlikes at once; the server's count follows, and a refusal puts it back. */
export async function setLike(client: QueryClient, uid: string, storyId: string, comment: CommentItem, like: boolean): Promise<void> {
  const key = myCommentsKey(uid, storyId);
  const mark = (liked: boolean) =>
    client.setQueryData<MyComments>(key, (old) => old && { ...old, liked: liked ? [...old.liked, comment.id] : old.liked.filter((id) => id !== comment.id) });
  const count = (like_count: number) => patchComment(client, storyId, comment.id, (item) => ({ ...item, like_count }));
  mark(like);
  count(Math.max(0, comment.like_count + (like ? 1 : -1)));
  try {
    const state = await api<LikeState>(`/api/comments/${enc(comment.id)}/like`, { method: like ? "PUT" : "DELETE" });
    count(state.like_count);
  } catch (error) {
    mark(!like);
    count(comment.like_count);
    throw error;
  }
}

/** The story's author (or staff) hides a comment from everyone else, or shows it again. */
export async function setHidden(client: QueryClient, storyId: string, comment: CommentItem, hidden: boolean): Promise<void> {
  await api<unknown>(`/api/studio/comments/${enc(comment.id)}/${hidden ? "hide" : "unhide"}`, { method: "POST", body: {} });
  if (hidden || comment.body !== "") {
    patchComment(client, storyId, comment.id, (item) => ({ ...item, state: hidden ? "hidden" : "visible" }));
    patchListMeta(client, storyId, hidden ? -1 : 1);
  } else {
    // A placeholder has no text to show again: read the lists anew.
    await client.invalidateQueries({ queryKey: commentsKey(storyId) });
  }
}

/** The story's author turns its comments on or off; what was written stays readable. */
export async function setCommentsOpen(client: QueryClient, storyId: string, open: boolean): Promise<void> {
  await api<unknown>(`/api/studio/stories/${enc(storyId)}/comments`, { method: "PUT", body: { open } });
  patchListMeta(client, storyId, 0, open);
}
