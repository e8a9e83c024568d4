/**
 * The only dialect-specific code. Queries and migrations ask this module instead of branching
 * on the database kind themselves, so SQLite and PostgreSQL stay one code path.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { Db } from "./client.js";
import { FIELD_SEPARATOR, MIN_INDEXED_TERM, foldSearchText } from "../lib/search-text.js";

export type DialectName = "sqlite" | "postgres";

/** Column type for timestamps: ISO text in SQLite, timestamptz in PostgreSQL. */
export function timestampType(dialect: DialectName) {
  return dialect === "postgres" ? "timestamptz" : "text";
}

/** Column type for epoch-millisecond counters. */
export function bigintType(dialect: DialectName) {
  return dialect === "postgres" ? "bigint" : "integer";
}

/** A timestamp value as the API shows it: ISO 8601, or null. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** SQLite returns 0/1 for booleans. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export type SearchedTable = "product" | "story" | "creator";

/**
 * The row's search_text (lib/search-text.ts) contains the term, folded the same way: a substring
 * match, so punctuation, spaces and LIKE wildcards are plain text. For queries that read every
 * match (the site search, sorted by name; counts).
 * - A term of MIN_INDEXED_TERM code points or more is looked up in the trigram index: on SQLite
 *   the FTS5 table `<table>_search` (a phrase query, which the trigram tokenizer answers with
 *   exact substring matches), on PostgreSQL LIKE on the pg_trgm GIN index.
 * - A shorter term has no trigram: LIKE on search_text, row by row (docs/decisions/0011).
 */
export function searchTextContains(dialect: DialectName, table: SearchedTable, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term);
  // A term of combining marks only folds to nothing; it names no text, so it finds nothing.
  if (folded === "") return sql<boolean>`1 = 0`;
  if (dialect === "sqlite" && isIndexable(folded)) {
    const fts = sql.table(`${table}_search`);
    return sql<boolean>`${sql.ref(`${table}.id`)} in (select id from ${fts} where ${fts} match ${ftsPhrase(folded)})`;
  }
  return searchTextLike(dialect, table, folded);
}

/**
 * Most matches an ordered list fetches from SQLite's trigram index by id. A term with more is
 * common enough that walking the list's ordered index and testing each row with LIKE fills a page
 * within about `limit × rows ÷ SPARSE_MATCHES` rows, and so costs less than fetching and sorting
 * every match.
 */
export const SPARSE_MATCHES = 500;

/**
 * searchTextContains() for a list walked in the order of an index and cut at one page (products,
 * creators). PostgreSQL's planner weighs the GIN index against the ordered index itself, from its
 * statistics. SQLite's does not know how many rows a MATCH returns, so this asks the FTS5 table
 * for up to SPARSE_MATCHES + 1 ids first: when that is all of them, the list reads just those rows
 * by primary key (no match: nothing at all); when there are more, it walks its ordered index with
 * LIKE on search_text and stops when the page is full.
 */
export async function searchTextCondition(database: Db, table: SearchedTable, term: string): Promise<RawBuilder<boolean>> {
  const folded = foldSearchText(term);
  if (database.dialect !== "sqlite" || folded === "" || !isIndexable(folded)) {
    return searchTextContains(database.dialect, table, term);
  }
  const fts = sql.table(`${table}_search`);
  const { rows } = await sql<{ id: string }>`select id from ${fts} where ${fts} match ${ftsPhrase(folded)} limit ${SPARSE_MATCHES + 1}`.execute(database.db);
  if (rows.length > SPARSE_MATCHES) return searchTextLike("sqlite", table, folded);
  if (rows.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`${sql.ref(`${table}.id`)} in (${sql.join(rows.map((r) => r.id))})`;
}

function isIndexable(folded: string): boolean {
  return [...folded].length >= MIN_INDEXED_TERM;
}

/** An FTS5 phrase: the trigram tokenizer matches it as an exact substring. */
function ftsPhrase(folded: string): string {
  return `"${folded.replace(/"/g, '""')}"`;
}

function searchTextLike(dialect: DialectName, table: SearchedTable, folded: string): RawBuilder<boolean> {
  const column = sql.ref(`${table}.search_text`);
  const pattern = `%${escapeLike(folded)}%`;
  // PostgreSQL's LIKE escapes with a backslash by default; an explicit ESCAPE clause would turn
  // the pattern into a function call that pg_trgm's index support does not look through.
  return dialect === "postgres"
    ? sql<boolean>`${column} like ${pattern}`
    : sql<boolean>`${column} like ${pattern} escape '\\'`;
}

/**
 * The term occurs in the row's first searched field, its name (title, or a creator's full name):
 * its first occurrence in search_text comes before the first field separator. For ordering the
 * rows searchTextContains() already found; it reads only those rows.
 */
export function searchNameContains(dialect: DialectName, table: SearchedTable, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term);
  const column = sql.ref(`${table}.search_text`);
  const position = (needle: string) =>
    dialect === "postgres" ? sql<number>`strpos(${column}, ${needle})` : sql<number>`instr(${column}, ${needle})`;
  return sql<boolean>`(${position(folded)} between 1 and ${position(FIELD_SEPARATOR)})`;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * An index column sorted newest first with NULLs after every value, matching
 * `orderBy(column, (ob) => ob.desc().nullsLast())`. SQLite's DESC already puts NULLs last and
 * refuses NULLS LAST in an index; PostgreSQL's DESC puts them first unless told otherwise.
 */
export function descNullsLastIndexColumn(dialect: DialectName, column: string): RawBuilder<unknown> {
  return dialect === "postgres" ? sql`${sql.ref(column)} desc nulls last` : sql`${sql.ref(column)} desc`;
}

/**
 * A timestamp column as text that keeps its full precision, for keyset cursors: SQLite stores
 * the ISO text itself; PostgreSQL's timestamptz holds microseconds, which a JS Date would drop.
 */
export function timestampSortKey(dialect: DialectName, column: Expression<unknown>): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${column}`;
}

/** A sort key from timestampSortKey() as a value to compare with the column again. */
export function timestampFromSortKey(dialect: DialectName, key: string): RawBuilder<unknown> {
  return dialect === "postgres" ? sql`cast(${key} as timestamptz)` : sql`${key}`;
}

/** A boolean as the driver accepts it: better-sqlite3 binds only numbers, pg takes booleans. */
export function boolValue(dialect: DialectName, value: boolean): boolean | number {
  return dialect === "sqlite" ? (value ? 1 : 0) : value;
}

/**
 * The column whose unique (or primary key) constraint on `table` an insert violated, or undefined
 * when the error is anything else. better-sqlite3 says "UNIQUE constraint failed: table.column";
 * pg gives SQLSTATE 23505 with the table and "Key (column)=(…) already exists." in the detail.
 */
export function uniqueViolationColumn(error: unknown, table: string): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  if (e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const match = /constraint failed: (\w+)\.(\w+)$/.exec(String(e.message));
    return match && match[1] === table ? match[2] : undefined;
  }
  if (e.code === "23505" && e.table === table) {
    const match = /^Key \((\w+)\)=/.exec(String(e.detail));
    return match ? match[1] : undefined;
  }
  return undefined;
}

/**
 * The default of a timestamp column added to an existing table. PostgreSQL takes now(); SQLite
 * refuses a non-constant default in ALTER TABLE ADD COLUMN, so it gets a constant the migration
 * then overwrites for existing rows (and every insert sets the column itself).
 */
export function addedTimestampDefault(dialect: DialectName): RawBuilder<unknown> | string {
  return dialect === "postgres" ? sql`now()` : "1970-01-01T00:00:00.000Z";
}

/**
 * Runs `work` in one write transaction, committed when it returns and rolled back when it throws.
 * SQLite takes the write lock up front (BEGIN IMMEDIATE), so two writers never both read and then
 * both try to upgrade, which SQLite answers with SQLITE_BUSY at once, busy_timeout or not.
 * PostgreSQL uses an ordinary (read committed) transaction; rows it must not let change are locked
 * with lockForUpdate().
 */
export async function writeTransaction<DB, T>(
  db: Kysely<DB>,
  dialect: DialectName,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (dialect === "postgres") return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/**
 * SELECT … FOR UPDATE on PostgreSQL. SQLite has no row locks and needs none: its write
 * transaction (writeTransaction) already holds the whole database.
 */
export function lockForUpdate<QB extends { forUpdate(): QB }>(dialect: DialectName, query: QB): QB {
  return dialect === "postgres" ? query.forUpdate() : query;
}

/** True for a unique-constraint violation, as either driver reports it. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== "object" || !("code" in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** The current time as a column default (ISO text with milliseconds in SQLite). */
export function nowDefault(dialect: DialectName): RawBuilder<unknown> {
  return dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
}
