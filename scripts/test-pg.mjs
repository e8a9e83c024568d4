/**
 * Runs the API tests against PostgreSQL when it is reachable (TEST_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Says so clearly when it skips them; with
 * REQUIRE_POSTGRES=1 (CI) an unreachable server is a failure.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("select 1");
  await client.end();
} catch (error) {
  const why = error instanceof Error ? error.message : String(error);
  if (process.env.REQUIRE_POSTGRES === "1") {
    console.error(`PostgreSQL is required but not reachable at ${url}: ${why}`);
    process.exit(1);
  }
  console.log(`\n*** SKIPPED: the PostgreSQL API tests (not reachable at ${url}: ${why}) ***\n`);
  process.exit(0);
}
console.log(`Running the API tests against PostgreSQL at ${url}`);
const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "src/server"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB: "postgres", TEST_PG_URL: url },
});
process.exit(result.status ?? 1);
