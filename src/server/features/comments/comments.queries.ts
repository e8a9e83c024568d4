/**
 * Reading the comments of a story (docs/decisions/0032): the public list, the rest of a thread,
 * and what of a story's comments is the signed-in member's own.
 *
 * Top-level comments are keyset-paged in each sort over the partial indexes of migration 0022: oldest
 * and newest by (created_at, id) on comment_top_time_idx, liked by (like_count, id) descending on
 * comment_top_liked_idx. A comment written between two pages lands after the last page (oldest)
 * or before the first (newest, and liked with no like yet, as ids grow with time): no page repeats
 * or skips one that was there already. Likes given between pages can move a comment across the
 * cursor in the liked sort; that list is a ranking of this moment, as Ghost's 'Best' is.
 */
import { sql } from "kysely";
import type { Comment, CommentList, CommentReply, MyComments, ReplyList } from "../../../common/api/comments.js";
import { COMMENT_PAGE, REPLIES_SHOWN, REPLY_PAGE, type CommentSort } from "../../../common/comments.js";
import { isStaff } from "../../../common/roles.js";
import type { Db } from "../../db/client.js";
import { boolValue, timestampFromSortKey, toBool, toIso } from "../../db/dialect.js";
import { publicStory } from "../../db/visibility.js";
import { storyHasPage } from "../catalog/catalog.queries.js";
import { decodeCommentCursor, encodeCommentCursor, type CommentCursor } from "./comment-cursor.js";
import { commentColumns, commentsByIds, listedTopLevel, publicComment, stateOf, toComment, toReply, type CommentRow } from "./comment-rows.js";

export interface CommentableStory {
  id: string;
  title: string;
  creator_id: string | null;
  open: boolean;
  count: number;
}

/** A story whose comments the public may read: the same rules as GET /api/stories/{id} (public, with a page). */
export async function findCommentableStory(database: Db, storyId: string): Promise<CommentableStory | undefined> {
  const row = await database.db
    .selectFrom("story")
    .select(["id", "title", "creator_id", "comments_open", "comment_count"])
    .where("id", "=", storyId)
    .where(publicStory("story"))
    .where(storyHasPage("story"))
    .executeTakeFirst();
  return row && { id: row.id, title: row.title, creator_id: row.creator_id, open: toBool(row.comments_open), count: Number(row.comment_count) };
}

export class BadCursor extends Error {}

/** The first REPLIES_SHOWN replies the public sees of each thread, oldest first. */
async function firstReplies(database: Db, parentIds: string[], now: Date): Promise<Map<string, CommentReply[]>> {
  const byParent = new Map<string, CommentReply[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0) return byParent;
  const { db } = database;
  const ranked = await db
    .selectFrom("comment as r")
    .select(["r.id", "r.parent_id"])
    .select(sql<number>`row_number() over (partition by r.parent_id order by r.created_at, r.id)`.as("position"))
    .where("r.parent_id", "in", parentIds)
    .where(publicComment("r", now))
    .as("ranked");
  const ids = await db.selectFrom(ranked).select("ranked.id").where("ranked.position", "<=", REPLIES_SHOWN).execute();
  const rows = await commentsByIds(database, ids.map((r) => r.id), now);
  rows.sort(byTime);
  for (const row of rows) byParent.get(row.parent_id!)?.push(toReply(row));
  return byParent;
}

const byTime = (a: CommentRow, b: CommentRow) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export interface ListRequest {
  sort: CommentSort;
  cursor?: string;
  limit?: number;
}

/** GET /api/stories/{storyId}/comments for a story findCommentableStory() found. Throws BadCursor. */
export async function listComments(database: Db, story: CommentableStory, request: ListRequest, now: Date): Promise<CommentList> {
  const { sort } = request;
  const limit = request.limit ?? COMMENT_PAGE;
  const cursor = request.cursor ? decodeCommentCursor(request.cursor, sort) : undefined;
  if (request.cursor && !cursor) throw new BadCursor();
  const rows = await topLevelPage(database, story.id, sort, cursor, limit + 1, now).execute();
  const page = rows.slice(0, limit);
  const replies = await firstReplies(database, page.map((r) => r.id), now);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toComment(row, replies.get(row.id) ?? [])),
    next_cursor: rows.length > limit && last ? encodeCommentCursor(cursorOf(sort, last)) : null,
    count: story.count,
    open: story.open,
  };
}

/** A page of a story's top-level comments in `sort`'s order: walked in order on migration 0022's indexes (comments-plan.test.ts). */
export function topLevelPage(database: Db, storyId: string, sort: CommentSort, cursor: CommentCursor | undefined, limit: number, now: Date) {
  let query = commentColumns(database.db, database.dialect, now)
    .where("c.story_id", "=", storyId)
    .where("c.parent_id", "is", null)
    .where(listedTopLevel("c", now));
  query = sort === "liked" ? query.orderBy("c.like_count", "desc").orderBy("c.id", "desc") : query.orderBy("c.created_at", sort === "oldest" ? "asc" : "desc").orderBy("c.id", sort === "oldest" ? "asc" : "desc");
  if (cursor) query = query.where(afterCursor(database, cursor));
  return query.limit(limit);
}

function cursorOf(sort: CommentSort, row: CommentRow): CommentCursor {
  return sort === "liked" ? { sort, key: Number(row.like_count), id: row.id } : { sort, key: row.sort_key, id: row.id };
}

/** Rows strictly after the cursor in its sort's order. */
function afterCursor(database: Db, cursor: CommentCursor) {
  if (cursor.sort === "liked") return sql<boolean>`(c.like_count, c.id) < (${cursor.key}, ${cursor.id})`;
  const key = timestampFromSortKey(database.dialect, cursor.key);
  return cursor.sort === "oldest" ? sql<boolean>`(c.created_at, c.id) > (${key}, ${cursor.id})` : sql<boolean>`(c.created_at, c.id) < (${key}, ${cursor.id})`;
}

/** A top-level comment of a story the public may read, for its replies; undefined otherwise. */
export async function findThread(database: Db, commentId: string): Promise<{ id: string; storyId: string } | undefined> {
  const row = await database.db
    .selectFrom("comment as c")
    .innerJoin("story", "story.id", "c.story_id")
    .select(["c.id", "c.story_id"])
    .where("c.id", "=", commentId)
    .where("c.parent_id", "is", null)
    .where(publicStory("story"))
    .where(storyHasPage("story"))
    .executeTakeFirst();
  return row && { id: row.id, storyId: row.story_id };
}

/** GET /api/comments/{commentId}/replies: the thread's replies the public sees, oldest first. Throws BadCursor. */
export async function listReplies(database: Db, threadId: string, cursorText: string | undefined, now: Date): Promise<ReplyList> {
  const cursor = cursorText ? decodeCommentCursor(cursorText, "oldest") : undefined;
  if (cursorText && !cursor) throw new BadCursor();
  let query = commentColumns(database.db, database.dialect, now)
    .where("c.parent_id", "=", threadId)
    .where(publicComment("c", now))
    .orderBy("c.created_at")
    .orderBy("c.id");
  if (cursor) query = query.where(afterCursor(database, cursor));
  const rows = await query.limit(REPLY_PAGE + 1).execute();
  const page = rows.slice(0, REPLY_PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toReply(row)),
    next_cursor: rows.length > REPLY_PAGE && last ? encodeCommentCursor(cursorOf("oldest", last)) : null,
  };
}

/** One comment as its writer sees it, for the answer to their own write. */
export async function findOwnComment(database: Db, commentId: string, now: Date): Promise<Comment | undefined> {
  const [row] = await commentsByIds(database, [commentId], now);
  if (!row) return undefined;
  const replies = row.parent_id === null ? ((await firstReplies(database, [row.id], now)).get(row.id) ?? []) : [];
  return toComment(row, replies, "own");
}

/** A comment just posted, as its writer sees it (read in the post's transaction): it has no replies yet, so none are read. */
export async function newCommentView(database: Pick<Db, "db" | "dialect">, commentId: string, now: Date): Promise<Comment> {
  const [row] = await commentsByIds(database, [commentId], now);
  if (!row) throw new Error(`comment ${commentId} was just written and is not there`);
  return toComment(row, [], "own");
}

export interface CommentBan {
  until: string | null;
}

/** The member's ban from commenting in force at `now`, if any. */
export async function activeBan(database: Pick<Db, "db">, userId: string, now: Date): Promise<CommentBan | undefined> {
  const row = await database.db.selectFrom("comment_ban").select("until").where("user_id", "=", userId).executeTakeFirst();
  if (!row) return undefined;
  const until = toIso(row.until);
  if (until !== null && new Date(until) <= now) return undefined;
  return { until };
}

/** GET /api/me/comments?story=: what of the story's comments is the member's own. */
export async function myComments(database: Db, userId: string, story: CommentableStory, now: Date): Promise<MyComments> {
  const { db } = database;
  const [liked, mine, user, ban] = await Promise.all([
    db
      .selectFrom("comment_like")
      .innerJoin("comment", "comment.id", "comment_like.comment_id")
      .select("comment.id")
      .where("comment_like.user_id", "=", userId)
      .where("comment.story_id", "=", story.id)
      .execute(),
    db
      .selectFrom("comment")
      .select(["id", "hidden_at"])
      .where("user_id", "=", userId)
      .where("story_id", "=", story.id)
      .where("deleted_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db.selectFrom("user").select(["role", "creator_id"]).where("id", "=", userId).executeTakeFirst(),
    activeBan(database, userId, now),
  ]);
  // While banned, everything the member wrote is out of the public's sight: they still see it.
  const hiddenIds = mine.filter((c) => c.hidden_at !== null || ban !== undefined).map((c) => c.id);
  const hiddenRows = (await commentsByIds(database, hiddenIds, now)).sort(byTime);
  const isAuthor = user !== undefined && story.creator_id !== null && user.creator_id === story.creator_id;
  return {
    liked: liked.map((r) => r.id),
    mine: mine.map((r) => r.id),
    hidden: hiddenRows.filter((row) => stateOf(row) === "hidden").map((row) => toComment(row, [], "own")),
    banned_until: ban?.until ?? null,
    banned: ban !== undefined,
    can_moderate: isAuthor || (user !== undefined && isStaff(user.role)),
  };
}

/** Whether the member gets e-mails about comments (`user.comment_mail`). */
export async function commentMailOf(database: Db, userId: string): Promise<boolean> {
  const row = await database.db.selectFrom("user").select("comment_mail").where("id", "=", userId).executeTakeFirst();
  return row ? toBool(row.comment_mail) : false;
}

/** Settings' switch, or off from an e-mail's unsubscribe link; false when there is no such account. */
export async function setCommentMail(database: Db, userId: string, on: boolean): Promise<boolean> {
  const result = await database.db.updateTable("user").set({ comment_mail: boolValue(database.dialect, on) }).where("id", "=", userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The story a comment is on (what its writes make stale); undefined when there is no such comment. */
export async function commentStoryId(database: Db, commentId: string): Promise<string | undefined> {
  const row = await database.db.selectFrom("comment").select("story_id").where("id", "=", commentId).executeTakeFirst();
  return row?.story_id;
}
