/**
 * Checkout and orders (docs/decisions/0009): the contact and shipping details an order ships to,
 * its idempotency key (unique per user), how it is paid, when it last changed; and each user's
 * saved address, offered again at the next checkout. Frozen once landed.
 */
import { sql, type Kysely } from "kysely";
import { addedTimestampDefault, nowDefault, timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  const now = nowDefault(dialect);

  // SQLite adds one column per ALTER TABLE.
  const textColumns = ["contact_email", "shipping_name", "address_line1", "address_line2", "city", "state", "zip", "phone"];
  for (const column of textColumns) {
    await db.schema.alterTable("order").addColumn(column, "text", (c) => c.notNull().defaultTo("")).execute();
  }
  await db.schema.alterTable("order").addColumn("idempotency_key", "text").execute();
  await db.schema
    .alterTable("order")
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo("invoice").check(sql`payment_method in ('invoice')`))
    .execute();
  await db.schema
    .alterTable("order")
    .addColumn("payment_status", "text", (c) =>
      c.notNull().defaultTo("due").check(sql`payment_status in ('due', 'paid', 'void')`),
    )
    .execute();
  await db.schema
    .alterTable("order")
    .addColumn("updated_at", ts, (c) => c.notNull().defaultTo(addedTimestampDefault(dialect)))
    .execute();
  await db.updateTable("order").set({ updated_at: sql`created_at` }).execute();

  // A repeat of one order attempt finds the first (NULL keys, of orders made before, never clash).
  await db.schema
    .createIndex("order_user_idempotency_idx")
    .on("order")
    .columns(["user_id", "idempotency_key"])
    .unique()
    .execute();
  // Newest first with a stable tie-break: GET /api/orders (keyset paging).
  await db.schema.createIndex("order_user_created_idx").on("order").columns(["user_id", "created_at", "id"]).execute();
  await db.schema.dropIndex("order_user_idx").execute();
  // Cancelling returns stock per line; the foreign key to product wants an index too.
  await db.schema.createIndex("order_item_product_idx").on("order_item").column("product_id").execute();

  await db.schema
    .createTable("saved_address")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("contact_email", "text", (c) => c.notNull())
    .addColumn("shipping_name", "text", (c) => c.notNull())
    .addColumn("address_line1", "text", (c) => c.notNull())
    .addColumn("address_line2", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("saved_address").ifExists().execute();
  await db.schema.dropIndex("order_item_product_idx").ifExists().execute();
  await db.schema.dropIndex("order_user_created_idx").ifExists().execute();
  await db.schema.dropIndex("order_user_idempotency_idx").ifExists().execute();
  await db.schema.createIndex("order_user_idx").on("order").columns(["user_id", "created_at"]).execute();
  for (const column of [
    "updated_at", "payment_status", "payment_method", "idempotency_key",
    "phone", "zip", "state", "city", "address_line2", "address_line1", "shipping_name", "contact_email",
  ]) {
    await db.schema.alterTable("order").dropColumn(column).execute();
  }
}
