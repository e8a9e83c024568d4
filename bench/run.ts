/**
 * How every benchmark that starts servers ends: a watchdog that stops a run gone too long, the
 * children killed and the scratch directory removed whatever happened, and the closing line with
 * the machine's load before and after (a busy machine makes the numbers incomparable).
 */
import { loadavg } from "node:os";
import pg from "pg";

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The last line of a report: total time and the 1-minute load average around the run. */
export function loadLine(started: number, loadBefore: number): string {
  const loadAfter = loadavg()[0]!;
  return (
    `total ${fmt((performance.now() - started) / 1000, 1)} s; 1-min load average ${fmt(loadBefore, 1)} before, ${fmt(loadAfter, 1)} after` +
    (loadBefore > 1 ? " (WARNING: other work was running; numbers are not comparable)" : "")
  );
}

/**
 * Runs `main` under a watchdog of `watchdogMs`; `cleanUp` runs once it ends, fails or is stopped.
 * `finish` (default: cleanUp at once) lets a run say goodbye to its children first.
 */
export function runBench(
  main: () => Promise<void>,
  { watchdogMs, cleanUp, finish = cleanUp }: { watchdogMs: number; cleanUp: () => void; finish?: () => void },
): void {
  const watchdog = setTimeout(() => {
    console.error(`benchmark still running after ${watchdogMs / 60_000} min; stopping`);
    cleanUp();
    process.exit(1);
  }, watchdogMs);
  watchdog.unref();
  main().then(
    () => {
      clearTimeout(watchdog);
      finish();
    },
    (error: unknown) => {
      console.error(error);
      cleanUp();
      process.exitCode = 1;
    },
  );
}

/** The value at fraction `p` (0.5: the median) of `values`; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;
}

/** Whether the PostgreSQL of TEST_PG_URL (default 127.0.0.1:5432) answers, for the benchmarks that run on it too. */
export async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
