/**
 * The server the browser tests drive: the real build and server over a fresh, seeded SQLite
 * database in a temporary directory that is removed on exit.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSiteIfNeeded } from "./build-site.mjs";

const bundle = await buildSiteIfNeeded();
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
const { running } = await import(`../${bundle}`);

// Tests arrange some rows straight in the database (e2e/fixtures.ts), past the write routes that
// invalidate the response cache: after each such write they POST /drop-cache here, on a loopback port of its
// own that only this test server opens, and the cached pages and reads are dropped before the
// answer, so the next page shows the rows.
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 0);
if (controlPort) {
  const { responseCache, clock } = await running;
  const { createServer } = await import("node:http");
  createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://control");
    if (req.method === "POST" && url.pathname === "/drop-cache") {
      responseCache.store.clear();
      res.writeHead(204).end();
    } else if (req.method === "POST" && url.pathname === "/clock") {
      // The server's clock this many ms ahead of the system's (e2e/fixtures.ts moveServerClock).
      clock.setOffset(Number(url.searchParams.get("offset") ?? 0));
      res.writeHead(204).end();
    } else res.writeHead(404).end();
  }).listen(controlPort, "127.0.0.1");
}
