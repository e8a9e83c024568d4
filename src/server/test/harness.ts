/**
 * API test harness: a real app over a fresh database per test file — a new SQLite file, or,
 * with TEST_DB=postgres, a new PostgreSQL database that is dropped afterwards. Requests go
 * through app.request(), no port involved, and every answer is checked against the contract its
 * route declares (contract-check.ts). `t.api` is the same requests, typed by the app's routes.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hc } from "hono/client";
import pg from "pg";
import type { AppType } from "../app.js";
import { bootstrap } from "../bootstrap.js";
import { loadConfig } from "../config.js";
import { checkAnswer, contractsOf } from "./contract-check.js";

export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const ORIGIN = "http://localhost:3000";

/** A fresh PostgreSQL database, named after `prefix`; drop() forces out any connection left. */
export async function createPgDatabase(prefix = "maybe_test"): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  cookie?: string;
  /** Origin header; defaults to the site's own origin for writes. `null` sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** A raw body (an upload's multipart bytes, say); `json` sends JSON instead. */
  body?: string | Uint8Array<ArrayBuffer>;
  /** Simulated peer address of the socket. */
  ip?: string;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export interface TestAppOptions {
  /** Another test app whose database this one uses too, as a second instance of the site would. */
  shareDatabaseWith?: TestApp;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "maybe-test-"));
  const shared = options.shareDatabaseWith;
  const pgDb = !shared && TEST_DB === "postgres" ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: shared?.config.databaseUrl ?? pgDb?.url ?? `file:${join(dataDir, "maybe.db")}`,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: ORIGIN,
    SEED_ON_START: "false",
    AUTH_RATE_LIMIT_IP: "10000",
    AUTH_RATE_LIMIT_ACCOUNT: "10000",
    ...env,
  });
  const { app, database, media, outbox, redis, responseCache } = await bootstrap(config);
  const contracts = contractsOf(await (await app.request(`${ORIGIN}/api/openapi.json`)).json());

  async function request(path: string, options: RequestOptions = {}) {
    const method = options.method ?? (options.json !== undefined ? "POST" : "GET");
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers["content-type"] ??= "application/json";
    if (options.cookie) headers.cookie = options.cookie;
    const origin = options.origin === undefined ? (method === "GET" ? null : ORIGIN) : options.origin;
    if (origin) headers.origin = origin;
    const body = options.body ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    const bindings = { incoming: { socket: { remoteAddress: options.ip ?? "127.0.0.1" } } };
    const res = await app.request(`${ORIGIN}${path}`, { method, headers, body }, bindings);
    await checkAnswer(contracts, method, new URL(path, ORIGIN).pathname, res);
    return res;
  }

  // hono/client builds each call from AppType, so a path, parameter or body the routes do not
  // declare fails the typecheck; its fetch is request(), so the contract check runs as well.
  const api = hc<AppType>(ORIGIN, {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const body = init.body;
      if (body !== undefined && body !== null && typeof body !== "string") throw new Error("t.api sends JSON bodies only");
      return request(url.pathname + url.search, {
        method: init.method ?? "GET",
        headers: Object.fromEntries(new Headers(init.headers)),
        body: body ?? undefined,
      });
    },
  });

  let counter = 0;
  /** Signs up a fresh user and returns its session cookie and profile. */
  async function signUp(overrides: Record<string, string> = {}) {
    counter += 1;
    const account = {
      username: `user${counter}`,
      email: `user${counter}-${randomBytes(3).toString("hex")}@example.com`,
      phone: "+1 (555) 010-0000",
      password: "correct horse battery",
      confirmPassword: overrides.password ?? "correct horse battery",
      ...overrides,
    };
    const res = await request("/api/auth/sign-up/email", { json: account });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { user: { uid: string; email: string } };
    return { cookie: sessionCookie(res), user: body.user, account };
  }

  return {
    app,
    database,
    /** Tests that write rows behind the API's back drop the cached answers they change. */
    responseCache,
    config,
    /** The app's outbox sender: `await t.outbox.drain()` sends every e-mail due now. */
    outbox,
    /** The app's media store: a directory in this test app's temporary DATA_DIR, or S3 when the env says so. */
    media,
    request,
    /** Typed requests, e.g. `t.api.api.products[":id"].$get({ param: { id } })`; a session as `{ headers: { cookie } }`. */
    api,
    signUp,
    async close() {
      await outbox.stop();
      responseCache.close();
      media.close();
      redis?.disconnect();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type OkBody<R> = R extends { status: 200; json(): Promise<infer B> } ? B : never;

/** The body of a typed client's 200 answer, typed by its route; any other status fails, naming it. */
export async function okBody<R extends { status: number; json(): Promise<unknown>; text(): Promise<string> }>(res: R): Promise<OkBody<R>> {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as OkBody<R>;
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("maybe.session_token="));
  if (!cookie) throw new Error("no session cookie set");
  return cookie.split(";")[0]!;
}
