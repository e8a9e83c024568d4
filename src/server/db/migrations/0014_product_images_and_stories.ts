/**
 * A product's pictures and its stories (issue 31, docs/decisions/0028). Frozen once landed.
 * - `product_image`: up to five uploaded images per product, in the seller's order; position 0 is
 *   the cover (the card, the carousel and the shared link's picture). The media sweep keeps every
 *   image a product names (server/media/gc.ts). Products without rows keep their `image_url`.
 * - `product_story`: the stories a product belongs to (the store's 'Filter by Story' and its
 *   facets read them). Every product's one `story_id` becomes its first row. `product.story_id`
 *   stays as the lead story (position 0), written with the rows: the product answer names it, and
 *   SQLite cannot drop a column a foreign key uses without rebuilding the table.
 */
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("product_image")
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("media_id", "text", (c) => c.notNull().references("media.id"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint("product_image_pk", ["product_id", "media_id"])
    .execute();
  // The sweep asks whether any product names a media row.
  await db.schema.createIndex("product_image_media_idx").on("product_image").column("media_id").execute();

  await db.schema
    .createTable("product_story")
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("story_id", "text", (c) => c.notNull().references("story.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint("product_story_pk", ["product_id", "story_id"])
    .execute();
  // 'Filter by Story' and the facets go from the story to its products.
  await db.schema.createIndex("product_story_story_idx").on("product_story").columns(["story_id", "product_id"]).execute();
  await db
    .insertInto("product_story")
    .columns(["product_id", "story_id", "position"])
    .expression(db.selectFrom("product").select(["id as product_id", "story_id", sql.lit(0).as("position")]).where("story_id", "is not", null))
    .execute();
}
