/**
 * Writing comments (docs/decisions/0032): post, edit, delete, and the story author's switch and
 * hide. Each is one write transaction that also keeps the counts the pages read without counting:
 * `story.comment_count` and a top-level comment's `reply_count` hold the comments that are neither
 * hidden nor deleted (a ban is applied when reading, see comment-rows.ts). A new comment's
 * e-mails are written in its transaction (comment-mail.ts).
 *
 * Ids grow with time (a millisecond prefix), so the liked sort's tie-break by id puts the newest
 * of equally liked comments first and a new comment with no like after every page already read.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Comment } from "../../../common/api/comments.js";
import { commentLinks, NEW_ACCOUNT_LINKS, NEW_ACCOUNT_MS } from "../../../common/comments.js";
import type { Db } from "../../db/client.js";
import { boolValue, toIso, writeTransaction } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import { publicStory } from "../../db/visibility.js";
import { storyHasPage } from "../catalog/catalog.queries.js";
import { notifyOfComment } from "./comment-mail.js";
import { activeBan, newCommentView, type CommentBan } from "./comments.queries.js";

type Trx = Kysely<Database>;

/** A comment id: 12 hex digits of milliseconds, then 16 random ones. */
export function newCommentId(now: Date): string {
  return now.getTime().toString(16).padStart(12, "0") + randomBytes(8).toString("hex");
}

export type Refusal =
  | { ok: false; reason: "banned"; ban: CommentBan }
  | { ok: false; reason: "story_not_found" | "closed" | "reply_not_found" | "not_found" | "not_yours" | "too_many_links" | "repeated" | "staff_hidden" };

/** The story and the thread counts, moved by `delta` for a comment that stops or starts being seen. */
async function recount(trx: Trx, storyId: string, parentId: string | null, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable("story")
    .set((eb) => ({ comment_count: eb("comment_count", "+", delta) }))
    .where("id", "=", storyId)
    .execute();
  if (parentId !== null) {
    await trx
      .updateTable("comment")
      .set((eb) => ({ reply_count: eb("reply_count", "+", delta) }))
      .where("id", "=", parentId)
      .execute();
  }
}

/** More links than a new account may post (NEW_ACCOUNT_LINKS while younger than NEW_ACCOUNT_MS). */
async function tooManyLinks(trx: Trx, userId: string, body: string, now: Date): Promise<boolean> {
  if (commentLinks(body).length <= NEW_ACCOUNT_LINKS) return false;
  const user = await trx.selectFrom("user").select("created_at").where("id", "=", userId).executeTakeFirst();
  const joined = user ? new Date(toIso(user.created_at) ?? 0).getTime() : 0;
  return now.getTime() - joined < NEW_ACCOUNT_MS;
}

export interface NewComment {
  userId: string;
  storyId: string;
  body: string;
  replyTo: string | null;
}

export interface MailSettings {
  publicUrl: string;
}

/** POST /api/stories/{storyId}/comments. */
export async function postComment(
  database: Db,
  input: NewComment,
  mail: MailSettings,
  now: Date,
  /** Counts the post against the member's limits in its transaction; throws past them (after the ban check: a banned member is told so before anything counts). */
  countPost: (trx: Trx) => Promise<void>,
): Promise<{ ok: true; comment: Comment; mailed: boolean } | Refusal> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const ban = await activeBan({ db: trx }, input.userId, now);
    if (ban) return { ok: false, reason: "banned", ban } as const;
    await countPost(trx);
    const story = await trx
      .selectFrom("story")
      .select(["id", "title", "creator_id", "comments_open"])
      .where("id", "=", input.storyId)
      .where(publicStory("story"))
      .where(storyHasPage("story"))
      .executeTakeFirst();
    if (!story) return { ok: false, reason: "story_not_found" } as const;
    if (!story.comments_open) return { ok: false, reason: "closed" } as const;

    let parentId: string | null = null;
    let answered: { id: string; user_id: string | null } | null = null;
    if (input.replyTo !== null) {
      const target = await trx
        .selectFrom("comment")
        .select(["id", "parent_id", "user_id"])
        .where("id", "=", input.replyTo)
        .where("story_id", "=", story.id)
        .where("deleted_at", "is", null)
        .where("hidden_at", "is", null)
        .executeTakeFirst();
      if (!target) return { ok: false, reason: "reply_not_found" } as const;
      // Two levels: a reply to a reply joins the thread of the comment it answers.
      parentId = target.parent_id ?? target.id;
      answered = { id: target.id, user_id: target.user_id };
    }

    if (await tooManyLinks(trx, input.userId, input.body, now)) return { ok: false, reason: "too_many_links" } as const;
    const previous = await trx
      .selectFrom("comment")
      .select("body")
      .where("user_id", "=", input.userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (previous && previous.body === input.body) return { ok: false, reason: "repeated" } as const;

    const id = newCommentId(now);
    await trx
      .insertInto("comment")
      .values({
        id,
        story_id: story.id,
        user_id: input.userId,
        parent_id: parentId,
        reply_to_id: answered?.id ?? null,
        body: input.body,
        created_at: now.toISOString(),
      })
      .execute();
    await recount(trx, story.id, parentId, 1);
    const mailed = await notifyOfComment(trx, database.dialect, { id, storyId: story.id, storyTitle: story.title, storyCreatorId: story.creator_id, writerId: input.userId, body: input.body, answeredUserId: answered ? answered.user_id : null, isReply: answered !== null }, mail.publicUrl, now);
    // Read here, not after the commit: one turn at the database for the whole post.
    return { ok: true, comment: await newCommentView({ db: trx, dialect: database.dialect }, id, now), mailed } as const;
  });
}

/** The member's own comment, for a change to it; or why not. */
async function ownComment(trx: Trx, userId: string, commentId: string) {
  const row = await trx
    .selectFrom("comment")
    .select(["id", "story_id", "parent_id", "user_id", "deleted_at", "hidden_at"])
    .where("id", "=", commentId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) return { ok: false, reason: "not_found" } as const;
  if (row.user_id !== userId) return { ok: false, reason: "not_yours" } as const;
  return { ok: true, row } as const;
}

/** PATCH /api/comments/{commentId}: the writer's own, while not banned; marks it edited. */
export async function editComment(database: Db, userId: string, commentId: string, body: string, now: Date): Promise<{ ok: true } | Refusal> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const found = await ownComment(trx, userId, commentId);
    if (!found.ok) return found;
    // A ban stops editing too: an edit could put back what a curator acted on.
    const ban = await activeBan({ db: trx }, userId, now);
    if (ban) return { ok: false, reason: "banned", ban } as const;
    if (await tooManyLinks(trx, userId, body, now)) return { ok: false, reason: "too_many_links" } as const;
    await trx.updateTable("comment").set({ body, edited_at: now.toISOString() }).where("id", "=", commentId).execute();
    return { ok: true } as const;
  });
}

/**
 * DELETE /api/comments/{commentId}: the writer's own. One that another comment answers (its
 * thread's replies, or a reply naming it) keeps its row, emptied, as 'Comment deleted'; any other
 * goes with its likes. Allowed while banned: a member may always take back what they wrote.
 */
export async function deleteComment(database: Db, userId: string, commentId: string, now: Date): Promise<{ ok: true; placeholder: boolean } | Refusal> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const found = await ownComment(trx, userId, commentId);
    if (!found.ok) return found;
    const { row } = found;
    const answeredBy = await trx
      .selectFrom("comment")
      .select("id")
      .where((eb) =>
        row.parent_id === null
          ? eb("parent_id", "=", row.id)
          : eb.and([eb("parent_id", "=", row.parent_id), eb("reply_to_id", "=", row.id)]),
      )
      .limit(1)
      .executeTakeFirst();
    const placeholder = answeredBy !== undefined;
    if (placeholder) {
      await trx.updateTable("comment").set({ deleted_at: now.toISOString(), body: "" }).where("id", "=", row.id).execute();
    } else {
      await trx.deleteFrom("comment").where("id", "=", row.id).execute();
    }
    if (row.hidden_at === null) await recount(trx, row.story_id, row.parent_id, -1);
    return { ok: true, placeholder } as const;
  });
}

/** PUT/DELETE /api/comments/{commentId}/like: once per member, the count moved only by a row that changed. */
export async function setLike(database: Db, userId: string, commentId: string, liked: boolean, now: Date): Promise<{ ok: true; liked: boolean; like_count: number } | Refusal> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const ban = await activeBan({ db: trx }, userId, now);
    if (ban) return { ok: false, reason: "banned", ban } as const;
    const comment = await trx
      .selectFrom("comment as c")
      .innerJoin("story", "story.id", "c.story_id")
      .select("c.id")
      .where("c.id", "=", commentId)
      .where("c.deleted_at", "is", null)
      .where("c.hidden_at", "is", null)
      .where(publicStory("story"))
      .executeTakeFirst();
    if (!comment) return { ok: false, reason: "not_found" } as const;
    let changed: bigint;
    if (liked) {
      const result = await trx
        .insertInto("comment_like")
        .values({ comment_id: commentId, user_id: userId, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
        .executeTakeFirst();
      changed = result.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const result = await trx.deleteFrom("comment_like").where("comment_id", "=", commentId).where("user_id", "=", userId).executeTakeFirst();
      changed = result.numDeletedRows;
    }
    // The row's own change decides the count: two requests racing can never both move it.
    if (changed > 0n) {
      await trx
        .updateTable("comment")
        .set((eb) => ({ like_count: eb("like_count", "+", liked ? 1 : -1) }))
        .where("id", "=", commentId)
        .execute();
    }
    const after = await trx.selectFrom("comment").select("like_count").where("id", "=", commentId).executeTakeFirstOrThrow();
    return { ok: true, liked, like_count: Number(after.like_count) } as const;
  });
}

// ----------------------------------------------------------------------- the story's author

/** PUT /api/studio/stories/{id}/comments: the creator's own story (any status); its comments stay readable. */
export async function setCommentsOpen(database: Db, creatorId: string, storyId: string, open: boolean): Promise<boolean> {
  const result = await database.db
    .updateTable("story")
    .set({ comments_open: boolValue(database.dialect, open) })
    .where("id", "=", storyId)
    .where("creator_id", "=", creatorId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The story's author hides a comment on their story, or shows again one they hid. A comment staff
 * or reports hid stays hidden until a curator decides (`staff_hidden`).
 */
export async function authorHide(database: Db, creatorId: string, commentId: string, hide: boolean, now: Date): Promise<{ ok: true } | Refusal> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await trx
      .selectFrom("comment as c")
      .innerJoin("story", "story.id", "c.story_id")
      .select(["c.id", "c.story_id", "c.parent_id", "c.hidden_at", "c.hidden_by", "c.deleted_at"])
      .where("c.id", "=", commentId)
      .where("story.creator_id", "=", creatorId)
      .executeTakeFirst();
    if (!row || row.deleted_at !== null) return { ok: false, reason: "not_found" } as const;
    if (hide) {
      if (row.hidden_at !== null) return { ok: true } as const;
      await trx.updateTable("comment").set({ hidden_at: now.toISOString(), hidden_by: "author" }).where("id", "=", row.id).execute();
      await recount(trx, row.story_id, row.parent_id, -1);
      return { ok: true } as const;
    }
    if (row.hidden_at === null) return { ok: true } as const;
    if (row.hidden_by !== "author") return { ok: false, reason: "staff_hidden" } as const;
    await trx.updateTable("comment").set({ hidden_at: null, hidden_by: null }).where("id", "=", row.id).execute();
    await recount(trx, row.story_id, row.parent_id, 1);
    return { ok: true } as const;
  });
}

/**
 * Sets the story's and each thread's counts from the rows (not hidden, not deleted), for a write
 * that changes many comments at once (a curator hiding all of a member's comments).
 */
export async function recountStoryComments(trx: Trx, storyId: string): Promise<void> {
  await trx
    .updateTable("comment")
    .set((eb) => ({
      reply_count: eb
        .selectFrom("comment as r")
        .select((r) => r.fn.countAll<number>().as("n"))
        .whereRef("r.parent_id", "=", "comment.id")
        .where("r.hidden_at", "is", null)
        .where("r.deleted_at", "is", null),
    }))
    .where("story_id", "=", storyId)
    .where("parent_id", "is", null)
    .execute();
  await trx
    .updateTable("story")
    .set((eb) => ({
      comment_count: eb
        .selectFrom("comment")
        .select((c) => c.fn.countAll<number>().as("n"))
        .whereRef("comment.story_id", "=", "story.id")
        .where("comment.hidden_at", "is", null)
        .where("comment.deleted_at", "is", null),
    }))
    .where("id", "=", storyId)
    .execute();
}

/**
 * Before an account is deleted (features/account): its likes leave the counts they are in. The
 * rows themselves go with the account (ON DELETE CASCADE); its comments stay, as 'Deleted account'.
 */
export async function forgetLikesOf(trx: Trx, userId: string): Promise<void> {
  await trx
    .updateTable("comment")
    .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
    .where("id", "in", (eb) => eb.selectFrom("comment_like").select("comment_id").where("user_id", "=", userId))
    .execute();
  await trx.deleteFrom("comment_like").where("user_id", "=", userId).execute();
}
