/**
 * API throughput benchmark (`npm run bench`): the real server, started as `npm start` starts it
 * (scripts/start.mjs, NODE_ENV=production, request logs on) on a scratch SQLite database, pinned
 * to core 0 with taskset; load from a second process pinned to core 1 (bench/load.ts: 50
 * keep-alive connections, closed loop). Prints one table: req/s, p50, p99 per read at each size,
 * the sizes of a read side by side, with the ratio to the ceiling (a bare node:http server
 * answering the store's first page with the same bytes, bench/bare-server.ts) and the p50 and p99
 * ratios to the smallest size. Then the resource part: server RSS after each of five repeated
 * rounds at the largest size, and start-up time to the first served request on the existing
 * database. About 7 minutes at the default sizes (8-10 for BENCH_SIZES=1000,1000000 with
 * BENCH_DURATION_MS=3000); a watchdog stops it at 10 minutes plus 8 per million products built. A read whose first request does not answer within 30 s is printed so,
 * and the server, stuck in it, is replaced for the other reads.
 *
 * Sizes: BENCH_SIZES, products per size, ascending (default 1000,100000; the issue's scale run is
 * BENCH_SIZES=1000,1000000; CI need not run it). A size of P products holds max(1,000, P / 10)
 * creators and P stories (bench/scale-data.ts): 1,000 → 1,000 creators and 1,000 stories;
 * 100,000 → 10,000 and 100,000; 1,000,000 → 100,000 and 1,000,000. The database grows from one
 * size to the next in one transaction, timed and printed with its CPU time ("built in N s";
 * target: a million products in under 3 minutes). The creator page row reads a creator who holds one in ten of the products
 * and stories, so the page is full (60 of each) at every size; the feed row is a member who
 * follows 20 creators who each hold one in 1,000.
 *
 * Reads that the response cache serves (the store, the stories, the directory, the creator page,
 * the pages) are measured warm, as a visitor meets them; the cart and the feed are per-user and
 * never cached, so their rows are the full path: session lookup, queries, serialisation. So that
 * the scale verdict also covers the database, the issue's six reads (store first page, search,
 * deep cursor page, creators filter, creator page, feed) are timed once more at each size in this
 * process with the response cache emptied before each request, and both p50 ratios are checked
 * against 1.2x.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { createFigures, machineLines } from "./report.js";
import { benchChildren, loadLine, refuseBusyPort, runBench, scratchDir, stopChild, track } from "./run.js";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { bootstrap } from "../src/server/bootstrap.js";
import { loadConfig } from "../src/server/config.js";
import { createDb, sqlitePathFromUrl } from "../src/server/db/client.js";
import { timestampSortKey } from "../src/server/db/dialect.js";
import { encodeCursor } from "../src/common/paging.js";
import type { BareMessage, RecordedResponse } from "./bare-server.js";
import { SEARCH_TERM } from "./catalog-data.js";
import type { LoadJob, LoadResult } from "./load.js";
import { FOLLOWED_IDS, NOTHING_GROWN, PAGE_CREATOR_ID, growTo, sizeOf, type Grown, type Size } from "./scale-data.js";

const HOST = "127.0.0.1";
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const ORIGIN = `http://${HOST}:${PORT}`;

/** BENCH_SIZES: products per size, ascending; the first is the one the others are compared with. */
function benchSizes(text: string): Size[] {
  const products = text.split(",").map((part) => Number(part.trim()));
  if (products.some((p, i) => !Number.isInteger(p) || p < 1_000 || (i > 0 && p <= products[i - 1]!))) {
    throw new Error(`BENCH_SIZES must be ascending whole numbers of products, 1000 or more (e.g. 1000,100000): got "${text}"`);
  }
  return products.map(sizeOf);
}
const SIZES = benchSizes(process.env.BENCH_SIZES ?? "1000,100000");
const CONNECTIONS = 50;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const RESOURCE_ROUNDS = 5;
const RESOURCE_ROUND_MS = 1_500;
// Building a million products takes up to 3 minutes, and the server reads a larger database.
const WATCHDOG_MS = (10 + (8 * SIZES.reduce((sum, s) => sum + s.products, 0)) / 1_000_000) * 60_000;
/** Production needs the invoice's seller and payment settings (config.ts). */
const BENCH_INVOICE_ENV = { SELLER_ADDRESS: "1 Bench Street|Benchville, NY 10001", PAYMENT_LINK: "https://pay.example/{invoice}" };
/** The server's secret, shared by the in-process app that times uncached reads with the member's session. */
const AUTH_SECRET = "bench-secret-bench-secret-bench-secret-01";
const SERVER_CORE = "0";
const LOAD_CORE = "1";
// Targets of the issue: every read at least half the ceiling's req/s with p99 under 10 ms;
// latency at every size within 1.2x of the smallest; RSS under 150 MB; start-up under 1 s (issue 36);
// a million products built in under 3 minutes.
const TARGET = { ofCeiling: 0.5, p99Ms: 10, sizeRatio: 1.2, rssMb: 150, startMs: 1_000, buildS: 180, buildFrom: 1_000_000 };
// Issue 21's targets for the server-rendered pages (docs/decisions/0022): a cached page at least
// 40% of the ceiling's req/s; an uncached render of /stories (the page and its API reads, every
// cache empty) under 15 ms at the median, measured in this process.
const PAGE_TARGET = { ofCeiling: 0.4, uncachedP50Ms: 15 };
const UNCACHED_RENDERS = 200;
/** Uncached API reads per read and size, after UNCACHED_WARMUP more. */
const UNCACHED_READS = 100;
const UNCACHED_WARMUP = 10;
/** In-process timing of one path stops after this long, however few its runs (timeUncached). */
const UNCACHED_BUDGET_MS = 15_000;
/**
 * A read whose first request takes longer does not answer: it is reported so, and the server,
 * busy with it for who knows how long, is replaced by a fresh one for the other reads.
 */
const ANSWER_MS = 30_000;

const FIRST_PAGE = "/api/products?kind=artifact&limit=24";
/** `scale`: one of the issue's six reads, whose p50 must stay within TARGET.sizeRatio of the smallest size's. */
type Scenario = { key: string; label: string; path: string; cookie?: boolean; page?: boolean; scale?: boolean };
const scenarios = (deepCursor: string): Scenario[] => [
  { key: "first", label: "store first page", path: FIRST_PAGE, scale: true },
  { key: "search", label: `store search q=${SEARCH_TERM}`, path: `/api/products?kind=artifact&q=${SEARCH_TERM}&limit=24`, scale: true },
  { key: "deep", label: "store deep cursor page", path: `/api/products?kind=artifact&limit=24&cursor=${deepCursor}`, scale: true },
  { key: "stories", label: "stories first page", path: "/api/stories?limit=24" },
  { key: "creators", label: "creators discipline=music", path: "/api/creators?discipline=music&limit=24", scale: true },
  { key: "creator-page", label: "creator page (prolific creator)", path: `/api/creators/${PAGE_CREATOR_ID}/page`, scale: true },
  { key: "feed", label: `GET /api/me/feed (signed in, ${FOLLOWED_IDS.length} follows)`, path: "/api/me/feed", cookie: true, scale: true },
  { key: "cart", label: "GET /api/me/cart (signed in)", path: "/api/me/cart", cookie: true },
  { key: "page-stories", label: "page /stories (visitor, cached)", path: "/stories", page: true },
  { key: "page-store", label: "page /store (visitor, cached)", path: "/store", page: true },
];

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = scratchDir("maybe-bench-");
const databaseUrl = `file:${join(dir, "bench.db")}`;
const figures = createFigures("api");

/** A child on one core: taskset execs node, so the pid is node's. tsx's loader comes from execArgv. */
function pinned(core: string, args: string[], env: NodeJS.ProcessEnv = process.env, ipc = false): ChildProcess {
  const child = spawn("taskset", ["-c", core, process.execPath, ...args], {
    cwd: root,
    env,
    stdio: ipc ? ["ignore", "inherit", "inherit", "ipc"] : ["ignore", "ignore", "inherit"],
  });
  return track(child);
}

function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before answering`));
    child.once("exit", onExit);
    child.once("message", (reply) => {
      child.off("exit", onExit);
      resolve(reply as T);
    });
    child.send(message as object);
  });
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? NaN) / 1024;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-";

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Migrates the scratch database and writes the sample content, as the app does on its first start. */
async function prepareDatabase() {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SEED_ON_START: "true" });
  await stopInProcess(await bootstrap(config));
}

/**
 * Grows the scratch database from `done` to `size` (bench/scale-data.ts) and finds the deep
 * cursor: halfway down the artifacts, where keyset paging must cost the same as on page 1.
 */
async function growDatabase(size: Size, done: Grown) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const grown = await growTo(sqlitePathFromUrl(databaseUrl), size, done);
  const buildS = (performance.now() - started) / 1000;
  // Beside the wall time, which other work on the machine stretches: the build runs in this process.
  const cpu = process.cpuUsage(cpuBefore);
  const buildCpuS = (cpu.user + cpu.system) / 1e6;
  const database = createDb(databaseUrl);
  try {
    const artifacts = await database.db
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", "artifact")
      .executeTakeFirstOrThrow();
    const row = await database.db
      .selectFrom("product")
      .select(["id", timestampSortKey(database.dialect, sql.ref("created_at")).as("key")])
      .where("kind", "=", "artifact")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(Math.floor(Number(artifacts.n) / 2))
      .limit(1)
      .executeTakeFirstOrThrow();
    return { grown, build: { s: buildS, cpuS: buildCpuS }, deepCursor: encodeCursor({ key: row.key, id: row.id }) };
  } finally {
    await database.close();
  }
}

type InProcess = Awaited<ReturnType<typeof bootstrap>>;

/** Stops what bootstrap started, in the order the server's shutdown does (index.ts). */
async function stopInProcess({ outbox, stats, database, mailer, media, responseCache }: InProcess) {
  await outbox.stop();
  await stats.stop();
  await database.close();
  mailer.close();
  media.close();
  responseCache.close();
}

/**
 * The whole app in this process over the bench database, configured as the server is
 * (production, so the built renderer and template; its secret, so the member's session holds).
 */
async function inProcess<T>(work: (app: InProcess) => Promise<T>): Promise<T> {
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SEED_ON_START: "false", AUTH_SECRET, ...BENCH_INVOICE_ENV });
  const app = await bootstrap(config);
  try {
    return await work(app);
  } finally {
    await stopInProcess(app);
  }
}

/**
 * p50 and p99 of up to `runs` requests for `path` with the response cache emptied before each,
 * after up to `warmup` more (the first load the code and warm the JIT). A read slower than the
 * budget allows gets fewer: at least one of each, and `runs` says how many were timed.
 */
async function timeUncached({ app, responseCache }: InProcess, path: string, runs: number, warmup: number, headers: Record<string, string> = {}) {
  const begun = performance.now();
  const once = async () => {
    responseCache.store.clear();
    const start = performance.now();
    const res = await app.request(`http://${HOST}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < warmup && (i === 0 || performance.now() - begun < UNCACHED_BUDGET_MS / 4); i++) await once();
  const times: number[] = [];
  while (times.length < runs && (times.length === 0 || performance.now() - begun < UNCACHED_BUDGET_MS)) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]!, runs: times.length };
}

/**
 * Server-side renders with nothing cached: every run renders the page and runs its API reads'
 * queries, over the full database.
 */
function uncachedRenders(paths: string[]): Promise<{ path: string; p50: number; p99: number; runs: number }[]> {
  return inProcess(async (app) => {
    const out: { path: string; p50: number; p99: number; runs: number }[] = [];
    for (const path of paths) out.push({ path, ...(await timeUncached(app, path, UNCACHED_RENDERS, 20)) });
    return out;
  });
}

/** CPU time (user + system) a process has used so far: robust where wall time is skewed by other load. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface RunningServer {
  child: ChildProcess;
  startMs: number;
  startCpuMs: number;
  stop(): Promise<void>;
}

async function startServer(): Promise<RunningServer> {
  const started = performance.now();
  const child = pinned(SERVER_CORE, ["scripts/start.mjs"], {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    ...BENCH_INVOICE_ENV,
    SEED_ON_START: "true",
    LOG_LEVEL: "info",
    REDIS_URL: "",
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before serving`);
    try {
      const res = await fetch(`${ORIGIN}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startMs = performance.now() - started;
  return {
    child,
    startMs,
    startCpuMs: cpuMs(child.pid!),
    // SIGKILL when SIGTERM is not heard within 5 s: a server stuck in a long query cannot hear it.
    stop: () => stopChild(child),
  };
}

/**
 * A signed-in member with three lines in the cart who follows the FOLLOWED_IDS creators, made
 * through the API itself.
 */
async function member(size: number): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({
      username: `bench${size}`,
      email: `bench-${size}@example.com`,
      phone: "+1 (555) 010-0000",
      password: "correct horse battery",
      confirmPassword: "correct horse battery",
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
  const page = (await (await fetch(`${ORIGIN}${FIRST_PAGE}`)).json()) as { items: { id: string }[] };
  for (const item of page.items.slice(0, 3)) {
    const add = await fetch(`${ORIGIN}/api/me/cart/items`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie },
      body: JSON.stringify({ product_id: item.id }),
    });
    if (add.status !== 200) throw new Error(`adding to the cart answered ${add.status}: ${await add.text()}`);
  }
  for (const creatorId of FOLLOWED_IDS) {
    const follow = await fetch(`${ORIGIN}/api/me/follows/${creatorId}`, { method: "PUT", headers: { origin: ORIGIN, cookie } });
    if (follow.status !== 200) throw new Error(`following ${creatorId} answered ${follow.status}: ${await follow.text()}`);
  }
  return cookie;
}

/** What a read answered, for the lines above the table: a list's items, a creator page's parts, a page's bytes. */
function describe(s: Scenario, body: Buffer): string {
  if (s.page) return `${fmt(body.length)} bytes of HTML`;
  const json = JSON.parse(body.toString()) as { items?: unknown[]; stories?: unknown[]; products?: unknown[]; followers?: number };
  const parts = json.items ? `${json.items.length} items` : `${json.stories?.length} stories, ${json.products?.length} products, ${json.followers} followers`;
  return `${parts}, ${fmt(body.length)} bytes`;
}

/** 1,000 → "1k", 100,000 → "100k", 1,000,000 → "1M": the sizes in a ratio's name. */
const short = (products: number) => (products >= 1_000_000 ? `${products / 1_000_000}M` : `${products / 1_000}k`);

async function main() {
  console.log(machineLines("bench (API throughput)", figures).join("\n"));
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  await refuseBusyPort(HOST, PORT);
  // As `npm start` would: build the client and the server bundle once, before any timing.
  const { buildIfNeeded } = (await import(join(root, "scripts/build-if-needed.mjs"))) as { buildIfNeeded: () => void };
  const { buildServerIfNeeded } = (await import(join(root, "scripts/build-server.mjs"))) as { buildServerIfNeeded: () => Promise<string> };
  buildIfNeeded();
  await buildServerIfNeeded();

  const load = pinned(LOAD_CORE, [...process.execArgv, join(root, "bench/load.ts")], process.env, true);
  const bare = pinned(SERVER_CORE, [...process.execArgv, join(root, "bench/bare-server.ts")], process.env, true);
  const run = (port: number, path: string, durationMs: number, warmupMs: number, cookie?: string) =>
    ask<LoadResult>(load, {
      type: "run",
      host: HOST,
      port,
      path,
      connections: CONNECTIONS,
      warmupMs,
      durationMs,
      headers: cookie ? { cookie } : {},
    } satisfies LoadJob);

  const results = new Map<string, LoadResult>();
  const uncached = new Map<string, { p50: number; p99: number; runs: number }>();
  /** `${products}/${key}` of the reads whose first request did not answer within ANSWER_MS. */
  const unanswered = new Set<string>();
  const info: string[] = [];
  const builds: { s: number; cpuS: number }[] = [];
  const starts: number[] = [];
  const startCpu: number[] = [];
  const rss: number[] = [];
  let labels: Scenario[] = [];
  let done = NOTHING_GROWN;
  let barePort = 0;

  await prepareDatabase();
  for (const size of SIZES) {
    const grown = await growDatabase(size, done);
    done = grown.grown;
    builds.push(grown.build);
    info.push(`${fmt(size.products)} products, ${fmt(size.creators)} creators, ${fmt(size.stories)} stories: built in ${fmt(grown.build.s, 1)} s (CPU ${fmt(grown.build.cpuS, 1)} s)`);

    let server = await startServer();
    starts.push(server.startMs);
    startCpu.push(server.startCpuMs);
    let cookie: string;
    try {
      cookie = await member(size.products);
      const list = scenarios(grown.deepCursor);
      labels = list;
      for (const s of list) {
        let res: Response;
        try {
          res = await fetch(`${ORIGIN}${s.path}`, { headers: s.cookie ? { cookie } : {}, signal: AbortSignal.timeout(ANSWER_MS) });
        } catch (error) {
          if (!(error instanceof Error && error.name === "TimeoutError")) throw error;
          unanswered.add(`${size.products}/${s.key}`);
          info.push(`  ${s.label}: no answer within ${ANSWER_MS / 1000} s`);
          await server.stop();
          server = await startServer();
          continue;
        }
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${s.path} answered ${res.status}: ${body.toString()}`);
        info.push(`  ${s.label}: ${describe(s, body)}`);
        if (s.key === "first") {
          // The ceiling answers with these very bytes and headers.
          const headers = [...res.headers.entries()].filter(
            ([name]) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name),
          );
          const recorded: RecordedResponse = { status: 200, headers, body: body.toString("base64") };
          const reply = await ask<{ port?: number }>(bare, { type: "set", responses: { [FIRST_PAGE]: recorded } } satisfies BareMessage);
          barePort = reply.port ?? barePort;
        }
      }
      const answered = list.filter((s) => !unanswered.has(`${size.products}/${s.key}`));
      results.set(`${size.products}/bare`, await run(barePort, FIRST_PAGE, DURATION_MS, WARMUP_MS));
      process.stdout.write(".");
      for (const s of answered) {
        const result = await run(PORT, s.path, DURATION_MS, WARMUP_MS, s.cookie ? cookie : undefined);
        if (result.failures > 0) throw new Error(`${s.label} @ ${size.products}: ${result.failures} failures`);
        results.set(`${size.products}/${s.key}`, result);
        process.stdout.write(".");
      }
      if (size === SIZES[SIZES.length - 1]) {
        // Resources: every read again, five times over; RSS after each round must stay flat.
        for (let round = 0; round < RESOURCE_ROUNDS; round++) {
          for (const s of answered) await run(PORT, s.path, RESOURCE_ROUND_MS, 0, s.cookie ? cookie : undefined);
          rss.push(rssMb(server.child.pid!));
          process.stdout.write("+");
        }
      }
    } finally {
      await server.stop();
    }
    // With the server stopped, so that only this process runs the queries; not a read that did
    // not answer, which would hold this process as long as it held the server.
    await inProcess(async (app) => {
      for (const s of labels.filter((l) => l.scale && !unanswered.has(`${size.products}/${l.key}`))) {
        uncached.set(`${size.products}/${s.key}`, await timeUncached(app, s.path, UNCACHED_READS, UNCACHED_WARMUP, s.cookie ? { cookie } : {}));
        process.stdout.write("~");
      }
    });
  }
  // Start-up once more on the full, existing database, with nothing else to do.
  const restarted = await startServer();
  starts.push(restarted.startMs);
  startCpu.push(restarted.startCpuMs);
  await restarted.stop();
  process.stdout.write("\n");

  const base = SIZES[0]!.products;
  const largest = SIZES[SIZES.length - 1]!.products;
  const ratioName = (size: number) => `${short(size)}/${short(base)}`;
  const products = SIZES.map((z) => z.products);
  const noAnswer = `no answer within ${ANSWER_MS / 1000} s`;
  const rows: string[][] = [];
  const misses: string[] = [];
  // A read's sizes side by side, the ceiling first.
  for (const size of products) {
    const ceiling = results.get(`${size}/bare`)!;
    rows.push(["ceiling: bare node:http", fmt(size), fmt(ceiling.rps), fmt(ceiling.p50, 2), fmt(ceiling.p99, 2), "1.00", "", ""]);
    figures.add(`ceiling @ ${fmt(size)} products req/s`, ceiling.rps, { unit: "req/s", better: "higher" });
    figures.add(`ceiling @ ${fmt(size)} products p99 ms`, ceiling.p99, { unit: "ms", better: "lower" });
  }
  for (const s of labels) {
    const first = results.get(`${base}/${s.key}`);
    for (const size of products) {
      const r = results.get(`${size}/${s.key}`);
      if (!r) {
        rows.push([s.label, fmt(size), noAnswer, "", "", "", "", ""]);
        misses.push(`${s.label} @ ${fmt(size)}: ${noAnswer}`);
        continue;
      }
      const ofCeiling = r.rps / results.get(`${size}/bare`)!.rps;
      const p50Ratio = size === base || !first ? NaN : r.p50 / first.p50;
      const p99Ratio = size === base || !first ? NaN : r.p99 / first.p99;
      rows.push([s.label, fmt(size), fmt(r.rps), fmt(r.p50, 2), fmt(r.p99, 2), fmt(ofCeiling, 2), fmt(p50Ratio, 2), fmt(p99Ratio, 2)]);
      const row = `${s.label} @ ${fmt(size)} products`;
      figures.add(`${row} req/s`, r.rps, { unit: "req/s", better: "higher" });
      figures.add(`${row} p50 ms`, r.p50, { unit: "ms", better: "lower" });
      figures.add(`${row} p99 ms`, r.p99, { unit: "ms", better: "lower" });
      figures.add(`${row} of ceiling`, ofCeiling, { unit: "x", better: "higher" });
      if (size !== base) {
        figures.add(`${s.label} p50 ${ratioName(size)}`, p50Ratio, { unit: "x", better: "lower" });
        figures.add(`${s.label} p99 ${ratioName(size)}`, p99Ratio, { unit: "x", better: "lower" });
      }
      if (s.page) {
        // A page is a few times the JSON's bytes: its own bar is a share of the ceiling only.
        if (ofCeiling < PAGE_TARGET.ofCeiling) misses.push(`${s.label} @ ${fmt(size)}: ${fmt(ofCeiling * 100)}% of the ceiling (page target ${PAGE_TARGET.ofCeiling * 100}%)`);
        continue;
      }
      if (ofCeiling < TARGET.ofCeiling) misses.push(`${s.label} @ ${fmt(size)}: ${fmt(ofCeiling * 100)}% of the ceiling`);
      if (r.p99 > TARGET.p99Ms) misses.push(`${s.label} @ ${fmt(size)}: p99 ${fmt(r.p99, 2)} ms`);
      if (p50Ratio > TARGET.sizeRatio) misses.push(`${s.label}: p50 ${fmt(p50Ratio, 2)}x at ${fmt(size)}`);
    }
  }

  // The issue's six reads, served (the rows above) and uncached (in process), against the smallest size.
  const uncachedRows: string[][] = [];
  const scaleLines: string[] = [];
  const met = (x: number) => (Number.isFinite(x) ? `${fmt(x, 2)}x ${x <= TARGET.sizeRatio ? "met" : "NOT met"}` : "not measured");
  for (const s of labels.filter((l) => l.scale)) {
    const verdicts: string[] = [];
    const first = uncached.get(`${base}/${s.key}`);
    for (const size of products) {
      const u = uncached.get(`${size}/${s.key}`);
      if (!u) {
        uncachedRows.push([s.label, fmt(size), noAnswer, "", "", ""]);
        continue;
      }
      const ratio = size === base || !first ? NaN : u.p50 / first.p50;
      uncachedRows.push([s.label, fmt(size), fmt(u.p50, 2), fmt(u.p99, 2), fmt(ratio, 2), fmt(u.runs)]);
      const row = `uncached ${s.label} @ ${fmt(size)} products`;
      figures.add(`${row} p50 ms`, u.p50, { unit: "ms", better: "lower" });
      figures.add(`${row} p99 ms`, u.p99, { unit: "ms", better: "lower" });
      if (size === base) continue;
      figures.add(`uncached ${s.label} p50 ${ratioName(size)}`, ratio, { unit: "x", better: "lower" });
      const served = (results.get(`${size}/${s.key}`)?.p50 ?? NaN) / (results.get(`${base}/${s.key}`)?.p50 ?? NaN);
      verdicts.push(`${fmt(size)}: served ${met(served)}, uncached ${met(ratio)}`);
      if (ratio > TARGET.sizeRatio) misses.push(`uncached ${s.label}: p50 ${fmt(ratio, 2)}x at ${fmt(size)}`);
    }
    scaleLines.push(`  ${s.label}: ${verdicts.join("; ")}`);
  }
  const buildLines = SIZES.map((size, i) => {
    const build = builds[i]!;
    const checked = size.products >= TARGET.buildFrom;
    if (checked && build.s > TARGET.buildS) misses.push(`${fmt(size.products)} products built in ${fmt(build.s, 1)} s`);
    figures.add(`database built @ ${fmt(size.products)} products s`, build.s, { unit: "s", better: "lower" });
    figures.add(`database built @ ${fmt(size.products)} products CPU s`, build.cpuS, { unit: "s", better: "lower" });
    const target = checked ? ` (target < ${TARGET.buildS} s: ${build.s <= TARGET.buildS ? "met" : "NOT met"})` : "";
    return `${fmt(size.products)} products ${i === 0 ? "from nothing" : `from ${fmt(SIZES[i - 1]!.products)}`} in ${fmt(build.s, 1)} s, CPU ${fmt(build.cpuS, 1)} s${target}`;
  });

  // Not a page that did not answer at this size: rendered here, it would hold this process as long.
  const pageKeys: Record<string, string> = { "/stories": "page-stories", "/store": "page-store" };
  const renderPaths = ["/stories", "/store", "/creators"].filter((path) => !unanswered.has(`${largest}/${pageKeys[path]}`));
  for (const path of ["/stories", "/store", "/creators"]) if (!renderPaths.includes(path)) misses.push(`uncached render of ${path}: not timed (the page did not answer at ${fmt(largest)})`);
  const renders = await uncachedRenders(renderPaths);
  for (const u of renders) if (u.path === "/stories" && u.p50 > PAGE_TARGET.uncachedP50Ms) misses.push(`uncached ${u.path}: p50 ${fmt(u.p50, 2)} ms`);
  const rssGrowth = rss[rss.length - 1]! - rss[0]!;
  for (const u of renders) {
    figures.add(`uncached render ${u.path} p50 ms`, u.p50, { unit: "ms", better: "lower" });
    figures.add(`uncached render ${u.path} p99 ms`, u.p99, { unit: "ms", better: "lower" });
  }
  figures.add("server RSS peak MB", Math.max(...rss), { unit: "MB", better: "lower" });
  figures.add("server RSS growth MB", rssGrowth, { unit: "MB", better: "lower" });
  figures.add("start-up worst ms", Math.max(...starts), { unit: "ms", better: "lower" });
  figures.add("start-up server CPU worst ms", Math.max(...startCpu), { unit: "ms", better: "lower" });
  const targets = `>= ${TARGET.ofCeiling * 100}% of the ceiling, p99 < ${TARGET.p99Ms} ms, p50 /${short(base)} <= ${TARGET.sizeRatio}, ${fmt(TARGET.buildFrom)} products built in < ${TARGET.buildS} s`;
  const lines = [
    "",
    `MAYBE API benchmark: server (NODE_ENV=production, request logs on) on core ${SERVER_CORE}, load on core ${LOAD_CORE}; ` +
      `${CONNECTIONS} keep-alive connections, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s per row; SQLite; Node ${process.version}; ` +
      `${availableParallelism()} cores, ${cpus()[0]?.model ?? "unknown CPU"}.`,
    ...info,
    "",
    table(["read", "products", "req/s", "p50 ms", "p99 ms", "of ceiling", `p50 /${short(base)}`, `p99 /${short(base)}`], rows),
    "",
    `The issue's six reads uncached: in process, the response cache emptied before each request, ${UNCACHED_READS} runs after ${UNCACHED_WARMUP}.`,
    "",
    table(["read (uncached)", "products", "p50 ms", "p99 ms", `p50 /${short(base)}`, "runs"], uncachedRows),
    "",
    `scale: p50 within ${TARGET.sizeRatio}x of ${fmt(base)} products, as served (the table above) and uncached:`,
    ...scaleLines,
    `database built (one transaction per size): ${buildLines.join("; ")}`,
    ...renders.map(
      (u) =>
        `uncached render of ${u.path} (page + its API reads, every cache emptied first; in-process, ${u.runs} runs, ${fmt(largest)} products): ` +
        `p50 ${fmt(u.p50, 2)} ms, p99 ${fmt(u.p99, 2)} ms${u.path === "/stories" ? ` (target p50 < ${PAGE_TARGET.uncachedP50Ms} ms)` : ""}`,
    ),
    `server RSS after each of ${RESOURCE_ROUNDS} rounds of every read: ${rss.map((m) => fmt(m, 1)).join(", ")} MB ` +
      `(growth ${fmt(rssGrowth, 1)} MB; target < ${TARGET.rssMb} MB, flat: ${Math.max(...rss) < TARGET.rssMb && rssGrowth < 5 ? "met" : "NOT met"})`,
    `start-up to first served request on an existing database: ${starts.map((ms) => fmt(ms)).join(", ")} ms ` +
      `(server CPU time ${startCpu.map((ms) => fmt(ms)).join(", ")} ms) ` +
      `(target < ${fmt(TARGET.startMs)} ms: ${Math.max(...starts) < TARGET.startMs ? "met" : "NOT met"})`,
    misses.length ? `targets (${targets}) NOT met by:\n  ${misses.join("\n  ")}` : `targets (${targets}): all met`,
  ];
  lines.push(loadLine(started, loadBefore));
  console.log(lines.join("\n"));
  await figures.write();
}

// The servers, the load generator and the ceiling are stopped and the scratch directory removed
// however the run ends (bench/run.ts); after a success the IPC children are asked to exit first.
runBench("bench", main, {
  watchdogMs: WATCHDOG_MS,
  finish: async () => {
    for (const child of benchChildren) if (child.connected) child.send({ type: "exit" });
    await new Promise((resolve) => setTimeout(resolve, 500));
  },
});
