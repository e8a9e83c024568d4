/**
 * API test harness: a real app over a fresh database per test file — a new SQLite file, or,
 * with TEST_DB=postgres, a new PostgreSQL database that is dropped afterwards. Requests go
 * through app.request(), no port involved, and every answer is checked against the contract its
 * route declares (contract-check.ts). `t.api` is the same requests, typed by the app's routes.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hc } from "hono/client";
import pg from "pg";
import type { AppType } from "../app.js";
import { bootstrap } from "../bootstrap.js";
import { loadConfig } from "../config.js";
import { createDb, type Db } from "../db/client.js";
import { migrateToLatest } from "../db/migrate.js";
import { checkAnswer, contractsOf } from "./contract-check.js";

export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const ORIGIN = "http://localhost:3000";

const pgUrlOf = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The migrations' sources, hashed: a template is only ever copied for the migrations it ran. */
function migrationsFingerprint(): string {
  const dir = fileURLToPath(new URL("../db/migrations/", import.meta.url));
  const hash = createHash("sha256");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).sort()) {
    hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Any number of the same key: one advisory lock every test process agrees on. */
const TEMPLATE_LOCK = 7_245_001;

/**
 * A PostgreSQL database with every migration applied, named after the migrations' own text, from
 * which `createPgDatabase({ migrated: true })` copies. Migrating an empty database (a hundred
 * statements, a dozen indexes) cost each API test file of the PostgreSQL pass about a second on the
 * CI machine; a copy of the template costs a fraction of that. The first test process to need it
 * builds it under an advisory lock, so the others wait rather than build it twice; a changed
 * migration gives a new name, and the old templates are dropped then.
 */
async function migratedTemplate(admin: pg.Client): Promise<string> {
  const name = `maybe_template_${migrationsFingerprint()}`;
  await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname ~ '^maybe_template_[0-9a-f]+$'");
    for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    // Built under another name and renamed once complete, so no process ever copies a half-migrated one.
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = createDb(pgUrlOf(building));
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
  }
}

/**
 * A fresh PostgreSQL database, named after `prefix`; drop() forces out any connection left. Empty,
 * or with `migrated` a copy of the migrated template (the migrations still run on it at start-up
 * and find nothing to do).
 */
export async function createPgDatabase(
  prefix = "maybe_test",
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const template = migrated ? await migratedTemplate(admin) : undefined;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = pgUrlOf(name);
  return {
    name,
    url,
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An empty database of the pass's kind (SQLite in a temporary directory, or a scratch PostgreSQL
 * database) and its URL, for a migration's test to bring up to the release before it; `drop` removes it.
 */
export async function emptyTestDatabase(): Promise<{ database: Db; url: string; drop: () => Promise<void> }> {
  if (TEST_DB === "postgres") {
    const scratch = await createPgDatabase("maybe_migrate");
    return { database: createDb(scratch.url), url: scratch.url, drop: scratch.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "maybe-migrate-"));
  const url = `file:${join(dir, "old.db")}`;
  return { database: createDb(url), url, drop: async () => rmSync(dir, { recursive: true, force: true }) };
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
  const pgDb = !shared && TEST_DB === "postgres" ? await createPgDatabase("maybe_test", { migrated: true }) : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: shared?.config.databaseUrl ?? pgDb?.url ?? `file:${join(dataDir, "maybe.db")}`,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: ORIGIN,
    SEED_ON_START: "false",
    AUTH_RATE_LIMIT_IP: "10000",
    AUTH_RATE_LIMIT_ACCOUNT: "10000",
    // The stats' batches written in the test's own thread, where the tests await them; the writer
    // thread has tests of its own (threaded-writer.test.ts).
    STATS_WRITER: "inline",
    ...env,
  });
  const { app, database, media, outbox, redis, responseCache, stats } = await bootstrap(config);
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
    /** The app's counter: `await t.stats.flush()` writes what it has counted. */
    stats,
    async close() {
      await outbox.stop();
      await stats.stop();
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
