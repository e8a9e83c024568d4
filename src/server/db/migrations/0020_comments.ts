/**
 * Comments on stories (issue 33, docs/decisions/0032). Frozen once landed.
 * - `comment`: two levels. `parent_id` is the thread's top-level comment (null for one), and
 *   `reply_to_id` the comment a reply answers (to name whom). A comment removed while it has replies
 *   keeps its row with `deleted_at` (the page shows 'Comment deleted'); one without is deleted.
 *   `hidden_at`/`hidden_by` (`author`, `staff`, `reports`) hide it from everyone but its writer and
 *   staff. `user_id` goes null with a deleted account ('Deleted account'). `like_count` and a
 *   top-level comment's `reply_count` (replies the public sees) are kept with each write, so a page
 *   never counts.
 * - `comment_like`: one per member and comment.
 * - `comment_ban`: a member may not comment, reply, edit or like until `until` (null: for good).
 * - `story.comments_open`: the author's switch; `story.comment_count`: what the public sees.
 * - `user.comment_mail`: e-mail the member about comments on their stories and replies to them.
 */
import type { Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable("comment")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("story_id", "text", (c) => c.notNull().references("story.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("parent_id", "text", (c) => c.references("comment.id").onDelete("cascade"))
    .addColumn("reply_to_id", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("edited_at", ts)
    .addColumn("deleted_at", ts)
    .addColumn("hidden_at", ts)
    .addColumn("hidden_by", "text")
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A story's threads by time and by likes, a thread's replies, a member's own comments.
  await db.schema.createIndex("comment_story_time_idx").on("comment").columns(["story_id", "parent_id", "created_at", "id"]).execute();
  await db.schema.createIndex("comment_story_liked_idx").on("comment").columns(["story_id", "parent_id", "like_count", "id"]).execute();
  await db.schema.createIndex("comment_user_idx").on("comment").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("comment_parent_idx").on("comment").columns(["parent_id", "created_at", "id"]).execute();
  await db.schema
    .createTable("comment_like")
    .addColumn("comment_id", "text", (c) => c.notNull().references("comment.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_like_pk", ["comment_id", "user_id"])
    .execute();
  await db.schema.createIndex("comment_like_user_idx").on("comment_like").columns(["user_id", "comment_id"]).execute();
  await db.schema
    .createTable("comment_ban")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("until", ts)
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("story")
    .addColumn("comments_open", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable("story")
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("user")
    .addColumn("comment_mail", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
}
