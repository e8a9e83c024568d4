/**
 * Several instances over one database and one Redis (REDIS_URL): they share rate limits and
 * sessions. Needs the Redis at TEST_REDIS_URL (default 127.0.0.1:6379); without one these tests
 * are skipped with a message, unless REQUIRE_REDIS=1 or CI is set, where that is a failure.
 * The outage tests need no Redis and always run.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp } from "../../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../../test/redis.js";

const REDIS_URL = TEST_REDIS_URL;
const reachable = await redisForTests("the shared-state tests");

/** Every key this run writes, found by its unique prefix. */
async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  return keys;
}

/** The uid /api/me answers for `cookie`, or null when that session is not signed in. */
async function signedInUid(app: TestApp, cookie: string): Promise<string | null> {
  const res = await app.request("/api/me", { cookie });
  expect(res.status).toBe(200);
  const profile = (await res.json()) as { uid: string } | null;
  return profile?.uid ?? null;
}

describe.skipIf(!reachable)("two instances sharing one database and one Redis", () => {
  const prefix = `maybe-test:${process.pid}:${randomBytes(4).toString("hex")}:`;
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT_IP: "4" };
  let redis: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    a = await createTestApp(env);
    b = await createTestApp(env, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    const keys = await keysUnder(redis, prefix);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await b?.close();
    await a?.close();
  });

  const wrongSignIn = (app: TestApp, email: string) =>
    app.request("/api/auth/sign-in/email", { json: { email, password: "wrong pass" }, ip: "192.0.2.40" });

  it("count sign-in attempts together, in Redis", async () => {
    const statuses = [
      (await wrongSignIn(a, "s1@example.com")).status,
      (await wrongSignIn(b, "s2@example.com")).status,
      (await wrongSignIn(a, "s3@example.com")).status,
      (await wrongSignIn(b, "s4@example.com")).status,
      (await wrongSignIn(a, "s5@example.com")).status,
      (await wrongSignIn(b, "s6@example.com")).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await keysUnder(redis, `${prefix}rl:`)).length).toBeGreaterThan(0);
    // Nothing went to the database's counters while Redis answered.
    expect(await a.database.db.selectFrom("rate_limit").select("key").execute()).toEqual([]);
    // Every counter expires with its window.
    for (const key of await keysUnder(redis, `${prefix}rl:`)) expect(await redis.pttl(key)).toBeGreaterThan(0);
  });

  it("honour a session made on the other, cached in Redis and kept in the database", async () => {
    const { cookie, user } = await a.signUp();
    expect(await signedInUid(b, cookie)).toBe(user.uid);

    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(await redis.exists(`${prefix}auth:${token}`)).toBe(1);
    const row = await a.database.db.selectFrom("session").select("user_id").where("token", "=", token).executeTakeFirst();
    expect(row?.user_id).toBe(user.uid);

    // Signing out on one instance ends the session on both, though each had just confirmed it,
    // and drops the cached copy.
    expect(await signedInUid(a, cookie)).toBe(user.uid);
    expect((await b.request("/api/auth/sign-out", { cookie, json: {} })).status).toBe(200);
    expect(await signedInUid(a, cookie)).toBeNull();
    expect(await redis.exists(`${prefix}auth:${token}`)).toBe(0);
  });

  it("keep sessions through a Redis flush, and end them everywhere on sign-out", async () => {
    const { cookie, user } = await b.signUp();
    const sessionKeys = await keysUnder(redis, `${prefix}auth:`);
    expect(sessionKeys.length).toBeGreaterThan(0);
    await redis.del(...sessionKeys);

    expect(await signedInUid(a, cookie)).toBe(user.uid);
    expect(await signedInUid(b, cookie)).toBe(user.uid);
    expect((await a.request("/api/auth/sign-out", { cookie, json: {} })).status).toBe(200);
    expect(await signedInUid(b, cookie)).toBeNull();
    expect(await signedInUid(a, cookie)).toBeNull();
  });
});

describe("when Redis cannot be reached", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    t = await createTestApp({ REDIS_URL: "redis://127.0.0.1:1", AUTH_RATE_LIMIT_IP: "3" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("signs up, signs in and reads sessions from the database, never answering 500", async () => {
    const { cookie, account, user } = await t.signUp();
    expect((await t.request("/api/auth/get-session", { cookie })).status).toBe(200);
    const res = await t.request("/api/auth/sign-in/email", { json: { email: account.email, password: account.password } });
    expect(res.status).toBe(200);
    expect(await signedInUid(t, sessionCookie(res))).toBe(user.uid);
  });

  it("refuses to sign out with 503 rather than leave a cached copy of the session behind", async () => {
    const { cookie, user } = await t.signUp();
    const res = await t.request("/api/auth/sign-out", { cookie, json: {} });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "UNAVAILABLE", message: "Signing out is briefly unavailable. Please try again in a minute." });
    expect(await signedInUid(t, cookie)).toBe(user.uid);
  });

  it("still enforces the limits, counting in the database", async () => {
    const attempt = (i: number) =>
      t.request("/api/auth/sign-in/email", { json: { email: `o${i}@example.com`, password: "wrong pass" }, ip: "192.0.2.77" });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await t.database.db.selectFrom("rate_limit").select("key").execute()).length).toBeGreaterThan(0);
  });
});
