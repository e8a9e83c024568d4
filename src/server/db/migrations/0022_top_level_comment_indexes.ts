/**
 * A story's top-level comments, in each order the list pages them, from partial indexes
 * (docs/decisions/0032). Frozen once landed.
 *
 * PostgreSQL does not take `parent_id IS NULL` as an equality when it matches an ORDER BY to an
 * index, so 0020's `(story_id, parent_id, like_count, id)` could not give the most-liked first page
 * in order: it read every top-level comment of the story and sorted them (20 ms at 10,000
 * comments, 6.5x a story with 10). Indexes on `(story_id, like_count, id)` and
 * `(story_id, created_at, id)` over the top-level rows only are walked in order and stop at a
 * page. SQLite, which does take it as an equality, reads them the same way.
 * `comment_story_time_idx` stays: the story's foreign key (deleting a story) and the story's
 * replies read it.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("comment_top_liked_idx").on("comment").columns(["story_id", "like_count", "id"]).where(sql.ref("parent_id"), "is", null).execute();
  await db.schema.createIndex("comment_top_time_idx").on("comment").columns(["story_id", "created_at", "id"]).where(sql.ref("parent_id"), "is", null).execute();
  await db.schema.dropIndex("comment_story_liked_idx").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("comment_story_liked_idx").on("comment").columns(["story_id", "parent_id", "like_count", "id"]).execute();
  await db.schema.dropIndex("comment_top_time_idx").execute();
  await db.schema.dropIndex("comment_top_liked_idx").execute();
}
