/**
 * Kysely's SQLite driver prepares every query it runs, and preparing (parsing and planning the SQL)
 * cost more than running most of our queries: 8% of a signed-in cart read was spent in prepare().
 * The SQL Kysely compiles is the same text for the same query shape, so statements are kept by
 * their text and reused. Reuse is safe: better-sqlite3 runs a statement synchronously, Kysely
 * holds its one SQLite connection for a query at a time, and SQLite re-prepares a statement by
 * itself when the schema changes under it (a migration). Bounded, least recently used first out,
 * for query shapes that vary with their input (an IN list's length).
 */
import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

export const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(handle: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase & { readonly cached: number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    get cached() {
      return statements.size;
    },
    close: () => handle.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last; the first key is the one to drop.
        statements.delete(text);
      } else {
        statement = handle.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}
