/**
 * The reliability and security suite (docs/decisions/0015): crash, fuzz, CSRF, access control and
 * load tests under Vitest (reliability/*.test.ts), then the stored-XSS browser test under
 * Playwright (reliability/xss.spec.ts). Each test prints its figures as `FIGURE …` lines; they are
 * repeated together at the end.
 *
 *   npm run test:reliability            CI lengths, about 4-5 minutes on 2 cores
 *   npm run test:reliability -- --full  full lengths (10 crash trials of 1,000 writes, 60 s load, 5 min soak)
 *
 * PostgreSQL variants run when the server answers (TEST_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres); with REQUIRE_POSTGRES=1 (CI) an unreachable
 * server is a failure, otherwise they are skipped with a printed notice.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const full = process.argv.includes("--full");
const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    await client.end();
    return { ok: true };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

const probe = await postgresReachable();
if (!probe.ok) {
  if (process.env.REQUIRE_POSTGRES === "1") {
    console.error(`PostgreSQL is required but not reachable at ${url}: ${probe.why}`);
    process.exit(1);
  }
  console.log(`\n*** SKIPPED: the PostgreSQL variants of the reliability tests (not reachable at ${url}: ${probe.why}) ***\n`);
}

const figuresDir = mkdtempSync(join(tmpdir(), "maybe-figures-"));
const figures = join(figuresDir, "figures.txt");
const env = {
  ...process.env,
  RELIABILITY_FULL: full ? "1" : "0",
  RELIABILITY_PG: probe.ok ? "1" : "0",
  RELIABILITY_FIGURES: figures,
  TEST_PG_URL: url,
};
console.log(`Reliability suite, ${full ? "full" : "CI"} lengths`);
const started = Date.now();
const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit", env }).status ?? 1;

const vitest = run(["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.reliability.config.ts"]);
// The browser part needs Chromium; find-chromium fails with a clear message when it is missing.
const browser = run(["scripts/find-chromium.mjs"]) || run(["node_modules/@playwright/test/cli.js", "test", "--config", "playwright.reliability.config.ts"]);

let lines = "";
try {
  lines = readFileSync(figures, "utf8");
} catch {
  lines = "(no figures were recorded)\n";
}
rmSync(figuresDir, { recursive: true, force: true });
console.log(`\n== Reliability figures (${full ? "full" : "CI"} lengths, ${Math.round((Date.now() - started) / 1000)} s) ==\n${lines}`);
process.exit(vitest || browser);
