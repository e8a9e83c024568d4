/**
 * Catalog benchmark (`npm run bench`): does the store's product list stay flat from 1,000 to
 * 100,000 products, how much does search cost, and how far is the app from the ceiling?
 *
 * - A scratch SQLite database under the OS temp directory (removed at the end) gets the sample
 *   content plus synthetic stories and products: first 1,000 products, then 100,000.
 * - The real app (bootstrap + @hono/node-server) listens on 127.0.0.1 in this process. Load comes
 *   from a forked child (bench/load.ts) so that server and load generator each get a core.
 * - Scenarios: the first page of GET /api/products?kind=artifact&limit=24, a search for a word in
 *   ~1% of products, and a search that matches nothing (the worst case: every product of the kind
 *   is read). Each runs against the app and against a bare node:http server in a child process
 *   that answers with the recorded bytes of the app's response (the ceiling).
 * - 50 keep-alive connections, 1 s warm-up then 4 s measured, per scenario. About 80 s in all;
 *   a watchdog ends the run after 170 s whatever happens.
 *
 * Measured and dropped (November 2026): running the catalog queries through cached better-sqlite3
 * prepared statements instead of Kysely's SQLite driver gave 0.98-1.15x the req/s on these
 * scenarios, inside run-to-run drift. A query costs ~170 us in process either way (row
 * materialisation dominates; the driver adds 20-40 us) out of ~500 us per request, the rest being
 * Hono/node-server request and response objects, middleware and the socket write.
 */
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { bootstrap } from "../src/server/bootstrap.js";
import { loadConfig } from "../src/server/config.js";
import { PRODUCTS, STORIES } from "../src/server/db/seed/content.js";
import type { BareMessage, RecordedResponse } from "./bare-server.js";
import { SEARCH_SHARE, SEARCH_TERM, generateStories, insertCatalog } from "./catalog-data.js";
import type { LoadJob, LoadResult } from "./load.js";

const HOST = "127.0.0.1";
const SIZES = [1_000, 100_000];
const CONNECTIONS = 50;
const WARMUP_MS = 1_000;
const DURATION_MS = 4_000;
const WATCHDOG_MS = 170_000;
const FIRST_PAGE_TARGET = 1.5;

const SCENARIOS = [
  { key: "first", label: "first page kind=artifact", path: "/api/products?kind=artifact&limit=24" },
  { key: "search", label: `search q=${SEARCH_TERM}`, path: `/api/products?kind=artifact&q=${SEARCH_TERM}&limit=24` },
  // The worst case of a leading-wildcard search: nothing matches, so every product of the kind is read.
  { key: "nomatch", label: "search, no match", path: "/api/products?kind=artifact&q=zzqqx&limit=24" },
] as const;
type ScenarioKey = (typeof SCENARIOS)[number]["key"];

const SERVERS = ["app", "bare"] as const;
type ServerKey = (typeof SERVERS)[number];
const SERVER_LABEL: Record<ServerKey, string> = { app: "MAYBE app", bare: "bare node:http" };

const here = dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), "maybe-bench-"));

function startChild(file: string): ChildProcess {
  // Inherits tsx's loader from this process's execArgv, so the child can be TypeScript.
  const child = fork(join(here, file), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.push(child);
  return child;
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

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-";

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

async function main() {
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const load = startChild("load.ts");
  const bare = startChild("bare-server.ts");
  let closeServer: (() => Promise<void>) | undefined;
  let closeDb: (() => Promise<void>) | undefined;

  try {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      DATABASE_URL: `file:${join(dir, "bench.db")}`,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      PUBLIC_URL: `http://${HOST}:3000`,
      SEED_ON_START: "true",
      LOG_LEVEL: "silent",
    });
    const { app, database } = await bootstrap(config);
    closeDb = () => database.close();

    const server = serve({ fetch: app.fetch, hostname: HOST, port: 0 });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const appPort = (server.address() as AddressInfo).port;
    closeServer = () =>
      new Promise((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      });

    const extraStories = generateStories(50);
    const storyIds = [...STORIES.map((s) => s.id), ...extraStories.map((s) => s.id)];
    let generated = 0;
    let bareReady = false;
    let barePort = 0;
    const results = new Map<string, LoadResult>();
    const id = (size: number, scenario: ScenarioKey, serverKey: ServerKey) => `${size}/${scenario}/${serverKey}`;
    const info: string[] = [];

    for (const size of SIZES) {
      // Grow the catalogue to `size` products (the sample content counts).
      const target = size - PRODUCTS.length;
      const seedStart = performance.now();
      await insertCatalog(database, generated === 0 ? extraStories : [], { from: generated, to: target, storyIds });
      generated = target;
      const seedMs = performance.now() - seedStart;
      const count = await database.db
        .selectFrom("product")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const artifacts = await database.db
        .selectFrom("product")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", "artifact")
        .executeTakeFirstOrThrow();
      info.push(
        `${fmt(Number(count.n))} products (${fmt(Number(artifacts.n))} artifacts), seeded in ${fmt(seedMs)} ms`,
      );

      // Record each scenario's real response: it checks the page and feeds the bare server.
      const recorded: Record<string, RecordedResponse> = {};
      for (const scenario of SCENARIOS) {
        const res = await fetch(`http://${HOST}:${appPort}${scenario.path}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`${scenario.path} answered ${res.status}: ${body.toString()}`);
        const page = JSON.parse(body.toString()) as { items: unknown[]; next_cursor: string | null };
        info.push(
          `  ${scenario.label}: ${page.items.length} items, ${fmt(body.length)} bytes${page.next_cursor ? ", more pages" : ""}`,
        );
        const headers = [...res.headers.entries()].filter(
          ([name]) => !["date", "connection", "keep-alive", "content-length"].includes(name),
        );
        recorded[scenario.path] = { status: res.status, headers, body: body.toString("base64") };
      }
      const message: BareMessage = { type: "set", responses: recorded };
      if (!bareReady) {
        barePort = (await ask<{ port: number }>(bare, message)).port;
        bareReady = true;
      } else {
        await ask(bare, message);
      }

      for (const scenario of SCENARIOS) {
        for (const serverKey of SERVERS) {
          const job: LoadJob = {
            type: "run",
            host: HOST,
            port: serverKey === "bare" ? barePort : appPort,
            path: scenario.path,
            connections: CONNECTIONS,
            warmupMs: WARMUP_MS,
            durationMs: DURATION_MS,
          };
          const result = await ask<LoadResult>(load, job);
          if (result.failures > 0) throw new Error(`${id(size, scenario.key, serverKey)}: ${result.failures} failures`);
          results.set(id(size, scenario.key, serverKey), result);
          process.stdout.write(".");
        }
      }
    }
    process.stdout.write("\n");

    const get = (size: number, scenario: ScenarioKey, serverKey: ServerKey) => results.get(id(size, scenario, serverKey))!;
    const rows: string[][] = [];
    for (const scenario of SCENARIOS) {
      for (const size of SIZES) {
        for (const serverKey of SERVERS) {
          const r = get(size, scenario.key, serverKey);
          const ceiling = get(size, scenario.key, "bare");
          rows.push([
            scenario.label,
            fmt(size),
            SERVER_LABEL[serverKey],
            fmt(r.requests),
            fmt(r.rps),
            fmt(r.p50, 2),
            fmt(r.p99, 2),
            serverKey === "bare" ? "1.00" : fmt(r.rps / ceiling.rps, 2),
            fmt(r.bytesPerResponse),
          ]);
        }
      }
    }

    const [small, large] = SIZES as [number, number];
    const firstRatio = get(large, "first", "app").p50 / get(small, "first", "app").p50;
    const searchRatio = get(large, "search", "app").p50 / get(small, "search", "app").p50;
    const noMatchRatio = get(large, "nomatch", "app").p50 / get(small, "nomatch", "app").p50;
    const lines = [
      "",
      `MAYBE catalog benchmark: ${CONNECTIONS} keep-alive connections, ${WARMUP_MS / 1000} s warm-up + ${DURATION_MS / 1000} s per row,`,
      `load from a separate process, SQLite, Node ${process.version}. Search term '${SEARCH_TERM}' is in ~${SEARCH_SHARE * 100}% of generated products.`,
      ...info,
      "",
      table(["scenario", "products", "server", "requests", "req/s", "p50 ms", "p99 ms", "of bare", "bytes/resp"], rows),
      "",
      `first page p50, ${fmt(large)} / ${fmt(small)} products: ${fmt(firstRatio, 2)} (target <= ${FIRST_PAGE_TARGET}: ${firstRatio <= FIRST_PAGE_TARGET ? "met" : "NOT met"})`,
      `search p50,     ${fmt(large)} / ${fmt(small)} products: ${fmt(searchRatio, 2)} (leading-wildcard LIKE: no index; it walks the kind index until the page is full)`,
      `no-match p50,   ${fmt(large)} / ${fmt(small)} products: ${fmt(noMatchRatio, 2)} (reads every product of the kind: grows with the table)`,
    ];
    for (const scenario of SCENARIOS) {
      for (const size of SIZES) {
        const ratio = get(size, scenario.key, "app").rps / get(size, scenario.key, "bare").rps;
        lines.push(`req/s as a fraction of bare, ${scenario.label} @ ${fmt(size)}: ${fmt(ratio, 3)} (${fmt(ratio * 100, 1)}%)`);
      }
    }
    // Server and load generator need a core each: anything else running skews every number above.
    const loadAfter = loadavg()[0]!;
    const cores = availableParallelism();
    lines.push(
      `total ${fmt((performance.now() - started) / 1000, 1)} s; ${cores} cores; 1-min load average ${fmt(loadBefore, 1)} before, ${fmt(loadAfter, 1)} after` +
        (loadBefore > 1 || loadAfter > cores + 1 ? " (WARNING: other work was running; numbers are not comparable)" : ""),
    );
    console.log(lines.join("\n"));
  } finally {
    for (const child of children) if (child.connected) child.send({ type: "exit" });
    await closeServer?.();
    await closeDb?.();
    rmSync(dir, { recursive: true, force: true });
    setTimeout(() => {
      for (const child of children) if (child.exitCode === null) child.kill();
    }, 2_000).unref();
  }
}

const watchdog = setTimeout(() => {
  console.error(`benchmark still running after ${WATCHDOG_MS / 1000} s; stopping`);
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

main().then(
  () => clearTimeout(watchdog),
  (error: unknown) => {
    console.error(error);
    for (const child of children) child.kill();
    process.exitCode = 1;
  },
);
