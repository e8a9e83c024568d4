/**
 * Indexed search (docs/decisions/0011). Frozen once landed.
 *
 * - product, story and creator get `search_text`: the folded searchable fields, which the app
 *   writes with every row (search/search-text.ts). Existing rows are backfilled here, in batches.
 * - SQLite: one FTS5 table per searched table with the trigram tokenizer, holding the row's id
 *   (unindexed) and a copy of search_text, kept in step by triggers. It keeps its own copy rather
 *   than pointing at the base table (external content) because that needs a stable integer rowid,
 *   and VACUUM may renumber the rowids of tables with a text primary key.
 * - PostgreSQL: pg_trgm and a GIN trigram index on search_text, which serves LIKE '%term%'.
 */
import { sql, type Kysely } from "kysely";
import { creatorSearchText, productSearchText, storySearchText } from "../../search/search-text.js";
import type { DialectName } from "../dialect.js";

const BATCH = 500;

type Searched = "product" | "story" | "creator";

// The fields each table's search text is made of; the text itself comes from search/search-text.ts,
// the one fold the app uses on every write.
const SOURCES: Record<Searched, { columns: string[]; text: (row: Record<string, string>) => string }> = {
  product: { columns: ["title", "description"], text: (r) => productSearchText({ title: r.title!, description: r.description! }) },
  story: { columns: ["title", "description"], text: (r) => storySearchText({ title: r.title!, description: r.description! }) },
  creator: {
    columns: ["first_name", "last_name", "bio", "city"],
    text: (r) => creatorSearchText({ first_name: r.first_name!, last_name: r.last_name!, bio: r.bio!, city: r.city! }),
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
async function backfill(db: Kysely<any>, table: Searched): Promise<void> {
  const { columns, text } = SOURCES[table];
  let after = "";
  for (;;) {
    // Keyset over the primary key: each batch is an index range, however large the table.
    const rows = (await db
      .selectFrom(table)
      .select(["id", ...columns])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute()) as Array<Record<string, string>>;
    if (rows.length === 0) return;
    // One UPDATE … FROM (VALUES …) per batch; both databases name the columns column1, column2.
    const values = sql.join(rows.map((row) => sql`(${row.id}, ${text(row)})`));
    await sql`update ${sql.table(table)} set search_text = v.column2
      from (values ${values}) as v where ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
    after = rows[rows.length - 1]!.id!;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see backfill()
async function sqliteIndex(db: Kysely<any>, table: Searched): Promise<void> {
  const fts = sql.table(`${table}_search`);
  const base = sql.table(table);
  // case_sensitive 1: the text and the term are folded already; the tokenizer must not fold again.
  await sql`create virtual table ${fts} using fts5(id unindexed, search_text, tokenize = 'trigram case_sensitive 1')`.execute(db);
  await sql`insert into ${fts} (id, search_text) select id, search_text from ${base}`.execute(db);
  await sql
    .raw(
      `create trigger ${table}_search_insert after insert on ${table} begin
         insert into ${table}_search (id, search_text) values (new.id, new.search_text);
       end`,
    )
    .execute(db);
  // Finding the FTS row by its unindexed id reads the FTS table; it runs only when a row is
  // deleted or its searchable text changes, never for stock or price updates.
  await sql
    .raw(
      `create trigger ${table}_search_delete after delete on ${table} begin
         delete from ${table}_search where id = old.id;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_search_update after update of id, search_text on ${table} begin
         delete from ${table}_search where id = old.id;
         insert into ${table}_search (id, search_text) values (new.id, new.search_text);
       end`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see backfill()
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const tables: Searched[] = ["product", "story", "creator"];
  for (const table of tables) {
    // SQLite cannot add a NOT NULL column without a default; PostgreSQL drops it after the backfill
    // so that an insert without search_text fails there instead of storing an unsearchable row.
    await db.schema
      .alterTable(table)
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await backfill(db, table);
  }
  if (dialect === "postgres") {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const table of tables) {
      await sql`alter table ${sql.table(table)} alter column search_text drop default`.execute(db);
      await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(db);
    }
  } else {
    for (const table of tables) await sqliteIndex(db, table);
  }
}
