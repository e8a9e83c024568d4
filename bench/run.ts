/**
 * How every benchmark ends: a watchdog that stops a run gone too long; the children stopped, the
 * scratch directories removed and whatever else it started closed, whether it finished, failed,
 * was interrupted (SIGINT, SIGTERM, SIGHUP) or ran past the watchdog; and a last line that says
 * why it stopped. A server left running answers the next run on its port, which then measures the
 * old build: what a bench starts dies with it, and a bench on a fixed port refuses to start when
 * something already answers there (refuseBusyPort).
 *
 * Also the closing line with the machine's load before and after (a busy machine makes the
 * numbers incomparable), and small helpers the benches share.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { constants, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
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

// ------------------------------------------------------------------------------ what a run started

const children = new Set<ChildProcess>();
const scratchDirs = new Set<string>();
const cleanUps: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

/**
 * The child processes a bench started, stopped at the end if still running. A set the bench may
 * add to itself (startSite does); `track` adds one and forgets it once it exits.
 */
export const benchChildren: Set<ChildProcess> = children;

export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** A fresh directory under the system's temporary one, removed at the end. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.add(dir);
  return dir;
}

/** Also removed at the end: a directory the bench did not make with scratchDir. */
export function removeAtEnd(dir: string): void {
  scratchDirs.add(dir);
}

/**
 * `stop` (close a browser, drop a database, stop an in-process worker) runs at the end unless it
 * has run already; the function returned runs it now, once, for the bench's own `finally`.
 */
export function onCleanUp(stop: () => unknown): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => (done ??= Promise.resolve().then(stop).then(() => undefined));
  cleanUps.push(once);
  return once;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** `work`, or nothing after `ms`: one stuck step of the clean-up never keeps the next from running. */
const atMost = (ms: number, work: Promise<unknown>) =>
  Promise.race([work.catch((error: unknown) => console.error(`clean-up: ${error instanceof Error ? error.message : String(error)}`)), sleep(ms)]);

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** SIGTERM (a server stops as in production: its workers with it), SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (!running(child) || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(graceMs)]);
  if (running(child)) {
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(2_000)]);
  }
}

/** Stops every child, runs the clean-ups (last registered first), removes the directories; once. */
function cleanUpAll(extra?: () => unknown): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map((child) => stopChild(child)));
    if (extra) await atMost(30_000, Promise.resolve().then(extra));
    for (const stop of [...cleanUps].reverse()) await atMost(10_000, stop());
    for (const dir of scratchDirs) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch (error) {
        console.error(`clean-up: could not remove ${dir}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs `main` and stops everything it started however it ends; the last line is
 * "<name> stopped: <why>", and the exit code 0 only when it finished. `cleanUp` closes what the
 * bench keeps track of itself; `finish` (after a success, before the clean-up) lets it say goodbye
 * to its children. BENCH_WATCHDOG_MIN overrides `watchdogMs` (or `watchdogEnv` when named).
 */
export function runBench(
  name: string,
  main: () => Promise<void>,
  options: { watchdogMs: number; watchdogEnv?: string; cleanUp?: () => unknown; finish?: () => unknown },
): void {
  const envName = options.watchdogEnv ?? "BENCH_WATCHDOG_MIN";
  const watchdogMs = process.env[envName] ? Number(process.env[envName]) * 60_000 : options.watchdogMs;
  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(watchdog);
    process.exitCode = code;
    if (code !== 0) console.error(`\n${name}: ${reason}; stopping what it started`);
    // Not unref'd: it also keeps the process alive until the clean-up is done.
    setTimeout(() => {
      console.error(`${name} stopped: ${reason}; the clean-up did not end within a minute`);
      process.exit(code || 1);
    }, 60_000);
    void cleanUpAll(options.cleanUp).finally(() => {
      const line = `${name} stopped: ${reason}; everything it started is stopped and removed`;
      if (code === 0) console.log(line);
      else console.error(line);
      process.exit(code);
    });
  };
  const failed = (error: unknown) => {
    console.error(error);
    stop(`failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  };
  const watchdog = setTimeout(() => stop(`still running after ${watchdogMs / 60_000} min (watchdog; ${envName})`, 1), watchdogMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(`${signal} received`, 128 + constants.signals[signal]));
  // An error thrown outside main's chain (a child's stream, a timer) would end the process with its children still running.
  process.on("uncaughtException", failed);
  main().then(async () => {
    if (stopping) return;
    clearTimeout(watchdog);
    try {
      await options.finish?.();
    } catch (error) {
      console.error(error);
    }
    stop("finished", 0);
  }, failed);
}

/**
 * Throws when something already answers on `host:port`: a server left by an earlier run would be
 * measured instead of this run's (the new server fails to listen, the old one answers).
 */
export async function refuseBusyPort(host: string, port: number, setting = "BENCH_PORT"): Promise<void> {
  const answering = await new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
  if (answering) throw new Error(`something already answers on ${host}:${port} (a server an earlier run left?): stop it, or choose another port with ${setting}`);
}

// ------------------------------------------------------------------------------ helpers

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
