/**
 * `npm run db:backup [-- path]`: a consistent copy of the SQLite database while the site keeps
 * serving. better-sqlite3's backup() uses SQLite's online backup API, which copies page by page
 * and restarts if a write lands meanwhile, so the copy is never half-written (copying the .db
 * file alone can miss what is still in the -wal file). PostgreSQL is backed up with pg_dump.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { loadConfig } from "../src/server/config.js";
import { sqlitePathFromUrl } from "../src/server/db/client.js";

const config = loadConfig();
if (!config.databaseUrl.startsWith("file:")) {
  console.error("DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=maybe.dump \"$DATABASE_URL\"");
  process.exit(2);
}
const source = sqlitePathFromUrl(config.databaseUrl);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = resolve(process.argv[2] ?? `backups/maybe-${stamp}.db`);
mkdirSync(dirname(target), { recursive: true });
const db = new SQLite(source, { readonly: true, fileMustExist: true });
try {
  await db.backup(target);
  const check = new SQLite(target, { readonly: true });
  const ok = check.pragma("integrity_check", { simple: true });
  check.close();
  console.log(`Backed up ${source} to ${target} (integrity: ${ok}).`);
} finally {
  db.close();
}
