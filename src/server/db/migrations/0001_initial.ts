/**
 * Initial schema: Better Auth's tables (user extended with the profile of spec §3) and the
 * catalogue, creators, carts, favorites, orders and rate-limit counters. Frozen once landed.
 */
import { sql, type Kysely } from "kysely";
import { bigintType, descNullsLastIndexColumn, timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  const now = dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await db.schema
    .createTable("creator")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("bio", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`length(state) = 2`))
    .addColumn("instagram", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("approved", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("joined", ts, (c) => c.notNull().defaultTo(now))
    .addColumn("user_id", "text")
    .execute();

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", ts, (c) => c.notNull().defaultTo(now))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("subscribed", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creator_id", "text", (c) => c.references("creator.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_user_id_idx").on("session").column("user_id").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", ts)
    .addColumn("refresh_token_expires_at", ts)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_user_id_idx").on("account").column("user_id").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", ts, (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  await db.schema
    .createTable("story")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("date", ts)
    .addColumn("image_url", "text")
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .execute();
  // Newest first, undated last, with a stable tie-break: the order of GET /api/stories (keyset paging).
  await db.schema
    .createIndex("story_date_idx")
    .on("story")
    .expression(sql`${descNullsLastIndexColumn(dialect, "date")}, id desc`)
    .execute();

  await db.schema
    .createTable("product")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('merch', 'artifact')`))
    .addColumn("category", "text", (c) =>
      c.notNull().check(sql`category in ('clothing', 'art', 'music', 'video', 'other')`),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn("limited_edition", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("image_url", "text")
    .addColumn("story_id", "text", (c) => c.references("story.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .execute();
  // The store lists products newest first (created_at desc, id desc) with keyset paging. One index
  // per filter puts the equality columns first and the sort key after them, so the first page of any
  // filtered list reads only its own rows, whatever the size of the table (GET /api/products).
  // product_story_idx also serves the story foreign key (ON DELETE SET NULL).
  await db.schema.createIndex("product_created_idx").on("product").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("product_kind_idx").on("product").columns(["kind", "created_at", "id"]).execute();
  await db.schema
    .createIndex("product_story_idx")
    .on("product")
    .columns(["story_id", "kind", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("product_category_idx")
    .on("product")
    .columns(["kind", "category", "created_at", "id"])
    .execute();

  await db.schema.createIndex("creator_user_idx").on("creator").column("user_id").execute();

  await db.schema
    .createTable("creator_discipline")
    .addColumn("creator_id", "text", (c) => c.notNull().references("creator.id").onDelete("cascade"))
    .addColumn("discipline", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("creator_discipline_pk", ["creator_id", "discipline"])
    .execute();
  await db.schema
    .createIndex("creator_discipline_idx")
    .on("creator_discipline")
    .columns(["discipline", "creator_id"])
    .execute();

  await db.schema
    .createTable("creator_story")
    .addColumn("creator_id", "text", (c) => c.notNull().references("creator.id").onDelete("cascade"))
    .addColumn("story_id", "text", (c) => c.notNull().references("story.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("creator_story_pk", ["creator_id", "story_id"])
    .execute();
  await db.schema.createIndex("creator_story_story_idx").on("creator_story").columns(["story_id", "creator_id"]).execute();

  await db.schema
    .createTable("cart_item")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("cart_item_pk", ["user_id", "product_id"])
    .execute();

  await db.schema
    .createTable("favorite")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('story', 'creator', 'product')`))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("favorite_pk", ["user_id", "kind", "item_id"])
    .execute();

  await db.schema
    .createTable("order")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("order_user_idx").on("order").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("order_item")
    .addColumn("order_id", "text", (c) => c.notNull().references("order.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint("order_item_pk", ["order_id", "product_id"])
    .execute();

  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", bigintType(dialect), (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "rate_limit", "order_item", "order", "favorite", "cart_item", "creator_story",
    "creator_discipline", "product", "story", "verification", "account", "session", "user", "creator",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
