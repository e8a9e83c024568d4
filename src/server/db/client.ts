/**
 * Opens the database named by DATABASE_URL: `file:` → embedded SQLite (better-sqlite3),
 * `postgres://` → PostgreSQL (pg pool). Both are driven through the same Kysely instance.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DialectName } from "./dialect.js";
import { withStatementCache } from "./statement-cache.js";
import { createGate } from "../lib/gate.js";
import { DEFAULT_POOL_MAX } from "../config.js";
import type { Database } from "./types.js";

/** Connections a full house of checkouts leaves to the other requests. */
const KEPT_FOR_READS = 4;

// COUNT(*) and bigint columns arrive as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for prepared hot-path statements; undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /**
   * Runs a checkout's transaction, a few at a time on PostgreSQL: checkouts of the same products
   * wait on each other's row locks in the database anyway, and each one waiting there holds a
   * connection the reads need, so the pool keeps KEPT_FOR_READS for everything else (measured:
   * docs/decisions/0036). SQLite runs one write transaction at a time already.
   */
  checkout<T>(task: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function sqlitePathFromUrl(url: string): string {
  const path = url.slice("file:".length);
  return path === ":memory:" ? path : resolve(path);
}

export function openSqlite(path: string): SQLite.Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const handle = new SQLite(path);
  handle.pragma("journal_mode = WAL");
  handle.pragma("synchronous = FULL");
  handle.pragma("foreign_keys = ON");
  handle.pragma("busy_timeout = 5000");
  return handle;
}

/** `poolMax`: PostgreSQL connections at most (SQLite has one). */
export function createDb(url: string, options: { poolMax?: number } = {}): Db {
  if (url.startsWith("file:")) {
    const handle = openSqlite(sqlitePathFromUrl(url));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(handle) }) });
    return {
      db,
      dialect: "sqlite",
      sqlite: handle,
      checkout: (task) => task(),
      async ping() {
        handle.prepare("select 1").get();
      },
      async close() {
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? DEFAULT_POOL_MAX, connectionTimeoutMillis: 5000 });
  // A connection the server drops (restart, failover, pg_terminate_backend) makes its client emit
  // 'error'. pg-pool listens only while a client sits idle ('error' on the pool); a client checked
  // out by a request has no listener, and an unhandled 'error' event kills the process. With one
  // on every client, the failure reaches the request as a rejected query (a 503, see
  // unavailable.ts) and pg-pool discards the broken client on release, so the next request gets a
  // fresh connection.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    checkout: createGate(Math.max(1, (options.poolMax ?? DEFAULT_POOL_MAX) - KEPT_FOR_READS)),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
