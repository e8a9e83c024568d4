/**
 * Runs a Kysely SELECT on the hot read paths. On SQLite it compiles the query once and runs it
 * through a cached better-sqlite3 prepared statement (keyed by SQL text); elsewhere, and while a
 * Kysely transaction holds the SQLite connection, it goes through Kysely as usual. The query itself
 * is written once, with Kysely, for both databases.
 *
 * Why: Kysely's SQLite driver prepares every statement per call and queues calls behind a mutex;
 * `npm run bench` measures the difference on the store's product list (ARCHITECTURE.md §2).
 */
import type SQLite from "better-sqlite3";
import type { Compilable } from "kysely";
import type { Db } from "./client.js";

/** Distinct SQL texts kept per connection; the catalog builds a few dozen shapes at most. */
const MAX_STATEMENTS = 200;
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

function prepared(handle: SQLite.Database, text: string): SQLite.Statement {
  let cache = statements.get(handle);
  if (!cache) {
    cache = new Map();
    statements.set(handle, cache);
  }
  let statement = cache.get(text);
  if (statement) return statement;
  statement = handle.prepare(text);
  if (!statement.reader) throw new Error("selectRows runs queries that return rows only");
  if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
  cache.set(text, statement);
  return statement;
}

export async function selectRows<R>(database: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const handle = database.sqlite;
  // better-sqlite3 has one connection: inside another request's open transaction a direct read
  // would see its uncommitted rows, so wait for Kysely's connection lock like any other query.
  if (handle && !handle.inTransaction) {
    return prepared(handle, compiled.sql).all(...compiled.parameters) as R[];
  }
  const result = await database.db.executeQuery(compiled);
  return result.rows;
}
