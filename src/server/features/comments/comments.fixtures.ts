/** Comments written behind the API's back, for the tests that need many or need them at set times. */
import type { Comment, CommentList, ReplyList } from "../../../common/api/comments.js";
import type { TestApp } from "../../test/harness.js";
import type { Person } from "../admin/admin.fixtures.js";
import { newCommentId } from "./comments.service.js";

export interface CommentOverrides {
  story_id: string;
  user_id: string | null;
  parent_id?: string | null;
  reply_to_id?: string | null;
  body?: string;
  created_at?: string;
  like_count?: number;
  hidden_at?: string | null;
  deleted_at?: string | null;
}

/** One comment row, counted as the API would count it (a hidden or deleted one is not). */
export async function insertComment(t: TestApp, o: CommentOverrides): Promise<string> {
  const at = o.created_at ?? new Date().toISOString();
  const id = newCommentId(new Date(at));
  const { db } = t.database;
  await db
    .insertInto("comment")
    .values({
      id,
      story_id: o.story_id,
      user_id: o.user_id,
      parent_id: o.parent_id ?? null,
      reply_to_id: o.reply_to_id ?? o.parent_id ?? null,
      body: o.body ?? `Comment ${id}`,
      created_at: at,
      like_count: o.like_count ?? 0,
      hidden_at: o.hidden_at ?? null,
      deleted_at: o.deleted_at ?? null,
    })
    .execute();
  if (!o.hidden_at && !o.deleted_at) {
    await db.updateTable("story").set((eb) => ({ comment_count: eb("comment_count", "+", 1) })).where("id", "=", o.story_id).execute();
    if (o.parent_id) await db.updateTable("comment").set((eb) => ({ reply_count: eb("reply_count", "+", 1) })).where("id", "=", o.parent_id).execute();
  }
  await t.responseCache.invalidate(["catalog"]);
  return id;
}

/** A ban from commenting, as a curator would write it (null: for good). */
export async function banFromComments(t: TestApp, who: Person, until: string | null = null): Promise<void> {
  await t.database.db.insertInto("comment_ban").values({ user_id: who.id, until, note: "test", created_at: new Date().toISOString() }).execute();
  await t.responseCache.invalidate(["catalog"]);
}

/** Every top-level comment of a story in `sort`, page by page, with `between` run after each page. */
export async function allPages(t: TestApp, storyId: string, sort: string, limit: number, between?: (page: number) => Promise<void>): Promise<Comment[]> {
  const seen: Comment[] = [];
  let cursor: string | null = "";
  for (let page = 0; cursor !== null; page++) {
    const res = await t.request(`/api/stories/${storyId}/comments?sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    if (res.status !== 200) throw new Error(`page ${page}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as CommentList;
    seen.push(...body.items);
    cursor = body.next_cursor;
    await between?.(page);
  }
  return seen;
}

export async function allReplies(t: TestApp, commentId: string): Promise<ReplyList["items"]> {
  const seen: ReplyList["items"] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const res = await t.request(`/api/comments/${commentId}/replies${cursor ? `?cursor=${cursor}` : ""}`);
    const body = (await res.json()) as ReplyList;
    seen.push(...body.items);
    cursor = body.next_cursor;
  }
  return seen;
}

/** The rows a refused write must leave as they were. */
export async function commentState(t: TestApp) {
  const { db } = t.database;
  const [comments, likes, stories] = await Promise.all([
    db.selectFrom("comment").selectAll().orderBy("id").execute(),
    db.selectFrom("comment_like").selectAll().orderBy("comment_id").orderBy("user_id").execute(),
    db.selectFrom("story").select(["id", "comment_count", "comments_open"]).orderBy("id").execute(),
  ]);
  return JSON.stringify({ comments, likes, stories });
}
