/**
 * Scheduled drops (issue 31, docs/decisions/0025). Frozen once landed.
 * - `product.drops_at`: when a scheduled product opens for sale. Null: on sale as soon as it is
 *   public (every existing product). Before it the product is shown with its time and cannot be
 *   added to a cart or ordered; the server's clock decides, never the browser's.
 * - `product.limit_per_buyer`: at most this many units to one account, over all its orders that
 *   were not cancelled; null: no limit. Checked when the order is placed.
 * - `product.status` (`draft` | `published`; every existing product published) and `version`
 *   (optimistic concurrency, as a story's): creators write their products in the studio, and only
 *   a published one is public. `updated_at`: the last studio write (null for sample products).
 */
import type { Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("product").addColumn("drops_at", timestampType(dialect)).execute();
  await db.schema.alterTable("product").addColumn("limit_per_buyer", "integer").execute();
  await db.schema.alterTable("product").addColumn("status", "text", (c) => c.notNull().defaultTo("published")).execute();
  await db.schema.alterTable("product").addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("product").addColumn("updated_at", timestampType(dialect)).execute();

}
