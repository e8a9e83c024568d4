/**
 * The suite's two lengths (docs/decisions/0015): CI (default, about 4-5 minutes on a 2-core machine)
 * and full (`npm run test:reliability -- --full`). The runner passes the choice and whether
 * PostgreSQL is reachable through the environment.
 */
import { appendFileSync } from "node:fs";

export const FULL = process.env.RELIABILITY_FULL === "1";
/** Set by the runner after probing the server (or required by REQUIRE_POSTGRES=1). */
export const POSTGRES = process.env.RELIABILITY_PG === "1";
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Picks the CI or the full length of a part. */
export const length = <T>(ci: T, full: T): T => (FULL ? full : ci);

/**
 * Prints one figure on a line of its own and keeps it for the runner's summary, so the figures
 * can be read together at the end of the output.
 */
export function figure(line: string): void {
  process.stdout.write(`FIGURE ${line}\n`);
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${line}\n`);
}

/** Formats a count the way the figures read: 2,143. */
export const n = (value: number) => value.toLocaleString("en-US");
