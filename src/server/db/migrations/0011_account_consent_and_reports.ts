/**
 * An account's data follows the account (issue 29, docs/decisions/0020). Frozen once landed.
 * - `user.newsletter_since`: the account's newsletter consent, kept on the account rather than by
 *   address, so it follows a changed address and goes with a deleted account. Null: not
 *   subscribed. `newsletter_subscriber` keeps the footer's sign-ups of addresses that have no
 *   account. Rows of that table whose address is an account's become the account's consent.
 * - `report.reporter_id` becomes nullable with ON DELETE SET NULL: the curators' record of a report
 *   outlives its reporter's account, anonymised; before, deleting the account deleted its reports.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("user").addColumn("newsletter_since", timestampType(dialect)).execute();
  // Both addresses are stored lower-cased (Better Auth; the newsletter's schema).
  await sql`
    update "user" set newsletter_since = (select n.created_at from newsletter_subscriber n where n.email = "user".email)
    where exists (select 1 from newsletter_subscriber n where n.email = "user".email)`.execute(db);
  await sql`delete from newsletter_subscriber where email in (select email from "user")`.execute(db);

  if (dialect === "postgres") {
    const { rows } = await sql<{ name: string }>`
      select con.conname as name from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      where rel.relname = 'report' and con.contype = 'f'
        and con.confrelid = (select oid from pg_class where relname = 'user' and relkind = 'r' limit 1)`.execute(db);
    for (const { name } of rows) await sql`alter table report drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table report alter column reporter_id drop not null`.execute(db);
    await sql`alter table report add constraint report_reporter_id_fkey foreign key (reporter_id) references "user" (id) on delete set null`.execute(db);
  } else {
    await rebuildSqliteTable(db, "report", (ddl) =>
      ddl.replace(/"reporter_id" text not null references "user" \("id"\) on delete cascade/i, `"reporter_id" text references "user" ("id") on delete set null`),
    );
  }
}

/**
 * SQLite cannot alter a column's constraints, so the table is rebuilt the documented way
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"), as 0009 did for
 * `order`: foreign keys off (outside any transaction), a new table from the edited DDL, copy, drop,
 * rename, indexes again, a foreign key check, all in one transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function rebuildSqliteTable(db: Kysely<any>, table: string, edit: (ddl: string) => string): Promise<void> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const found = rows.find((r) => r.type === "table");
  if (!found?.sql) throw new Error(`${table} table not found`);
  const edited = edit(found.sql);
  if (edited === found.sql) throw new Error(`${table} is not declared as expected; the rebuild would change nothing`);
  const others = rows.filter((r) => r.type !== "table");
  const rebuilt = `${table}_rebuilt`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(edited.replace(new RegExp(`^create table "?${table}"?`, "i"), `create table "${rebuilt}"`)).execute(trx);
      await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx);
      await sql`drop table ${sql.table(table)}`.execute(trx);
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx);
      for (const other of others) await sql.raw(other.sql!).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`foreign key check failed after rebuilding ${table}: ${JSON.stringify(broken[0])}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // Consent goes back to the footer's table, by the account's address.
  await sql`
    insert into newsletter_subscriber (email, created_at)
    select email, newsletter_since from "user" where newsletter_since is not null`.execute(db);
  await db.schema.alterTable("user").dropColumn("newsletter_since").execute();
  // report.reporter_id stays nullable: reports of deleted accounts have no reporter to point back to.
}
