/**
 * The site measured while it does heavy work on the side (uploads of images or tracks): shared by
 * bench/media.bench.ts and bench/audio.bench.ts.
 *
 * - startSite(): the production server bundle (NODE_ENV=production, request logs on) on a loopback
 *   port and a scratch SQLite database, unpinned (it may use both cores, as in production).
 * - startControl(): a bare node:http process (bench/bare-server.ts) answering the stories page's
 *   recorded bytes: what this shared machine does to any process's latency in the same seconds.
 * - pacedLoad(): an open-loop load of `rate` req/s, paced by the clock and timed from each
 *   request's scheduled start (a stalled server cannot hide its stall by slowing the load down),
 *   taking turns between READS: a cached public read, an uncached signed-in read and the control.
 * - creatorSession(): a creator signed up through the API and made one as an approved application does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../src/server/db/client.js";
import { insertCreatorApplication } from "../src/server/db/seed/factories.js";
import type { BareMessage, RecordedResponse } from "./bare-server.js";
import type { Figures } from "./report.js";

export const HOST = "127.0.0.1";
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "-";
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
export const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM). */
export function procStatus(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? NaN) / 1024;
}

/** CPU time (user + system) a process has used so far, in seconds: robust where wall time is skewed by other load. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server's child processes (its image or audio worker, while one runs). */
export function childPids(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

export interface Read {
  label: string;
  path: string;
  signedIn: boolean;
  /** The control: a bare node:http process answering the stories page's recorded bytes. */
  control?: boolean;
}
export const STORIES = "/api/stories?limit=24";
export const READS: Read[] = [
  { label: "GET /api/stories (cached, public)", path: STORIES, signedIn: false },
  { label: "GET /api/me/cart (uncached, signed in)", path: "/api/me/cart", signedIn: true },
  { label: "control: bare node:http, same bytes", path: STORIES, signedIn: false, control: true },
];

export interface LoadResult {
  label: string;
  count: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
}

export interface Site {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** What every child process this site started (the control too) is, for the bench's clean-up. */
  children: Set<ChildProcess>;
  startControl(): Promise<number>;
  creatorSession(): Promise<string>;
  pacedLoad(cookie: string, controlPort: number, durationMs: number, rate: number): Promise<LoadResult[]>;
}

export async function startSite(options: { dir: string; port: number; children: Set<ChildProcess> }): Promise<Site> {
  const { dir, port, children } = options;
  const origin = `http://${HOST}:${port}`;
  const databaseUrl = `file:${join(dir, "bench.db")}`;
  const child = spawn(process.execPath, ["dist/server/index.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      // Production needs the invoice's seller and payment settings (config.ts).
      SELLER_ADDRESS: "1 Bench Street|Benchville, NY 10001",
      PAYMENT_LINK: "https://pay.example/{invoice}",
      SEED_ON_START: "true",
      LOG_LEVEL: "info",
      REDIS_URL: "",
      S3_BUCKET: "",
      S3_ENDPOINT: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before serving`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }

  return {
    origin,
    child,
    children,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      children.delete(child);
    },
    async startControl() {
      const res = await fetch(`${origin}${STORIES}`);
      const body = Buffer.from(await res.arrayBuffer());
      const headers = [...res.headers.entries()].filter(([name]) => !["date", "connection", "keep-alive", "content-length", "x-request-id"].includes(name));
      const recorded: RecordedResponse = { status: res.status, headers, body: body.toString("base64") };
      const control = spawn(process.execPath, [...process.execArgv, join(root, "bench/bare-server.ts")], { cwd: root, stdio: ["ignore", "inherit", "inherit", "ipc"] });
      children.add(control);
      return new Promise((resolve, reject) => {
        control.once("exit", (code) => reject(new Error(`control server exited (${code})`)));
        control.once("message", (reply: { port?: number }) => resolve(reply.port!));
        control.send({ type: "set", responses: { [STORIES]: recorded } } satisfies BareMessage);
      });
    },
    async creatorSession() {
      const res = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          username: "benchcreator",
          email: "bench-creator@example.com",
          phone: "+1 (555) 010-0000",
          password: "correct horse battery",
          confirmPassword: "correct horse battery",
        }),
      });
      if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      const { user } = (await res.json()) as { user: { uid: string } };
      const database = createDb(databaseUrl);
      try {
        await insertCreatorApplication(database, { user_id: user.uid });
      } finally {
        await database.close();
      }
      return res.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    },
    /** Open loop: request i is due at start + i / rate, whatever happened to the earlier ones, and its latency counts from when it was due. */
    async pacedLoad(cookie, controlPort, durationMs, rate) {
      const agent = new Agent({ keepAlive: true, maxSockets: 64 });
      const latencies = READS.map(() => [] as number[]);
      const failures = READS.map(() => 0);
      const pending: Promise<void>[] = [];
      const start = performance.now();
      const interval = 1000 / rate;
      for (let i = 0; i * interval < durationMs; i++) {
        const due = start + i * interval;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const which = i % READS.length;
        const read = READS[which]!;
        // Timed from when it was due, or from when it was sent if that was a little earlier (the
        // timer is not waited for under 1 ms).
        const from = Math.min(due, performance.now());
        pending.push(
          new Promise<void>((resolve) => {
            const target = read.control ? controlPort : port;
            const req = get({ host: HOST, port: target, path: read.path, agent, headers: read.signedIn ? { cookie } : {} }, (res) => {
              res.resume();
              res.on("end", () => {
                if (res.statusCode !== 200) failures[which]! += 1;
                latencies[which]!.push(performance.now() - from);
                resolve();
              });
            });
            req.on("error", () => {
              failures[which]! += 1;
              resolve();
            });
          }),
        );
      }
      await Promise.all(pending);
      agent.destroy();
      return READS.map((read, i) => {
        const sorted = latencies[i]!.sort((a, b) => a - b);
        return { label: read.label, count: sorted.length, failures: failures[i]!, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
      });
    },
  };
}

/** The reads' rows of a table: alone and under the side load, and the p99 ratio; throws on any failed request. */
export function loadRows(baseline: LoadResult[], loaded: LoadResult[]): string[][] {
  return READS.map((read, i) => {
    const alone = baseline[i]!;
    const busy = loaded[i]!;
    if (alone.failures || busy.failures) throw new Error(`${read.label}: ${alone.failures + busy.failures} failed requests`);
    return [read.label, fmt(alone.p50, 2), fmt(alone.p99, 2), fmt(busy.p50, 2), fmt(busy.p99, 2), fmt(busy.max, 1), fmt(busy.p99 / alone.p99, 1)];
  });
}
export const LOAD_HEADER = ["read", "alone p50", "alone p99", "under load p50", "under load p99", "under load max", "p99 ratio"];

/** The figures of loadRows' table, for the bench's JSON: each read's p50/p99 alone and under `load` ("under uploads"), and the p99 ratio. */
export function addLoadFigures(figures: Figures, baseline: LoadResult[], loaded: LoadResult[], load: string): void {
  for (const [i, read] of READS.entries()) {
    const alone = baseline[i]!;
    const busy = loaded[i]!;
    figures.add(`${read.label} alone p50 ms`, alone.p50, { unit: "ms", better: "lower" });
    figures.add(`${read.label} alone p99 ms`, alone.p99, { unit: "ms", better: "lower" });
    figures.add(`${read.label} ${load} p50 ms`, busy.p50, { unit: "ms", better: "lower" });
    figures.add(`${read.label} ${load} p99 ms`, busy.p99, { unit: "ms", better: "lower" });
    figures.add(`${read.label} p99 ${load} / alone`, busy.p99 / alone.p99, { unit: "x", better: "lower" });
  }
}

/** What media and audio both record of their uploads beside the site's reads: the worst p99, the uploads' answers, the peak RSS. */
export function addUploadFigures(
  figures: Figures,
  upload: { baseline: LoadResult[]; loaded: LoadResult[]; allAnsweredS: number; answerMs: number[]; peakRssMb: number; worker: string; workerPeakMb: number },
): void {
  const answerMs = [...upload.answerMs].sort((a, b) => a - b);
  addLoadFigures(figures, upload.baseline, upload.loaded, "under uploads");
  figures.add("site worst p99 under uploads ms", worstSiteP99(upload.loaded), { unit: "ms", better: "lower" });
  figures.add("uploads all answered s", upload.allAnsweredS, { unit: "s", better: "lower" });
  figures.add("upload answer p50 s", quantile(answerMs, 0.5) / 1000, { unit: "s", better: "lower" });
  figures.add("upload answer max s", answerMs.at(-1)! / 1000, { unit: "s", better: "lower" });
  figures.add("server peak RSS with uploads MB", upload.peakRssMb, { unit: "MB", better: "lower" });
  figures.add(`${upload.worker} worker peak RSS MB`, upload.workerPeakMb, { unit: "MB", better: "lower" });
}

/** The worst p99 of the site's own reads (not the control's) under the side load. */
export const worstSiteP99 = (loaded: LoadResult[]) => Math.max(...loaded.filter((_, i) => !READS[i]!.control).map((r) => r.p99));
export const controlP99 = (loaded: LoadResult[]) => loaded.find((_, i) => READS[i]!.control)!.p99;
