/**
 * Sizes and editions (issue 31, docs/decisions/0026). Frozen once landed.
 * - `product_variant`: what a buyer picks and what stock is counted on. Clothing has one row per
 *   size (XS…XXL); everything else one default row without a size whose id is the product's id,
 *   so every existing cart line, order line and link stays valid. `retired`: a size the seller
 *   took away; kept, because orders name it, and never sold again. `product.stock` stays as the
 *   total over a product's variants, written only with them (features/catalog/stock.service.ts),
 *   so the lists' 'Sold Out' and sorting read one column.
 * - `product.edition_size` (an art edition: "Edition of 25") and `editions_numbered` (the last
 *   edition number handed out; each unit sold takes the next). `order_item.edition_from` and
 *   `edition_of` keep the numbers a line got (7/25), whatever the product says later.
 * - `cart_item` and `order_item` are rebuilt keyed by variant (the same tee in M and in L is two
 *   lines), with `variant_id` and, on order lines, the `size` as sold. Every existing row gets its
 *   product's default variant.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  const now = dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

  await db.schema
    .createTable("product_variant")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("size", "text")
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("retired", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex("product_variant_product_idx").on("product_variant").columns(["product_id", "position"]).execute();
  await db
    .insertInto("product_variant")
    .columns(["id", "product_id", "stock", "position"])
    .expression(db.selectFrom("product").select(["id", "id as product_id", "stock", sql.lit(0).as("position")]))
    .execute();

  await db.schema.alterTable("product").addColumn("edition_size", "integer").execute();
  await db.schema.alterTable("product").addColumn("editions_numbered", "integer", (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable("cart_line")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variant.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("created_at", ts, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("cart_item_variant_pk", ["user_id", "variant_id"])
    .execute();
  await db
    .insertInto("cart_line")
    .columns(["user_id", "product_id", "variant_id", "quantity", "created_at"])
    .expression(db.selectFrom("cart_item").select(["user_id", "product_id", "product_id as variant_id", "quantity", "created_at"]))
    .execute();
  await db.schema.dropTable("cart_item").execute();
  await db.schema.alterTable("cart_line").renameTo("cart_item").execute();

  await db.schema
    .createTable("order_line")
    .addColumn("order_id", "text", (c) => c.notNull().references("order.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id"))
    .addColumn("variant_id", "text", (c) => c.notNull().references("product_variant.id"))
    .addColumn("size", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("edition_from", "integer")
    .addColumn("edition_of", "integer")
    .addPrimaryKeyConstraint("order_item_variant_pk", ["order_id", "variant_id"])
    .execute();
  await db
    .insertInto("order_line")
    .columns(["order_id", "product_id", "variant_id", "title", "price_cents", "quantity"])
    .expression(db.selectFrom("order_item").select(["order_id", "product_id", "product_id as variant_id", "title", "price_cents", "quantity"]))
    .execute();
  await db.schema.dropTable("order_item").execute();
  await db.schema.alterTable("order_line").renameTo("order_item").execute();
  // Cancelling returns stock per line; the foreign keys want their indexes too.
  await db.schema.createIndex("order_item_product_idx").on("order_item").column("product_id").execute();
  await db.schema.createIndex("order_item_variant_idx").on("order_item").column("variant_id").execute();
}
