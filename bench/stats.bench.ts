/**
 * Stats benchmark (`npm run bench:stats`, issue 35, docs/decisions/0034). Three parts, each with its
 * baseline or target printed beside it in the same run:
 *
 * 1. Ingest: the counter (features/stats/counter.ts) driven in this process, pinned to one core,
 *    with views of 14,006 items (2,000 creators' stories, products and pages, the site's pages)
 *    by 20,000 visitors (fewer than the 50,000 visits the counter remembers) and by 500,000 (the
 *    counter forgets its oldest visit for each new visitor): a batch of 5,000 (the counter's FLUSH_AT)
 *    pushed, then flushed and awaited, again and again for BENCH_STATS_INGEST_S (10) seconds. Prints
 *    the rows written to stat_event a second, each batch's flush time (visitors' hashes, owner
 *    lookups, the multi-row inserts in one transaction) p50/p99, and the longest the flush kept
 *    the event loop from anything else; on SQLite and on PostgreSQL (TEST_PG_URL, default
 *    127.0.0.1:5432) when it answers (its server is not pinned; its CPU is on top).
 * 2. Cached pages with counting on and off: two production servers (the bundle, dist/server), one
 *    with STATS_COUNTING=true and one with false, each on its own scratch SQLite database,
 *    TRUST_PROXY=1, for each placement of their threads (BENCH_STATS_PLACEMENTS): "threads", the
 *    request thread pinned to core 0 and the other threads (the stats' writer thread among them)
 *    to core 1, beside the load, as on any host with a core to spare; "one-core", every thread on
 *    core 0. A round of each server, not kept, after each move. The load from core 1 (bench/stats-load.ts: 50 keep-alive connections,
 *    closed loop) is browsers loading `/`, `/store`, a story's and a creator's page (each cached)
 *    as documents, 20,000 visitors by X-Forwarded-For. Rounds alternate on/off (on, off, off,
 *    on, …, BENCH_STATS_PAIRS pairs of BENCH_STATS_ROUND_MS) to cancel drift; the ceiling is a bare
 *    node:http server answering the same bytes (bench/bare-server.ts). Prints req/s and p99 per
 *    mode and their ratio (target: on within 5% of off) and the CPU time a request (the request
 *    thread's and the whole process's); then
 *    the same pages at each of BENCH_STATS_RATES (1,000 and 8,000) loads a second, open loop (each
 *    request timed from when it was due), on and off in turn: the server's CPU share, p99/max
 *    (what a flush holding the event loop does to the slowest answers) and the request thread's
 *    CPU a request, whose off/on ratio is the capacity counting leaves the cached pages (the
 *    closed-loop ratio also measures the load's core, which the other threads share in "threads"). Then it checks every view was
 *    written: the rows in the counting server's stat_event against its 200 answers, once stopped.
 * 3. Stats over BENCH_STATS_EVENTS (10,000,000) raw events over 120 days for 2,000 creators
 *    (bench/stats-data.ts), rolled up with the clock on the last day (rollUp: the last day stays
 *    raw, events older than 30 days deleted); then statsFor over 90 days, BENCH_STATS_RUNS (200)
 *    times for each of four creators (the biggest, the 10th, the 100th, the 1,000th) and
 *    BENCH_STATS_SITE_RUNS (20) times for the site. Prints the build and roll-up times and the p50/p99
 *    (target: a creator's p50 < 50 ms), on SQLite, then on PostgreSQL with BENCH_STATS_PG_EVENTS
 *    (default the same) events. The site's figures are checked against the events written.
 *
 * BENCH_STATS_PARTS=ingest,pages,query runs only those parts, BENCH_STATS_DATABASES=sqlite,postgres
 * parts 1 and 3 only on those. BENCH_STATS_KEEP_DB=path keeps a
 * copy of part 3's SQLite database there. Everything it starts (servers, the load generator,
 * scratch directories, PostgreSQL databases) is stopped or removed when it ends, fails, is
 * interrupted (SIGINT, SIGTERM, SIGHUP) or runs past its watchdog, and the last line says why it stopped.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { createServer as createNetServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { pino } from "pino";
import { createDb, type Db } from "../src/server/db/client.js";
import { migrateToLatest } from "../src/server/db/migrate.js";
import { CREATORS as SEED_CREATORS, STORIES as SEED_STORIES, isPublishedSeed } from "../src/server/db/seed/content.js";
import { createBatchWriter, openWriterDatabase } from "../src/server/features/stats/batch-writer.js";
import { createCounter } from "../src/server/features/stats/counter.js";
import { rollUp } from "../src/server/features/stats/rollup.js";
import { viewOf } from "../src/server/features/stats/stats.fixtures.js";
import { statsFor } from "../src/server/features/stats/stats.queries.js";
import { addDays, dayOf } from "../src/server/features/stats/visitors.js";
import { createPgDatabase } from "../src/server/test/harness.js";
import type { BareMessage, RecordedResponse } from "./bare-server.js";
import { createFigures, machineLines } from "./report.js";
import { loadLine, pgReachable, runBench } from "./run.js";
import { benchItems, creatorId, insertEvents, insertStatsItems, sampler, SOURCES } from "./stats-data.js";
import { CHROME_AGENT, type StatsLoadJob, type StatsLoadResult } from "./stats-load.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const PARTS = new Set((process.env.BENCH_STATS_PARTS ?? "ingest,pages,query").split(",").map((s) => s.trim()));
/** Parts 1 and 3 on these (PostgreSQL only when it answers). */
const DATABASES = new Set((process.env.BENCH_STATS_DATABASES ?? "sqlite,postgres").split(",").map((s) => s.trim()));
const INGEST_MS = Number(process.env.BENCH_STATS_INGEST_S ?? 10) * 1000;
const ROUND_MS = Number(process.env.BENCH_STATS_ROUND_MS ?? 5_000);
const WARMUP_MS = 1_000;
const PAIRS = Number(process.env.BENCH_STATS_PAIRS ?? 4);
const CONNECTIONS = 50;
/** The open-loop rounds of part 2: this many page loads a second, on and off in turn. */
const PACED_RATES = (process.env.BENCH_STATS_RATES ?? "1000,8000").split(",").map(Number);
const PACED_PAIRS = 2;
const PAGE_VISITORS = 20_000;
/** Distinct visitors of the ingest: fewer than the counter's VISITS_REMEMBERED (50,000), and many more. */
const INGEST_VISITORS = [20_000, 500_000];
const EVENTS = Number(process.env.BENCH_STATS_EVENTS ?? 10_000_000);
const PG_EVENTS = Number(process.env.BENCH_STATS_PG_EVENTS ?? EVENTS);
const DAYS = 120;
const PERIOD_DAYS = 90;
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 200);
const SITE_RUNS = Number(process.env.BENCH_STATS_SITE_RUNS ?? 20);
/** The creators whose stats are timed, by popularity rank (0: the biggest). */
const CREATOR_RANKS = [0, 9, 99, 999];
/** counter.ts's FLUSH_AT: the batch a busy server writes. */
const BATCH = 5_000;
const WATCHDOG_MS = Number(process.env.BENCH_STATS_WATCHDOG_MIN ?? 90) * 60_000;
const SERVER_CORE = "0";
const LOAD_CORE = "1";
const TARGET = { onOfOff: 0.95, creatorP50Ms: 50 };
/** Production needs the invoice's seller and payment settings (config.ts). */
const BENCH_INVOICE_ENV = { SELLER_ADDRESS: "1 Bench Street|Benchville, NY 10001", PAYMENT_LINK: "https://pay.example/{invoice}" };

// ------------------------------------------------------------------------------------ clean-up

const children = new Set<ChildProcess>();
const scratchDirs = new Set<string>();
const pgDatabases = new Map<string, () => Promise<void>>();
const openDatabases = new Set<Db>();
let cleaning: Promise<void> | undefined;

function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `maybe-bench-stats-${name}-`));
  scratchDirs.add(dir);
  return dir;
}

function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  scratchDirs.delete(dir);
}

async function open(url: string): Promise<Db> {
  const database = createDb(url);
  openDatabases.add(database);
  return database;
}

async function close(database: Db): Promise<void> {
  openDatabases.delete(database);
  await database.close();
}

async function scratchPg(): Promise<{ url: string; drop: () => Promise<void> }> {
  const scratch = await createPgDatabase("maybe_bench_stats");
  const drop = async () => {
    pgDatabases.delete(scratch.name);
    await scratch.drop();
  };
  pgDatabases.set(scratch.name, drop);
  return { url: scratch.url, drop };
}

/** `work`, or nothing after `ms`: a step of the clean-up never keeps the next from running. */
const atMost = (ms: number, work: Promise<unknown>) => Promise.race([work.catch((error: unknown) => console.error(String(error))), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * Stops every child, drops the PostgreSQL databases (with force: a query still running is ended),
 * closes the databases and removes the directories; once.
 */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const [name, drop] of [...pgDatabases]) await atMost(10_000, drop().catch((error: unknown) => console.error(`could not drop the PostgreSQL database ${name}: ${String(error)}`)));
    for (const database of [...openDatabases]) await atMost(5_000, close(database));
    for (const dir of [...scratchDirs]) removeDir(dir);
  })();
  return cleaning;
}

// ------------------------------------------------------------------------------------ helpers

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-");
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const met = (ok: boolean) => (ok ? "met" : "NOT met");

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A child on one core: taskset execs node, so the pid is node's. tsx's loader comes from execArgv. */
function pinned(core: string, args: string[], env: NodeJS.ProcessEnv, ipc: boolean): ChildProcess {
  const child = spawn("taskset", ["-c", core, process.execPath, ...args], {
    cwd: root,
    env,
    stdio: ipc ? ["ignore", "inherit", "inherit", "ipc"] : ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a child process exited (${code}) before answering`));
    child.once("exit", onExit);
    child.once("message", (reply) => {
      child.off("exit", onExit);
      resolve(reply as T);
    });
    child.send(message as object);
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function count(database: Db, table: "stat_event" | "stat_daily" | "stat_daily_item" | "stat_daily_source"): Promise<number> {
  const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A fresh, migrated database of `dialect` with the bench's creators and items. */
async function itemsDatabase(dialect: "sqlite" | "postgres", name: string): Promise<{ database: Db; url: string; dispose: () => Promise<void>; file?: string }> {
  if (dialect === "sqlite") {
    const dir = scratchDir(name);
    const file = join(dir, "stats.db");
    const database = await open(`file:${file}`);
    await migrateToLatest(database);
    await insertStatsItems(database);
    return {
      database,
      url: `file:${file}`,
      file,
      dispose: async () => {
        await close(database);
        removeDir(dir);
      },
    };
  }
  const scratch = await scratchPg();
  const database = await open(scratch.url);
  await migrateToLatest(database);
  await insertStatsItems(database);
  return {
    database,
    url: scratch.url,
    dispose: async () => {
      await close(database);
      await scratch.drop();
    },
  };
}

// ------------------------------------------------------------------------------------ 1. ingest

interface IngestFigures {
  label: string;
  visitors: number;
  rows: number;
  seconds: number;
  perSecond: number;
  flushes: number[];
  /** The longest stretch of each flush without a turn of the event loop. */
  blocks: number[];
  cpuShare: number;
  warnings: string[];
}

const AGENTS = [
  CHROME_AGENT,
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
];

async function ingest(label: string, dialect: "sqlite" | "postgres", visitors: number): Promise<IngestFigures> {
  const { database, url, dispose } = await itemsDatabase(dialect, "ingest");
  // The writer's own connection, as the writer thread opens it (on SQLite, commits without waiting for the disk).
  const connection = openWriterDatabase(url);
  openDatabases.add(connection);
  try {
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line.trim()) });
    const writer = createBatchWriter(connection.db, { site: "bench.example", trustProxy: 0 });
    const counter = createCounter(writer, { flushMs: 2_000, logger, now: Date.now, enabled: true });
    // Views only: of everything a visitor can load (no track has a page of its own).
    const pick = sampler(benchItems().filter((item) => item.kind !== "track"));
    const source = sampler(SOURCES.map(([name, weight]) => ({ name, weight })));
    const next = (() => {
      let state = 17;
      return () => {
        state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
        return state / 4294967296;
      };
    })();
    // A visitor is an address with its browser: `visitors` of them, each as likely as the others.
    const addresses = Array.from({ length: visitors }, (_, i) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const push = () => {
      for (let i = 0; i < BATCH; i++) {
        const item = pick(next());
        const who = Math.floor(next() * visitors);
        counter.view(viewOf({ kind: item.kind, id: item.id }, source(next()).name, { address: addresses[who]!, agent: AGENTS[who % AGENTS.length]! }));
      }
    };
    // Warm-up: the day's salt, the items' owners looked up once, the JIT.
    for (let i = 0; i < 4; i++) {
      push();
      await counter.flush();
    }
    const before = await count(database, "stat_event");
    const flushes: number[] = [];
    const blocks: number[] = [];
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    while (performance.now() - started < INGEST_MS) {
      push();
      // The longest the flush keeps the event loop from anything else (a request waiting, in the server).
      let last = performance.now();
      let longest = 0;
      let ticking = true;
      const tick = () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const flushStart = performance.now();
      await counter.flush();
      flushes.push(performance.now() - flushStart);
      ticking = false;
      longest = Math.max(longest, performance.now() - last);
      blocks.push(longest);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    await counter.stop();
    const rows = (await count(database, "stat_event")) - before;
    if (rows !== flushes.length * BATCH) warnings.push(`${fmt(flushes.length * BATCH)} views pushed but ${fmt(rows)} rows written`);
    return { label, visitors, rows, seconds, perSecond: rows / seconds, flushes, blocks, cpuShare: (cpu.user + cpu.system) / 1e6 / seconds, warnings };
  } finally {
    await close(connection);
    await dispose();
  }
}

// ------------------------------------------------------------------------------------ 2. cached pages

interface Server {
  label: string;
  port: number;
  dir: string;
  child: ChildProcess;
  exited: Promise<void>;
}

async function startServer(label: string, counting: boolean): Promise<Server> {
  const dir = scratchDir(label);
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  // On every core at first: each placement (placeServer) pins it once its threads have started.
  const child = pinned(
    `${SERVER_CORE},${LOAD_CORE}`,
    ["dist/server/index.mjs"],
    {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, "bench.db")}`,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      ...BENCH_INVOICE_ENV,
      SEED_ON_START: "true",
      LOG_LEVEL: "info",
      REDIS_URL: "",
      S3_BUCKET: "",
      S3_ENDPOINT: "",
      TRUST_PROXY: "1",
      STATS_COUNTING: String(counting),
    },
    false,
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${label} server exited (${child.exitCode}) before serving`);
    if (Date.now() > deadline) throw new Error(`the ${label} server did not answer within a minute`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  return { label, port, dir, child, exited };
}

/** A GET as raw bytes (no decompression), with the browser's Accept-Encoding unless `headers` say otherwise. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: [string, string][]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: HOST, port, path, headers: { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const list: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) list.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: list, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Where the servers' threads run. "threads": the request thread (node's main thread) on the server's
 * core and its other threads (the stats' writer thread, libuv's pool, V8's helpers) free to use the
 * load's core too, as on any machine with a core to spare; "one-core": every thread on the
 * server's core, as on a one-core host.
 */
type Placement = "threads" | "one-core";
const PLACEMENTS = (process.env.BENCH_STATS_PLACEMENTS ?? "threads,one-core").split(",").map((s) => s.trim()) as Placement[];

interface PlacementFigures {
  placement: Placement;
  rounds: { mode: "on" | "off" | "ceiling"; result: StatsLoadResult }[];
  /**
   * Open-loop rounds at each of PACED_RATES: the server's CPU share over each (warm-up included),
   * and the request thread's CPU time a request (from the scheduler's ns count, not clock ticks).
   */
  paced: { mode: "on" | "off"; rate: number; result: StatsLoadResult; cpuShare: number; requestUs: number }[];
  /** CPU seconds over the closed-loop rounds: the whole process's, and its request thread's. */
  cpu: Record<"on" | "off", { process: number; request: number }>;
}

interface PagesFigures {
  paths: string[];
  bytes: Record<string, number>;
  placements: PlacementFigures[];
  answeredOn: number;
  rowsOn: number;
  visitorsOn: number;
  byKind: Record<string, number>;
  rowsOff: number;
}

/** CPU seconds of a process (`thread` omitted) or of one of its threads (node's main thread's id is the pid). */
function cpuSeconds(pid: number, thread?: number): number {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
  const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The ns a thread has run (the scheduler's own count: /proc/<pid>/task/<tid>/schedstat's first field). */
const runtimeNs = (pid: number, thread: number) => Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);

const threadCount = (pid: number) => Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

/**
 * Pins a server for `placement`: every thread to SERVER_CORE ("one-core"), or every thread to
 * LOAD_CORE and then the main thread alone to SERVER_CORE ("threads"; left free, the writer thread
 * was woken on the main thread's core and took its time there).
 */
function placeServer(server: Server, placement: Placement): void {
  const pid = String(server.child.pid!);
  const pin = (args: string[]) => execFileSync("taskset", args, { stdio: "ignore" });
  if (placement === "one-core") pin(["-a", "-p", "-c", SERVER_CORE, pid]);
  else {
    pin(["-a", "-p", "-c", LOAD_CORE, pid]);
    pin(["-p", "-c", SERVER_CORE, pid]);
  }
}

/** Loads a page as a browser does, once, and waits for the counting server's writer thread to start (at its first batch). */
async function startWriterThread(server: Server, path: string): Promise<void> {
  const before = threadCount(server.child.pid!);
  const res = await rawGet(server.port, path, { "user-agent": CHROME_AGENT, "sec-fetch-dest": "document" });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status} on the ${server.label} server`);
  const deadline = Date.now() + 15_000;
  while (threadCount(server.child.pid!) <= before) {
    if (Date.now() > deadline) throw new Error(`the ${server.label} server started no writer thread within 15 s of a counted view`);
    await sleep(50);
  }
}

async function pages(): Promise<PagesFigures> {
  const on = await startServer("counting-on", true);
  const off = await startServer("counting-off", false);
  const story = SEED_STORIES.find(isPublishedSeed);
  if (!story) throw new Error("the seed has no published story");
  const paths = ["/", "/store", `/stories/${story.id}`, `/creators/${SEED_CREATORS[0]!.id}`];
  const bytes: Record<string, number> = {};
  const recorded: Record<string, RecordedResponse> = {};
  for (const server of [on, off]) {
    for (const path of paths) {
      // A miss renders and fills the cache, the second is a hit; neither is a document load, so neither is counted.
      for (let i = 0; i < 2; i++) {
        const res = await rawGet(server.port, path);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status} on the ${server.label} server`);
        if (server === off && i === 1) {
          bytes[path] = res.body.length;
          const headers = res.headers.filter(([name]) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name));
          recorded[path] = { status: 200, headers, body: res.body.toString("base64") };
        }
      }
    }
  }
  const bare = pinned(SERVER_CORE, [...process.execArgv, join(root, "bench/bare-server.ts")], process.env, true);
  const barePort = (await ask<{ port: number }>(bare, { type: "set", responses: recorded } satisfies BareMessage)).port;
  const load = pinned(LOAD_CORE, [...process.execArgv, join(root, "bench/stats-load.ts")], process.env, true);
  const run = (port: number, rate?: number) =>
    ask<StatsLoadResult>(load, { type: "run", host: HOST, port, paths, visitors: PAGE_VISITORS, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: ROUND_MS, rate } satisfies StatsLoadJob);
  // The writer thread starts with the first batch: started before any placement pins the server, so it is placed with the others.
  await startWriterThread(on, paths[0]!);
  let answeredOn = 1;

  const placements: PlacementFigures[] = [];
  for (const placement of PLACEMENTS) {
    process.stderr.write(`  placement: ${placement}\n`);
    for (const server of [on, off]) placeServer(server, placement);
    const figures: PlacementFigures = { placement, rounds: [], paced: [], cpu: { on: { process: 0, request: 0 }, off: { process: 0, request: 0 } } };
    const round = async (mode: "on" | "off" | "ceiling", rate?: number) => {
      const server = mode === "on" ? on : off;
      const pid = server.child.pid!;
      const before = mode === "ceiling" ? { process: 0, request: 0, ns: 0 } : { process: cpuSeconds(pid), request: cpuSeconds(pid, pid), ns: runtimeNs(pid, pid) };
      const result = await run(mode === "ceiling" ? barePort : server.port, rate);
      if (result.failures > 0) throw new Error(`${mode} round: ${result.failures} failed requests`);
      if (mode === "on") answeredOn += result.answered200;
      if (mode !== "ceiling") {
        const used = { process: cpuSeconds(pid) - before.process, request: cpuSeconds(pid, pid) - before.request, ns: runtimeNs(pid, pid) - before.ns };
        if (rate) figures.paced.push({ mode, rate, result, cpuShare: used.process / ((WARMUP_MS + ROUND_MS) / 1000), requestUs: used.ns / 1000 / result.answered });
        else {
          figures.cpu[mode].process += used.process;
          figures.cpu[mode].request += used.request;
        }
      }
      if (!rate) figures.rounds.push({ mode, result });
      process.stderr.write(`  ${mode.padEnd(7)}${rate ? ` at ${fmt(rate)}/s` : ""} ${fmt(result.rps)} req/s, p99 ${fmt(result.p99, 2)} ms\n`);
    };
    // A round of each, not kept: the JIT and the caches settle after the move to new cores.
    for (const mode of ["on", "off"] as const) {
      const warm = await run((mode === "on" ? on : off).port);
      if (mode === "on") answeredOn += warm.answered200;
    }
    await round("ceiling");
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const mode of pair % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) await round(mode);
    }
    await round("ceiling");
    // Below saturation, as a site is most of the time: the CPU counting takes, and what its flushes
    // do to the slowest answers. At a set rate the request thread's CPU a request is comparable
    // on and off whoever else shares the load's core: off/on is the capacity counting leaves.
    for (const rate of PACED_RATES) {
      for (let pair = 0; pair < PACED_PAIRS; pair++) {
        for (const mode of pair % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const)) await round(mode, rate);
      }
    }
    placements.push(figures);
  }
  load.send({ type: "exit" });
  bare.send({ type: "exit" });

  // Stopped as in production (SIGTERM): the last batch of counts is written before the database closes.
  for (const server of [on, off]) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  const counted = await open(`file:${join(on.dir, "bench.db")}`);
  const uncounted = await open(`file:${join(off.dir, "bench.db")}`);
  try {
    const rowsOn = await count(counted, "stat_event");
    const visitors = await counted.db.selectFrom("stat_event").select(sql<number>`count(distinct visitor)`.as("n")).executeTakeFirstOrThrow();
    const kinds = await counted.db.selectFrom("stat_event").select(["item_kind", sql<number>`count(*)`.as("n")]).groupBy("item_kind").execute();
    return {
      paths,
      bytes,
      placements,
      answeredOn,
      rowsOn,
      visitorsOn: Number(visitors.n),
      byKind: Object.fromEntries(kinds.map((k) => [k.item_kind ?? "none", Number(k.n)])),
      rowsOff: await count(uncounted, "stat_event"),
    };
  } finally {
    await close(counted);
    await close(uncounted);
  }
}

// ------------------------------------------------------------------------------------ 3. queries

interface QueryFigures {
  label: string;
  events: number;
  buildMs: number;
  rollupMs: number;
  rolledDays: number;
  analyzeMs?: number;
  sizes: Record<string, number>;
  fileMb?: number;
  creators: { rank: number; id: string; views: number; rawEvents: number; p50: number; p99: number }[];
  creatorsP50: number;
  creatorsP99: number;
  site: { p50: number; p99: number; max: number; views: number; rawEvents: number };
  expectedViews: number;
}

async function timed<T>(runs: number, warmup: number, work: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  let last: T | undefined;
  for (let i = 0; i < warmup; i++) last = await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  return { times, last: last! };
}

async function queries(label: string, dialect: "sqlite" | "postgres", events: number): Promise<QueryFigures> {
  const built = await itemsDatabase(dialect, "query");
  let database = built.database;
  try {
    const lastDay = dayOf(new Date());
    process.stderr.write(`  ${label}: writing ${fmt(events)} events over ${DAYS} days…\n`);
    const summary = await insertEvents(database, { count: events, days: DAYS, lastDay });
    if (dialect === "sqlite") {
      // The roll-up and the reads on a connection as the server opens it (its pragmas, a cold statement cache).
      await close(database);
      database = await open(`file:${built.file!}`);
    } else {
      // Statistics as autovacuum leaves them after a load this size.
      await sql`analyze stat_event`.execute(database.db);
    }
    process.stderr.write(`  ${label}: written in ${fmt(summary.ms / 1000, 1)} s; rolling up…\n`);
    const rollStart = performance.now();
    const rolled = await rollUp(database, new Date(`${lastDay}T12:00:00Z`));
    const rollupMs = performance.now() - rollStart;
    let analyzeMs: number | undefined;
    if (dialect === "postgres") {
      // The roll-up deleted three quarters of the raw rows: autovacuum would now vacuum and analyze.
      const started = performance.now();
      await sql`vacuum analyze`.execute(database.db);
      analyzeMs = performance.now() - started;
    }
    const sizes: Record<string, number> = {};
    for (const table of ["stat_event", "stat_daily", "stat_daily_item", "stat_daily_source"] as const) sizes[table] = await count(database, table);
    const period = { from: addDays(lastDay, -(PERIOD_DAYS - 1)), to: lastDay };
    const expectedViews = summary.days.filter((d) => d.day >= period.from).reduce((sum, d) => sum + d.views, 0);

    process.stderr.write(`  ${label}: rolled up ${rolled.length} days in ${fmt(rollupMs / 1000, 1)} s; timing statsFor…\n`);
    const creators: QueryFigures["creators"] = [];
    const all: number[] = [];
    for (const rank of CREATOR_RANKS) {
      const id = creatorId(rank);
      const { times, last } = await timed(RUNS, 20, () => statsFor(database.db, { creatorId: id }, period));
      const raw = await database.db.selectFrom("stat_event").select((eb) => eb.fn.countAll<number>().as("n")).where("creator_id", "=", id).where("day", "=", lastDay).executeTakeFirstOrThrow();
      all.push(...times);
      creators.push({ rank, id, views: last.totals.views, rawEvents: Number(raw.n), p50: quantile(times, 0.5), p99: quantile(times, 0.99) });
    }
    const site = await timed(SITE_RUNS, 2, () => statsFor(database.db, "site", period));
    let fileMb: number | undefined;
    if (dialect === "sqlite") {
      const dir = dirname(built.file!);
      fileMb = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0) / 1e6;
      const keep = process.env.BENCH_STATS_KEEP_DB;
      if (keep) {
        await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
        copyFileSync(built.file!, keep);
        process.stderr.write(`  kept a copy of the database in ${keep}\n`);
      }
    }
    return {
      label,
      events,
      buildMs: summary.ms,
      rollupMs,
      rolledDays: rolled.length,
      analyzeMs,
      sizes,
      fileMb,
      creators,
      creatorsP50: quantile(all, 0.5),
      creatorsP99: quantile(all, 0.99),
      site: { p50: quantile(site.times, 0.5), p99: quantile(site.times, 0.99), max: Math.max(...site.times), views: site.last.totals.views, rawEvents: summary.days.at(-1)!.events },
      expectedViews,
    };
  } finally {
    if (database !== built.database) await close(database);
    await built.dispose();
  }
}

// ------------------------------------------------------------------------------------ main

const figures = createFigures("stats");

function header(): string[] {
  return machineLines("bench:stats (issue 35)", figures);
}

function bundleNote(): string | undefined {
  const bundle = join(root, "dist/server/index.mjs");
  if (!existsSync(bundle)) throw new Error("dist/server/index.mjs is missing: run `node scripts/build-site.mjs` (npm run bench:stats does)");
  const newest = (path: string): number => {
    const stat = statSync(path);
    return stat.isDirectory() ? readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0) : stat.mtimeMs;
  };
  const built = statSync(bundle).mtimeMs;
  const changed = Math.max(newest(join(root, "src/server")), newest(join(root, "src/common")));
  return changed > built ? `NOTE: src/server or src/common changed after dist/server/index.mjs was built (${new Date(built).toISOString()}); part 2 measures that build` : undefined;
}

async function main() {
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  for (const line of header()) console.log(line);
  // This process (parts 1 and 3, and idle during part 2) on one core: the load's core.
  if (availableParallelism() >= 2) execFileSync("taskset", ["-a", "-p", "-c", LOAD_CORE, String(process.pid)], { stdio: "ignore" });
  else console.log("NOTE: one core only: nothing pinned; the load shares the server's core");
  const pg = DATABASES.has("postgres") && (await pgReachable());
  const lite = DATABASES.has("sqlite");
  const lines: string[] = [];
  const verdicts: string[] = [];

  if (PARTS.has("ingest")) {
    process.stderr.write("1. ingest\n");
    const results: IngestFigures[] = [];
    const databases: [string, "sqlite" | "postgres"][] = [...(lite ? [["SQLite", "sqlite"] as [string, "sqlite"]] : []), ...(pg ? [["PostgreSQL", "postgres"] as [string, "postgres"]] : [])];
    for (const [label, dialect] of databases) {
      for (const visitors of INGEST_VISITORS) results.push(await ingest(label, dialect, visitors));
    }
    lines.push(
      "",
      `1. Ingest: the counter in this process on core ${LOAD_CORE}, batches of ${fmt(BATCH)} views (counter.ts FLUSH_AT), pushed then flushed, ${INGEST_MS / 1000} s; ` +
        `${fmt(benchItems().filter((i) => i.kind !== "track").length)} items; ${INGEST_VISITORS.map((v) => fmt(v)).join(" or ")} visitors (the counter remembers 50,000 visits: beyond, each new visitor makes it forget the oldest)`,
      table(
        ["database", "visitors", "rows written", "seconds", "events/s", "flush p50 ms", "flush p99 ms", "flush max ms", "loop blocked p50 ms", "loop blocked max ms", "batches", "node CPU"],
        results.map((r) => [r.label, fmt(r.visitors), fmt(r.rows), fmt(r.seconds, 1), fmt(r.perSecond), fmt(quantile(r.flushes, 0.5), 1), fmt(quantile(r.flushes, 0.99), 1), fmt(Math.max(...r.flushes), 1), fmt(quantile(r.blocks, 0.5), 1), fmt(Math.max(...r.blocks), 1), fmt(r.flushes.length), `${fmt(r.cpuShare * 100)}%`]),
      ),
    );
    const rate = (label: string, visitors: number) => results.find((r) => r.label === label && r.visitors === visitors)?.perSecond ?? NaN;
    const [few, many] = INGEST_VISITORS as [number, number];
    lines.push(`   events/s with ${fmt(many)} visitors / with ${fmt(few)}: ${databases.map(([label]) => `${label} ${fmt(rate(label, many) / rate(label, few), 2)}`).join(", ")}`);
    if (pg && lite) lines.push(`   PostgreSQL/SQLite events/s: ${fmt(rate("PostgreSQL", few) / rate("SQLite", few), 2)} (${fmt(few)} visitors), ${fmt(rate("PostgreSQL", many) / rate("SQLite", many), 2)} (${fmt(many)}); PostgreSQL's server is not pinned: its CPU is on top of the node CPU shown`);
    else if (!pg) lines.push(`   PostgreSQL: SKIPPED (${DATABASES.has("postgres") ? "not reachable at TEST_PG_URL" : "not in BENCH_STATS_DATABASES"})`);
    for (const r of results) for (const w of r.warnings) lines.push(`   ${r.label} WARNING: ${w}`);
    for (const r of results) {
      const row = `ingest ${r.label}, ${fmt(r.visitors)} visitors`;
      figures.add(`${row} events/s`, r.perSecond, { unit: "events/s", better: "higher" });
      figures.add(`${row} flush p50 ms`, quantile(r.flushes, 0.5), { unit: "ms", better: "lower" });
      figures.add(`${row} flush p99 ms`, quantile(r.flushes, 0.99), { unit: "ms", better: "lower" });
      figures.add(`${row} loop blocked max ms`, Math.max(...r.blocks), { unit: "ms", better: "lower" });
    }
    for (const [label] of databases) figures.add(`ingest ${label} events/s, ${fmt(many)} / ${fmt(few)} visitors`, rate(label, many) / rate(label, few), { unit: "x", better: "higher" });
  }

  if (PARTS.has("pages")) {
    process.stderr.write("2. cached pages, counting on and off\n");
    const note = bundleNote();
    const p = await pages();
    lines.push(
      "",
      `2. Cached pages as browsers load them (Sec-Fetch-Dest: document, Chrome's user agent, ${fmt(PAGE_VISITORS)} visitors by X-Forwarded-For, TRUST_PROXY=1): ` +
        `production servers (request logs on), load on core ${LOAD_CORE}, ${CONNECTIONS} connections, ${WARMUP_MS / 1000} s warm-up + ${ROUND_MS / 1000} s a round, ` +
        `rounds on/off alternating (${PAIRS} pairs, ABBA), ceiling (bare node:http on core ${SERVER_CORE}) first and last; for each placement of the servers' threads`,
      `   pages: ${p.paths.map((path) => `${path} (${fmt(p.bytes[path]!)} B gzip)`).join(", ")}`,
      ...(note ? [`   ${note}`] : []),
    );
    for (const f of p.placements) {
      const of = (mode: "on" | "off" | "ceiling") => f.rounds.filter((r) => r.mode === mode).map((r) => r.result);
      const pooled = (results: StatsLoadResult[]) => results.reduce((sum, r) => sum + r.requests, 0) / ((results.length * ROUND_MS) / 1000);
      const rows = (["ceiling", "off", "on"] as const).map((mode) => {
        const results = of(mode);
        const rps = pooled(results);
        return [
          mode === "ceiling" ? "ceiling: bare node:http, same bytes" : `server, counting ${mode}`,
          String(results.length),
          fmt(rps),
          results.map((r) => fmt(r.rps)).join(" "),
          fmt(quantile(results.map((r) => r.p50), 0.5), 2),
          fmt(quantile(results.map((r) => r.p99), 0.5), 2),
          fmt(Math.max(...results.map((r) => r.p99)), 2),
          fmt(rps / pooled(of("ceiling")), 2),
        ];
      });
      const ratio = pooled(of("on")) / pooled(of("off"));
      const p99Ratio = quantile(of("on").map((r) => r.p99), 0.5) / quantile(of("off").map((r) => r.p99), 0.5);
      const perRequest = (mode: "on" | "off", part: "process" | "request") => (f.cpu[mode][part] * 1e6) / of(mode).reduce((sum, r) => sum + r.answered, 0);
      const where =
        f.placement === "threads"
          ? `request thread on core ${SERVER_CORE}, the servers' other threads (the stats' writer among them) on core ${LOAD_CORE}, beside the load`
          : `every thread of the servers on core ${SERVER_CORE} (a one-core host)`;
      lines.push(
        ` placement "${f.placement}": ${where}`,
        table(["server", "rounds", "req/s", "each round", "p50 ms", "p99 ms (median)", "p99 ms (worst)", "of ceiling"], rows),
        `   counting on / off: req/s ${fmt(ratio, 3)} (target >= ${TARGET.onOfOff}: ${met(ratio >= TARGET.onOfOff)}), p99 ${fmt(p99Ratio, 2)}x; CPU a request: ` +
          `request thread ${fmt(perRequest("on", "request"), 1)} µs on, ${fmt(perRequest("off", "request"), 1)} µs off; ` +
          `whole process ${fmt(perRequest("on", "process"), 1)} µs on, ${fmt(perRequest("off", "process"), 1)} µs off`,
      );
      const capacity: number[] = [];
      for (const rate of PACED_RATES) {
        const pacedOf = (mode: "on" | "off") => f.paced.filter((r) => r.mode === mode && r.rate === rate);
        const requestUs = (mode: "on" | "off") => pacedOf(mode).reduce((sum, r) => sum + r.requestUs, 0) / pacedOf(mode).length;
        capacity.push(requestUs("off") / requestUs("on"));
        lines.push(
          `   at ${fmt(rate)} page loads a second (open loop, ${PACED_PAIRS} rounds each, timed from when each request was due): ` +
            `request thread CPU a request ${fmt(requestUs("on"), 1)} µs on, ${fmt(requestUs("off"), 1)} µs off: capacity left by counting (off/on) ${fmt(capacity.at(-1)!, 3)}`,
          table(
            ["server", "req/s", "p50 ms", "p99 ms", "max ms", "process CPU", "request thread µs/req"],
            (["off", "on"] as const).map((mode) => {
              const results = pacedOf(mode);
              return [
                `counting ${mode}`,
                fmt(results.reduce((sum, r) => sum + r.result.rps, 0) / results.length),
                fmt(quantile(results.map((r) => r.result.p50), 0.5), 2),
                results.map((r) => fmt(r.result.p99, 2)).join(" "),
                results.map((r) => fmt(r.result.max, 1)).join(" "),
                results.map((r) => `${fmt(r.cpuShare * 100, 1)}%`).join(" "),
                results.map((r) => fmt(r.requestUs, 1)).join(" "),
              ];
            }),
          ),
        );
      }
      verdicts.push(`request thread's capacity left by counting (off/on CPU a request at ${fmt(PACED_RATES.at(-1)!)}/s) >= ${TARGET.onOfOff}, placement "${f.placement}": ${met(capacity.at(-1)! >= TARGET.onOfOff)} (${fmt(capacity.at(-1)!, 3)})`);
      verdicts.push(`counting on within 5% of off (cached pages), placement "${f.placement}": ${met(ratio >= TARGET.onOfOff)} (${fmt(ratio, 3)})`);
      const row = `pages "${f.placement}"`;
      for (const mode of ["ceiling", "off", "on"] as const) {
        const name = mode === "ceiling" ? `${row} ceiling` : `${row} counting ${mode}`;
        figures.add(`${name} req/s`, pooled(of(mode)), { unit: "req/s", better: "higher" });
        figures.add(`${name} p99 ms`, quantile(of(mode).map((r) => r.p99), 0.5), { unit: "ms", better: "lower" });
        if (mode !== "ceiling") figures.add(`${name} of ceiling`, pooled(of(mode)) / pooled(of("ceiling")), { unit: "x", better: "higher" });
      }
      figures.add(`${row} counting on/off req/s`, ratio, { unit: "x", better: "higher" });
      figures.add(`${row} counting on/off p99`, p99Ratio, { unit: "x", better: "lower" });
      for (const mode of ["on", "off"] as const) {
        figures.add(`${row} counting ${mode} request thread CPU a request µs`, perRequest(mode, "request"), { unit: "µs", better: "lower" });
        figures.add(`${row} counting ${mode} process CPU a request µs`, perRequest(mode, "process"), { unit: "µs", better: "lower" });
      }
      for (const [i, rate] of PACED_RATES.entries()) {
        figures.add(`${row} at ${fmt(rate)}/s capacity left by counting (off/on)`, capacity[i]!, { unit: "x", better: "higher" });
        for (const mode of ["on", "off"] as const) {
          const paced = f.paced.filter((r) => r.mode === mode && r.rate === rate);
          figures.add(`${row} at ${fmt(rate)}/s counting ${mode} p99 ms`, quantile(paced.map((r) => r.result.p99), 0.5), { unit: "ms", better: "lower" });
          figures.add(`${row} at ${fmt(rate)}/s counting ${mode} request thread µs a request`, paced.reduce((sum, r) => sum + r.requestUs, 0) / paced.length, { unit: "µs", better: "lower" });
        }
      }
    }
    lines.push(
      `   counted: ${fmt(p.rowsOn)} rows in stat_event for ${fmt(p.answeredOn)} views answered 200 by the counting server (${p.rowsOn === p.answeredOn ? "all written" : `MISMATCH: ${fmt(p.answeredOn - p.rowsOn)} missing`}), ` +
        `${fmt(p.visitorsOn)} distinct visitors (${fmt(PAGE_VISITORS)} sent, and the bench's own browser), by item kind ${Object.entries(p.byKind).map(([k, n]) => `${k} ${fmt(n)}`).join(", ")}; ` +
        `${fmt(p.rowsOff)} rows on the server with counting off`,
    );
    figures.add("pages views not written", p.answeredOn - p.rowsOn, { unit: "views", better: "lower" });
    if (p.rowsOn !== p.answeredOn || p.rowsOff !== 0) verdicts.push(`every view written once: NOT met (${fmt(p.rowsOn)} rows for ${fmt(p.answeredOn)} views; ${fmt(p.rowsOff)} with counting off)`);
  }

  if (PARTS.has("query")) {
    process.stderr.write("3. stats over rolled-up events\n");
    const results: QueryFigures[] = [];
    if (lite) results.push(await queries("SQLite", "sqlite", EVENTS));
    if (pg) results.push(await queries("PostgreSQL", "postgres", PG_EVENTS));
    lines.push("", `3. statsFor over ${PERIOD_DAYS} days, raw events over ${DAYS} days for ${fmt(2_000)} creators (3 stories, 3 products, 2 tracks each) and the site's pages, rolled up with the clock on the last day`);
    for (const r of results) {
      lines.push(
        `   ${r.label}: ${fmt(r.events)} events written in ${fmt(r.buildMs / 1000, 1)} s (${fmt(r.events / (r.buildMs / 1000))}/s, indexes made after), ` +
          `rolled up (${r.rolledDays} days, then raw events over 30 days old deleted) in ${fmt(r.rollupMs / 1000, 1)} s` +
          (r.analyzeMs !== undefined ? `, vacuum analyze ${fmt(r.analyzeMs / 1000, 1)} s` : "") +
          `; rows after: ${Object.entries(r.sizes).map(([t, n]) => `${t} ${fmt(n)}`).join(", ")}` +
          (r.fileMb !== undefined ? `; ${fmt(r.fileMb)} MB on disk` : ""),
        table(
          ["scope", "90-day views", "today's raw events", "runs", "p50 ms", "p99 ms"],
          [
            ...r.creators.map((c) => [`creator #${c.rank + 1} (${c.id})`, fmt(c.views), fmt(c.rawEvents), String(RUNS), fmt(c.p50, 2), fmt(c.p99, 2)]),
            ["all four creators", "", "", String(RUNS * r.creators.length), fmt(r.creatorsP50, 2), fmt(r.creatorsP99, 2)],
            ["the site", fmt(r.site.views), fmt(r.site.rawEvents), String(SITE_RUNS), fmt(r.site.p50, 1), fmt(r.site.p99, 1)],
          ],
        ),
        `   ${r.label}: a creator's 90-day stats p50 ${fmt(r.creatorsP50, 2)} ms, worst creator p50 ${fmt(Math.max(...r.creators.map((c) => c.p50)), 2)} ms ` +
          `(target < ${TARGET.creatorP50Ms} ms: ${met(Math.max(...r.creators.map((c) => c.p50)) < TARGET.creatorP50Ms)}); the site ${fmt(r.site.p50 / r.creatorsP50, 1)}x a creator's; ` +
          `site views ${r.site.views === r.expectedViews ? "match the events written" : `MISMATCH: ${fmt(r.site.views)} against ${fmt(r.expectedViews)} written`}`,
      );
      verdicts.push(`a creator's 90-day stats p50 < ${TARGET.creatorP50Ms} ms, ${r.label}, ${fmt(r.events)} events: ${met(Math.max(...r.creators.map((c) => c.p50)) < TARGET.creatorP50Ms)} (worst creator ${fmt(Math.max(...r.creators.map((c) => c.p50)), 2)} ms)`);
      if (r.site.views !== r.expectedViews) verdicts.push(`the site's 90-day views equal the views written (${r.label}): NOT met`);
      const row = `stats ${r.label}, ${fmt(r.events)} events`;
      figures.add(`${row} written s`, r.buildMs / 1000, { unit: "s", better: "lower" });
      figures.add(`${row} roll-up s`, r.rollupMs / 1000, { unit: "s", better: "lower" });
      for (const c of r.creators) {
        figures.add(`${row} creator #${c.rank + 1} p50 ms`, c.p50, { unit: "ms", better: "lower" });
        figures.add(`${row} creator #${c.rank + 1} p99 ms`, c.p99, { unit: "ms", better: "lower" });
      }
      figures.add(`${row} all four creators p50 ms`, r.creatorsP50, { unit: "ms", better: "lower" });
      figures.add(`${row} all four creators p99 ms`, r.creatorsP99, { unit: "ms", better: "lower" });
      figures.add(`${row} the site p50 ms`, r.site.p50, { unit: "ms", better: "lower" });
      figures.add(`${row} the site p99 ms`, r.site.p99, { unit: "ms", better: "lower" });
    }
    if (!pg) lines.push(`   PostgreSQL: SKIPPED (${DATABASES.has("postgres") ? "not reachable at TEST_PG_URL" : "not in BENCH_STATS_DATABASES"})`);
  }

  lines.push("", "targets:", ...verdicts.map((v) => `   ${v}`), loadLine(started, loadBefore));
  console.log(lines.join("\n"));
  await figures.write();
}

// The stops of bench/run.ts: signals, the watchdog, a failure; this file's own clean-up (its
// children, PostgreSQL databases, open databases and directories) runs in any case.
runBench("bench:stats", main, { watchdogMs: WATCHDOG_MS, watchdogEnv: "BENCH_STATS_WATCHDOG_MIN", cleanUp });
