/**
 * Shared arrangements of the back office's API tests: signed-in people of every role, made with
 * the factories, and a snapshot of the database to prove that a refused request changed nothing.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Role } from "../../../common/roles.js";
import { insertCreator, insertUser, type UserOverrides } from "../../db/seed/factories.js";
import type { Database } from "../../db/types.js";
import { sessionCookie, type TestApp } from "../../test/harness.js";

export interface Someone {
  id: string;
  email: string;
  cookie: string;
}

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: { product_id: string; name: string; requested: number; available: number }[] };
}

export function staffHelpers(t: () => TestApp) {
  async function signIn(email: string, password: string): Promise<string> {
    const res = await t().request("/api/auth/sign-in/email", { json: { email, password } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return sessionCookie(res);
  }

  /** A signed-in account with this role (a member unless told), made by the factories. */
  async function person(role: Role = "member", overrides: Omit<UserOverrides, "role" | "password"> = {}): Promise<Someone> {
    const rows = await insertUser(t().database, { role, ...overrides });
    return { id: rows.user.id, email: rows.user.email, cookie: await signIn(rows.user.email, rows.password) };
  }

  /** A signed-in creator: a creator profile and the account it belongs to. */
  async function creator(): Promise<Someone & { creatorId: string }> {
    const rows = await insertCreator(t().database);
    const someone = await person("member", { creator_id: rows.creator.id });
    return { ...someone, creatorId: rows.creator.id };
  }

  /** A request as `who` (null: a visitor), its status and parsed body. */
  async function call<T = unknown>(who: Someone | null, method: string, path: string, json?: unknown, origin?: string) {
    const res = await t().request(path, { method, cookie: who?.cookie, json, origin });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  /** call() that must answer `status` (200 unless told); the body. */
  async function ok<T>(who: Someone | null, method: string, path: string, json?: unknown, status = 200): Promise<T> {
    const res = await call<T>(who, method, path, json);
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  return { signIn, person, creator, call, ok };
}

/** Tables whose rows the snapshot hashes, with the columns that order them. */
const HASHED: Partial<Record<keyof Database, string[]>> = {
  user: ["id"],
  order: ["id"],
  order_item: ["order_id", "product_id"],
  product: ["id"],
  story: ["id"],
  creator: ["id"],
  report: ["id"],
  audit_log: ["id"],
};

/** A value as both databases' drivers give it, in one form: dates as ISO text, 0/1 as numbers. */
function normal(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * Every table's row count, and a hash of every row of the tables the back office changes: equal
 * snapshots before and after mean nothing was added, removed or changed.
 */
export async function databaseSnapshot(t: TestApp): Promise<Record<string, string | number>> {
  const { db } = t.database;
  const snapshot: Record<string, string | number> = {};
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  for (const name of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    snapshot[`${name} rows`] = Number(rows[0]!.n);
  }
  for (const [table, order] of Object.entries(HASHED)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.join(order.map((c) => sql.ref(c)))}`.execute(db);
    const text = JSON.stringify(rows.map((row) => Object.entries(row).map(([k, v]) => [k, normal(v)])));
    snapshot[`${table} hash`] = createHash("sha256").update(text).digest("hex");
  }
  return snapshot;
}
