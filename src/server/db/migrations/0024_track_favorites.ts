/**
 * Tracks are a fourth kind of favorite (issue 34, docs/decisions/0033). Frozen once landed.
 * - `favorite.kind`'s CHECK constraint (migration 0001) admits 'track' besides 'story', 'creator'
 *   and 'product'. The table keeps its primary key (user_id, kind, item_id), which every read and
 *   write of favorites goes by; favorites still name their items without a foreign key.
 */
import { sql, type Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

const OLD_KINDS = `'story', 'creator', 'product'`;
const NEW_KINDS = `'story', 'creator', 'product', 'track'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await setKinds(db, dialect, OLD_KINDS, NEW_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The favorites of tracks go; the wider constraint stays (a rebuild needs to know the dialect,
  // which a down migration is not told), and admits nothing an older release would write.
  await sql`delete from favorite where kind = 'track'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function setKinds(db: Kysely<any>, dialect: DialectName, from: string, to: string): Promise<void> {
  if (dialect === "postgres") {
    // The constraint's name is PostgreSQL's choice (favorite_kind_check): found by what it checks.
    const { rows } = await sql<{ name: string }>`
      select con.conname as name from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      where rel.relname = 'favorite' and con.contype = 'c' and pg_get_constraintdef(con.oid) like '%kind%'`.execute(db);
    for (const { name } of rows) await sql`alter table favorite drop constraint ${sql.id(name)}`.execute(db);
    await sql.raw(`alter table favorite add constraint favorite_kind_check check (kind in (${to}))`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, "favorite", (ddl) => ddl.replace(`kind in (${from})`, `kind in (${to})`));
}

/**
 * SQLite cannot alter a constraint, so the table is rebuilt the documented way
 * (sqlite.org/lang_altertable.html, "other kinds of table schema changes"), as 0011 and 0021 did
 * for `report` (copied, not imported: migrations are frozen and stand alone): foreign keys off
 * (outside any transaction), a new table from the edited DDL, copy, drop, rename, indexes again,
 * a foreign key check, all in one transaction.
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
