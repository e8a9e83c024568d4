import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTransaction } from "../../db/dialect.js";
import { DatabaseRateLimiter, purgeExpired } from "../../db/rate-limit-store.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_IP: "5", AUTH_RATE_LIMIT_ACCOUNT: "3", TRUST_PROXY: "0" });
});
afterAll(async () => {
  await t.close();
});

const attempt = (email: string, ip: string, headers: Record<string, string> = {}) =>
  t.request("/api/auth/sign-in/email", { json: { email, password: "wrong pass" }, ip, headers });

describe("sign-in rate limits", () => {
  it("limits attempts per account from one address, without locking the account for others", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt("target@example.com", "10.0.0.1")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await attempt("target@example.com", "10.0.0.1");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
    // The account-wide cap counts failed checks from anywhere, and it is far from used up.
    expect((await attempt("target@example.com", "10.0.0.2")).status).toBe(401);
  });

  it("limits attempts per client address across accounts", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(`a${i}@example.com`, "192.0.2.7")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt("fresh@example.com", "192.0.2.8")).status).toBe(401);
  });

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await attempt(`b${i}@example.com`, "192.0.2.9", { "x-forwarded-for": `203.0.113.${i}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("behind a trusted proxy", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ AUTH_RATE_LIMIT_IP: "2", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await p.close();
  });

  const viaProxy = (forwardedFor: string, email: string) =>
    p.request("/api/auth/sign-in/email", {
      json: { email, password: "wrong pass" },
      ip: "127.0.0.1",
      headers: { "x-forwarded-for": forwardedFor },
    });

  it("keys on the address the proxy saw, not on what the client claims", async () => {
    // The client forges a left-hand entry; the proxy appends the real peer 198.51.100.1.
    expect((await viaProxy("1.1.1.1, 198.51.100.1", "c1@example.com")).status).toBe(401);
    expect((await viaProxy("2.2.2.2, 198.51.100.1", "c2@example.com")).status).toBe(401);
    expect((await viaProxy("3.3.3.3, 198.51.100.1", "c3@example.com")).status).toBe(429);
    // Another client behind the same proxy is unaffected.
    expect((await viaProxy("198.51.100.2", "c4@example.com")).status).toBe(401);
  });
});

describe("what refused and invalid attempts cost", () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ AUTH_RATE_LIMIT_IP: "5", AUTH_RATE_LIMIT_ACCOUNT: "5" });
  });
  afterAll(async () => {
    await s.close();
  });

  const rows = () =>
    s.database.db.selectFrom("rate_limit").select(["key"]).execute();

  it("stores a bounded number of short keys however many emails one address tries", async () => {
    for (let i = 0; i < 120; i += 1) {
      const email = `${"x".repeat(200)}${i}@example.com`;
      const res = await s.request("/api/auth/sign-in/email", { json: { email, password: "wrong pass" }, ip: "198.51.100.50" });
      expect(res.status).toBe(i < 5 ? 401 : 429);
    }
    const keys = await rows();
    // One per-address counter, and for each of the 5 admitted attempts one per-account-and-address
    // counter and one failed-check counter; the 115 refused attempts added nothing.
    expect(keys.length).toBe(11);
    expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThanOrEqual(64);
  });

  it("answers an oversized email with 400 before any counter, on every database", async () => {
    const before = (await rows()).length;
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/sign-up/artist"]) {
      const email = `${"a".repeat(10 * 1024)}@example.com`;
      const res = await s.request(path, {
        json: { email, password: "correct horse battery", username: "someone", confirmPassword: "correct horse battery" },
        ip: "198.51.100.60",
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toMatch(/at most 254/);
    }
    expect((await rows()).length).toBe(before);
  });
});

describe("rate-limit windows", () => {
  it("start over once expired, and expired ones can be purged", async () => {
    const now = 1_000_000;
    const limiter = new DatabaseRateLimiter(t.database);
    expect((await limiter.hit("window:test", 1, 10, now)).allowed).toBe(true);
    expect((await limiter.hit("window:test", 1, 10, now + 5_000)).allowed).toBe(false);
    expect((await limiter.hit("window:test", 1, 10, now + 10_000)).allowed).toBe(true);
    await purgeExpired(t.database, now + 30_000);
    const left = await t.database.db.selectFrom("rate_limit").select("key").where("key", "=", "window:test").execute();
    expect(left).toEqual([]);
  });

  it("count in the caller's transaction: kept when it commits, taken back when it rolls back", async () => {
    const now = 2_000_000;
    const limiter = new DatabaseRateLimiter(t.database);
    const count = async () => (await t.database.db.selectFrom("rate_limit").select("count").where("key", "=", "within:test").executeTakeFirst())?.count;
    await writeTransaction(t.database.db, t.database.dialect, (trx) => limiter.hitWithin(trx, "within:test", 2, 60, now));
    expect(Number(await count())).toBe(1);
    const refused = writeTransaction(t.database.db, t.database.dialect, async (trx) => {
      expect((await limiter.hitWithin(trx, "within:test", 2, 60, now)).allowed).toBe(true);
      throw new Error("the write the limit guards failed");
    });
    await expect(refused).rejects.toThrow("the write the limit guards failed");
    expect(Number(await count())).toBe(1);
    const second = await writeTransaction(t.database.db, t.database.dialect, (trx) => limiter.hitWithin(trx, "within:test", 2, 60, now));
    const third = await writeTransaction(t.database.db, t.database.dialect, (trx) => limiter.hitWithin(trx, "within:test", 2, 60, now));
    expect([second.allowed, third.allowed]).toEqual([true, false]);
  });
});
