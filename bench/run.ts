/**
 * How every benchmark that starts servers ends: a watchdog that stops a run gone too long, the
 * children killed and the scratch directory removed whatever happened, and the closing line with
 * the machine's load before and after (a busy machine makes the numbers incomparable).
 */
import { loadavg } from "node:os";

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
