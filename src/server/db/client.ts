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
import type { Database } from "./types.js";

// COUNT(*) and bigint columns arrive as strings by default; our values fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for prepared hot-path statements; undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
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
  // Unicode-aware lower-casing for case-insensitive search (SQLite's own lower() is ASCII only).
  handle.function("fold", { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? value.toLocaleLowerCase() : value,
  );
  return handle;
}

export function createDb(url: string): Db {
  if (url.startsWith("file:")) {
    const handle = openSqlite(sqlitePathFromUrl(url));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) });
    return {
      db,
      dialect: "sqlite",
      sqlite: handle,
      async ping() {
        handle.prepare("select 1").get();
      },
      async close() {
        await db.destroy();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}
