/**
 * The server the browser tests drive: the real build and server over a fresh, seeded SQLite
 * database in a temporary directory that is removed on exit.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { buildServerIfNeeded } from "./build-server.mjs";

buildIfNeeded();
const bundle = await buildServerIfNeeded();
// Playwright names the directory (E2E_DATA_DIR) so tests can open the database to arrange data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "maybe-e2e-"));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on("exit", cleanup);

Object.assign(process.env, {
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${join(dataDir, "maybe.db")}`,
  PORT: process.env.E2E_PORT ?? "4173",
  PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? "4173"}`,
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
  SEED_ON_START: "true",
  AUTH_RATE_LIMIT_IP: "100000",
  AUTH_RATE_LIMIT_ACCOUNT: "100000",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
await import(`../${bundle}`);
