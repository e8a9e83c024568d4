import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hit, purgeExpired } from "../../lib/rate-limit.js";
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
  it("limits attempts per account across addresses", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt("target@example.com", `10.0.0.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const res = await attempt("target@example.com", "10.0.0.99");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
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

describe("rate-limit windows", () => {
  it("start over once expired, and expired ones can be purged", async () => {
    const now = 1_000_000;
    expect((await hit(t.database, "window:test", 1, 10, now)).allowed).toBe(true);
    expect((await hit(t.database, "window:test", 1, 10, now + 5_000)).allowed).toBe(false);
    expect((await hit(t.database, "window:test", 1, 10, now + 10_000)).allowed).toBe(true);
    await purgeExpired(t.database, now + 30_000);
    const left = await t.database.db.selectFrom("rate_limit").select("key").where("key", "=", "window:test").execute();
    expect(left).toEqual([]);
  });
});
