/**
 * Runs the API tests against PostgreSQL when it is reachable (TEST_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Says so clearly when it skips them; with
 * REQUIRE_POSTGRES=1 (CI) an unreachable server is a failure.
 *
 * Only the server test files that reach the database choice run here (scripts/pg-test-files.mjs
 * follows each file's imports to the code that reads TEST_DB); the others behave the same on
 * either database and already ran in the SQLite pass. They are listed, not silently dropped.
 */
import { spawnSync } from "node:child_process";
import pg from "pg";
import { selectPgTestFiles } from "./pg-test-files.mjs";

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
const { database, once } = await selectPgTestFiles("src/server");
console.log(`Running the API tests against PostgreSQL at ${url}: ${database.length} files that use the database`);
if (once.length) {
  console.log(`Not repeated (they never reach the database choice, so the SQLite pass covered them): ${once.length} files`);
  for (const { file } of once) console.log(`  ${file}`);
}
const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2), ...database.map((d) => d.file)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB: "postgres", TEST_PG_URL: url },
});
process.exit(result.status ?? 1);
