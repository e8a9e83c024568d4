/**
 * Accounts for real (issue 20, docs/decisions/0020). Frozen once landed.
 * - `outbox`: every e-mail the site sends is a row written in the same transaction as the change it
 *   tells of, and sent afterwards by the outbox worker (server/outbox/), so a rolled-back change
 *   sends nothing and a crash after the commit loses nothing. A row names its template and the
 *   template's props (JSON); the text is rendered when it is sent.
 * - `order.user_id` becomes nullable with ON DELETE SET NULL: a deleted account's orders stay for
 *   the shop's accounts (the decision record says which personal fields stay); before, deleting a
 *   user would have deleted their orders with them.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    // What to send: 'mail' today; notifications and media jobs later.
    .addColumn("kind", "text", (c) => c.notNull())
    // The e-mail template's name (server/emails/catalog.ts) and its props as JSON.
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // The account the message is about, when there is one: the export lists its messages and
    // deletion removes the unsent ones. Not a foreign key: the notice that an account was deleted
    // outlives the account.
    .addColumn("user_id", "text")
    // Two enqueues with one key make one message (e.g. a retried request).
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("created_at", ts, (c) => c.notNull())
    // Not before this: the next attempt after a failure waits longer each time.
    .addColumn("available_at", ts, (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // A worker that claimed the row holds it until then; a worker that died lets it go again.
    .addColumn("claimed_until", ts)
    .addColumn("sent_at", ts)
    // Given up after the last attempt; last_error says why.
    .addColumn("failed_at", ts)
    .addColumn("last_error", "text")
    .execute();
  // The worker's question: what is due and not yet sent or given up.
  await sql`create index outbox_due_idx on outbox (available_at) where sent_at is null and failed_at is null`.execute(db);
  await db.schema.createIndex("outbox_user_idx").on("outbox").columns(["user_id"]).execute();
  await db.schema.createIndex("outbox_sent_idx").on("outbox").columns(["sent_at"]).execute();

  if (dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`
      select con.conname as name from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      where rel.relname = 'order' and con.contype = 'f'
        and con.confrelid = (select oid from pg_class where relname = 'user' and relkind = 'r' limit 1)`.execute(db);
    for (const { name } of rows) await sql`alter table "order" drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table "order" alter column user_id drop not null`.execute(db);
    await sql`alter table "order" add constraint order_user_id_fkey foreign key (user_id) references "user" (id) on delete set null`.execute(db);
  } else {
    await rebuildSqliteOrderTable(db, (ddl) =>
      ddl.replace(/"user_id" text not null references "user" \("id"\) on delete cascade/i, `"user_id" text references "user" ("id") on delete set null`),
    );
  }
}

/**
 * SQLite cannot alter a column's constraints, so the table is rebuilt the documented way
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"): foreign keys off
 * (outside any transaction), a new table from the edited DDL, copy, drop, rename, indexes again,
 * a foreign key check, all in one transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildSqliteOrderTable(db: Kysely<any>, edit: (ddl: string) => string): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'order' and sql is not null`.execute(db);
  const table = rows.find((r) => r.type === "table");
  if (!table?.sql) throw new Error("order table not found");
  const edited = edit(table.sql);
  if (edited === table.sql) throw new Error("order.user_id is not declared as expected; the rebuild would change nothing");
  const others = rows.filter((r) => r.type !== "table");
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(edited.replace(/^create table "order"/i, `create table "order_rebuilt"`)).execute(trx);
      await sql`insert into "order_rebuilt" select * from "order"`.execute(trx);
      await sql`drop table "order"`.execute(trx);
      await sql`alter table "order_rebuilt" rename to "order"`.execute(trx);
      for (const other of others) await sql.raw(other.sql!).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`foreign key check failed after rebuilding order: ${JSON.stringify(broken[0])}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>, dialect?: DialectName): Promise<void> {
  await db.schema.dropTable("outbox").ifExists().execute();
  // order.user_id stays nullable: orders of deleted accounts have no user to point back to.
  void dialect;
}
