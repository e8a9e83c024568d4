/**
 * Invoices (issue 29, docs/decisions/0009). Frozen once landed.
 * - `invoice`: one per order, issued in the order's own transaction. `number` (INV-2026-000123) is
 *   unique; `seller` and `payment` are the seller's details and the payment instructions as they
 *   were when it was issued (JSON text), so a later change of settings never rewrites an invoice
 *   already sent. The buyer, lines and totals are the order's, which never change.
 * - `invoice_counter`: the last number given in each year. Checkout takes the next one with one
 *   upsert, last before its commit; a rolled-back checkout takes its number back with it, so the
 *   numbers of a year have no gaps.
 * Orders placed before this migration have no invoice.
 */
import type { Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable("invoice_counter")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("invoice")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("order.id").onDelete("cascade"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", ts, (c) => c.notNull())
    .addColumn("due_at", ts, (c) => c.notNull())
    .addColumn("seller", "text", (c) => c.notNull())
    .addColumn("payment", "text", (c) => c.notNull())
    .execute();
}
