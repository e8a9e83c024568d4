/**
 * 'Notify me' (issue 32, docs/decisions/0030). Frozen once landed.
 * - `stock_alert`: an account waits for a sold-out size (`variant_id`, a size's variant or the
 *   product's default one) or for a scheduled drop to open (`variant_id` = the product's id). One
 *   e-mail when it is back or opens, and the row goes: the request ends. Gone with the account or
 *   the product.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const now = dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("stock_alert")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("product_id", "text", (c) => c.notNull().references("product.id").onDelete("cascade"))
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("created_at", timestampType(dialect), (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("stock_alert_once", ["user_id", "variant_id"])
    .execute();
  // The restock's and the opening's look for who waits.
  await db.schema.createIndex("stock_alert_variant_idx").on("stock_alert").columns(["variant_id", "id"]).execute();
  await db.schema.createIndex("stock_alert_product_idx").on("stock_alert").columns(["product_id", "id"]).execute();
}
