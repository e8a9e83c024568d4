/**
 * The differences between SQLite and PostgreSQL: column types, timestamps and booleans as each
 * returns them, sort keys, constraint errors, write transactions and row locks. Queries and
 * migrations ask this module instead of branching on the database kind themselves, so both stay
 * one code path. Searching, which differs most, has its own room: search/search-condition.ts.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from "kysely";

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

/**
 * A column as a condition names it when the query must not be answered through that column's
 * index. SQLite keeps no statistics here, so it takes any equality on an indexed column for a
 * selective one (kind = 'artifact' is half of all products) and would walk that index through
 * every match rather than read the few rows the query names by primary key (the featured rows).
 * The unary plus is SQLite's documented way to say "not this index"; PostgreSQL plans from
 * statistics and gets the plain column.
 */
export function unindexed(dialect: DialectName, column: string): RawBuilder<unknown> {
  return dialect === "sqlite" ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
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

/**
 * SELECT … FOR NO KEY UPDATE on PostgreSQL: the lock an UPDATE that changes no key takes itself,
 * so taking it first (in a chosen order) never waits on the key-share locks that rows referencing
 * these take through their foreign keys, as FOR UPDATE would. SQLite: as lockForUpdate.
 */
export function lockForNoKeyUpdate<QB extends { forNoKeyUpdate(): QB }>(dialect: DialectName, query: QB): QB {
  return dialect === "postgres" ? query.forNoKeyUpdate() : query;
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

/**
 * The column's text begins with `prefix`, exactly (case and all), in a form each database can
 * answer from a b-tree index on the column: SQLite's GLOB (LIKE there ignores case, so it cannot
 * use a plain index), PostgreSQL's LIKE (an index range under the C collation, a row-by-row test
 * otherwise). The prefix's wildcards are escaped.
 */
export function startsWith(dialect: DialectName, column: Expression<unknown>, prefix: string): RawBuilder<boolean> {
  if (dialect === "sqlite") {
    const pattern = prefix.replace(/[*?[]/g, (c) => `[${c}]`) + "*";
    return sql<boolean>`${column} glob ${pattern}`;
  }
  const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  return sql<boolean>`${column} like ${pattern}`;
}
