/**
 * The creator studio (docs/decisions/0018): stories get an author, a Markdown body, a status
 * (draft or published), a version for optimistic concurrency and an uploaded cover; creators an
 * uploaded avatar; products the creator who sells them; and `media` holds every uploaded image
 * (its variants live in media storage under its content hash). Frozen once landed.
 *
 * Sample stories stay published and authorless (the three directory stories are seed content).
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);

  await db.schema
    .createTable("media")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // sha256 of the uploaded bytes (hex, 32 characters): the storage prefix of every variant.
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    // ThumbHash, base64: a ~25-byte blurred preview shown until the image arrives.
    .addColumn("placeholder", "text", (c) => c.notNull())
    // JSON array of the widths stored, ascending; each in AVIF, WebP and JPEG.
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    // Set by the sweep when nothing refers to the image any more, cleared when something does again;
    // the image is deleted once this is older than the grace period.
    .addColumn("orphaned_at", ts)
    .execute();
  await db.schema.createIndex("media_owner_idx").on("media").columns(["owner_id", "created_at"]).execute();
  await db.schema.createIndex("media_hash_idx").on("media").column("hash").execute();

  await db.schema
    .alterTable("story")
    .addColumn("creator_id", "text", (c) => c.references("creator.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("story").addColumn("body", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema
    .alterTable("story")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published").check(sql`status in ('draft', 'published')`))
    .execute();
  await db.schema.alterTable("story").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .alterTable("story")
    .addColumn("cover_media_id", "text", (c) => c.references("media.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("story").addColumn("updated_at", ts).execute();
  await db.schema.alterTable("story").addColumn("published_at", ts).execute();
  await db.updateTable("story").set({ updated_at: sql`created_at`, published_at: sql`created_at` }).execute();
  // A creator's studio list and public page: a creator has tens of stories, sorted after the lookup.
  await db.schema.createIndex("story_creator_idx").on("story").columns(["creator_id", "status"]).execute();
  await db.schema.createIndex("story_cover_idx").on("story").column("cover_media_id").execute();

  await db.schema
    .alterTable("creator")
    .addColumn("avatar_media_id", "text", (c) => c.references("media.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("creator_avatar_idx").on("creator").column("avatar_media_id").execute();

  await db.schema
    .alterTable("product")
    .addColumn("creator_id", "text", (c) => c.references("creator.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("product_creator_idx").on("product").columns(["creator_id", "created_at", "id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("product_creator_idx").ifExists().execute();
  await db.schema.alterTable("product").dropColumn("creator_id").execute();
  await db.schema.dropIndex("creator_avatar_idx").ifExists().execute();
  await db.schema.alterTable("creator").dropColumn("avatar_media_id").execute();
  await db.schema.dropIndex("story_cover_idx").ifExists().execute();
  await db.schema.dropIndex("story_creator_idx").ifExists().execute();
  for (const column of ["published_at", "updated_at", "cover_media_id", "version", "status", "body", "creator_id"]) {
    await db.schema.alterTable("story").dropColumn(column).execute();
  }
  await db.schema.dropTable("media").ifExists().execute();
}
