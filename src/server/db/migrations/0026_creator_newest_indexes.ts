/**
 * A creator's newest rows, in the order their pages and the follow feed read them (issue 36,
 * "a million products" in docs/performance.md). Frozen once landed.
 *
 * - `story_creator_date_idx`: a creator's page lists their stories by date, newest first; with
 *   only `story_creator_idx (creator_id, status)` a creator with 100,000 stories had all of them
 *   read and sorted for a page of 60 (286 ms; 0.6 ms walked in order).
 * - `story_creator_feed_idx`, `product_creator_feed_idx`: the follow feed's time of an item (a
 *   story's publication, a drop's opening), per creator, newest first: the feed reads at most a
 *   page's worth from each followed creator (feed.queries.ts).
 */
import { sql, type Kysely } from "kysely";
import { descNullsLastIndexColumn, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex("story_creator_date_idx")
    .on("story")
    .expression(sql`creator_id, ${descNullsLastIndexColumn(dialect, "date")}, id desc`)
    .execute();
  await db.schema
    .createIndex("story_creator_feed_idx")
    .on("story")
    .expression(sql`creator_id, (coalesce(published_at, created_at)) desc, id desc`)
    .execute();
  await db.schema
    .createIndex("product_creator_feed_idx")
    .on("product")
    .expression(sql`creator_id, (coalesce(drops_at, created_at)) desc, id desc`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("product_creator_feed_idx").execute();
  await db.schema.dropIndex("story_creator_feed_idx").execute();
  await db.schema.dropIndex("story_creator_date_idx").execute();
}
