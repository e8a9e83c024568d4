/**
 * Process-level test helpers: the real entry point (src/server/index.ts) spawned on a port of its
 * own, plain HTTP requests to it, and scratch PostgreSQL databases for it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request, type Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPgDatabase } from "./harness.js";

export interface SpawnedServer {
  child: ReturnType<typeof spawn>;
  /** DATA_DIR of the process; its SQLite database is maybe.db in here unless DATABASE_URL says otherwise. */
  dataDir: string;
  /** The port once the server logged that it is serving. */
  listening: Promise<number>;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves once the process has printed `text`. */
  printed(text: string): Promise<void>;
  /** Stops the process (SIGKILL if it is still up) and removes its data directory. */
  dispose(): Promise<void>;
}

/** The server bundle of src/server/index.ts, as `npm start` runs it; Vitest's global setup builds it (scripts/vitest-build-server.mjs). */
const SERVER_BUNDLE = "dist/server/index.mjs";

/**
 * Spawns the entry point (its bundle) with a test environment (NODE_ENV=test, LOG_LEVEL=info,
 * loopback, relaxed sign-in limits) plus `env`, collecting what it prints.
 */
export function spawnEntryPoint(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      AUTH_RATE_LIMIT_IP: "100000",
      AUTH_RATE_LIMIT_ACCOUNT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export function startServer(env: Record<string, string> = {}): SpawnedServer {
  const dir = mkdtempSync(join(tmpdir(), "maybe-proc-"));
  const { child, exited, output } = spawnEntryPoint({
    PORT: "0",
    DATA_DIR: dir,
    DATABASE_URL: `file:${join(dir, "maybe.db")}`,
    ...env,
  });
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const match = output().match(/"port":(\d+)/);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`the server exited early: ${output()}`)));
  });
  listening.catch(() => {});
  return {
    child,
    dataDir: dir,
    listening,
    exited,
    output,
    printed: (text) =>
      new Promise<void>((resolve) => {
        if (output().includes(text)) return resolve();
        child.stdout!.on("data", () => output().includes(text) && resolve());
      }),
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The whole body arrived (Content-Length or chunked end reached). */
  complete: boolean;
}

export interface HttpOptions {
  method?: string;
  json?: unknown;
  cookie?: string;
  origin?: string;
  agent?: Agent | false;
  /** Fails the request (ETIMEDOUT) when no answer has ended within this many ms; none by default. */
  timeoutMs?: number;
  /** Other request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export function http(port: number, path: string, options: HttpOptions = {}): Promise<HttpResult> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string | number> = { ...options.headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(body);
  }
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: options.method ?? (body === undefined ? "GET" : "POST"), headers, agent: options.agent ?? false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, complete: res.complete }));
        res.on("error", reject);
      },
    );
    // Whether the request went out on a kept-alive connection or a new one, for callers that
    // must tell a reset of a request the server took on from a connection it never accepted.
    req.on("error", (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    if (options.timeoutMs) {
      const limit = options.timeoutMs;
      req.setTimeout(limit, () => {
        const error: NodeJS.ErrnoException = new Error(`${req.method} ${path} had no answer within ${limit} ms`);
        error.code = "ETIMEDOUT";
        req.destroy(error);
      });
    }
    req.end(body);
  });
}

/** A fresh PostgreSQL database for one spawned server. */
export const scratchPgDatabase = () => createPgDatabase("maybe_proc");

/** Signs up `${tag}@example.com` on a spawned server and returns its session cookie (`name=value`). */
export async function signUpOverHttp(port: number, tag: string, origin: string): Promise<string> {
  const res = await http(port, "/api/auth/sign-up/email", {
    origin,
    json: {
      username: tag,
      email: `${tag}@example.com`,
      phone: "+1 (555) 010-0000",
      password: "correct horse battery",
      confirmPassword: "correct horse battery",
    },
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${res.body}`);
  const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("maybe.session_token="));
  if (!cookie) throw new Error("sign-up set no session cookie");
  return cookie.split(";")[0]!;
}

/**
 * Runs `npm run <script> -- …args` as a person would, with only `env` (and PATH) set; its exit
 * code and what it printed.
 */
export function runNpmScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}
