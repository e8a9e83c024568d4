/**
 * The back office (docs/decisions/0019): a role on every user; curation (featured order, hidden
 * items, suspended creators); the fulfilment of orders (when each step happened, carrier and
 * tracking number); reports of stories, products and creators; and the append-only audit log of
 * every back-office action. Frozen once landed.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);

  await db.schema
    .alterTable("user")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("member").check(sql`role in ('member', 'curator', 'admin')`))
    .execute();
  // The back office's people list filters by role; the few staff are found at once.
  await db.schema.createIndex("user_role_idx").on("user").column("role").execute();

  // Curation: featured_rank orders what is featured (lowest first; NULL: not featured); hidden_at
  // takes an item off the site until it is unhidden; a suspended creator's content leaves it too.
  for (const table of ["story", "product", "creator"]) {
    await db.schema.alterTable(table).addColumn("featured_rank", "integer").execute();
    await db.schema.alterTable(table).addColumn("hidden_at", ts).execute();
    await db.schema.createIndex(`${table}_featured_idx`).on(table).column("featured_rank").execute();
  }
  await db.schema.alterTable("creator").addColumn("suspended_at", ts).execute();

  // Fulfilment: when each step happened, and where the parcel is.
  for (const column of ["paid_at", "shipped_at", "delivered_at", "closed_at"]) {
    await db.schema.alterTable("order").addColumn(column, ts).execute();
  }
  await db.schema.alterTable("order").addColumn("carrier", "text").execute();
  await db.schema.alterTable("order").addColumn("tracking_number", "text").execute();
  // The back office's order list: by status, newest first (keyset paging), and by contact e-mail.
  await db.schema.createIndex("order_status_created_idx").on("order").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("order_created_idx").on("order").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("order_contact_email_idx").on("order").column("contact_email").execute();

  await db.schema
    .createTable("report")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reporter_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('story', 'product', 'creator')`))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open', 'hidden', 'dismissed')`))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("resolved_at", ts)
    // Kept as text, not a foreign key: a resolver's account may be deleted, the resolution stays.
    .addColumn("resolved_by", "text")
    .addColumn("resolution_note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // One open report per user and item (closed ones do not count).
  await sql`create unique index report_open_once_idx on report (reporter_id, kind, item_id) where status = 'open'`.execute(db);
  await db.schema.createIndex("report_status_created_idx").on("report").columns(["status", "created_at", "id"]).execute();
  await db.schema.createIndex("report_item_idx").on("report").columns(["kind", "item_id"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", ts, (c) => c.notNull())
    // Who acted, as text and with their e-mail at the time: the entry outlives the account.
    // 'cli' for the command line (npm run admin).
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_email", "text", (c) => c.notNull())
    // e.g. order.ship, product.hide, user.role
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    // JSON of the fields the action changed, before and after; null when there was no before.
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_target_idx").on("audit_log").columns(["target_kind", "target_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();

  // Append-only in the database itself, not only for want of a route: no UPDATE or DELETE of an
  // entry succeeds, whatever code runs it.
  if (dialect === "postgres") {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").ifExists().execute();
  await sql`drop function if exists audit_log_append_only()`.execute(db).catch(() => undefined);
  await db.schema.dropTable("report").ifExists().execute();
  for (const index of ["order_contact_email_idx", "order_created_idx", "order_status_created_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ["tracking_number", "carrier", "closed_at", "delivered_at", "shipped_at", "paid_at"]) {
    await db.schema.alterTable("order").dropColumn(column).execute();
  }
  await db.schema.alterTable("creator").dropColumn("suspended_at").execute();
  for (const table of ["story", "product", "creator"]) {
    await db.schema.dropIndex(`${table}_featured_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("hidden_at").execute();
    await db.schema.alterTable(table).dropColumn("featured_rank").execute();
  }
  await db.schema.dropIndex("user_role_idx").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("role").execute();
}
