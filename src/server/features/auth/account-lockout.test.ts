/**
 * The default limits of decision 0010, as shipped: an attacker is throttled and capped, but can
 * neither lock the owner out nor slow anyone else down.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

// The shipped defaults; the harness raises the two per-window limits unless told otherwise.
const DEFAULTS = { AUTH_RATE_LIMIT_IP: "30", AUTH_RATE_LIMIT_ACCOUNT: "10", TRUST_PROXY: "1" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(DEFAULTS);
});
afterAll(async () => {
  await t.close();
});

/** A sign-in through the one trusted proxy, from `address` as the proxy saw it. */
function signIn(email: string, password: string, address: string, cookie?: string) {
  return t.request("/api/auth/sign-in/email", {
    json: { email, password },
    headers: { "x-forwarded-for": address },
    cookie,
  });
}

/** The known-device cookie a response sets, as `name=value`. */
function deviceCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("maybe.device="));
  if (!cookie) throw new Error("no device cookie set");
  return cookie.split(";")[0]!;
}

describe("one client hammering sign-in", () => {
  it("is throttled with 429 and Retry-After after its per-address allowance", async () => {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 200; i += 1) {
      const res = await signIn(`guess${i}@example.com`, "wrong pass", "203.0.113.200");
      statuses.push(res.status);
      if (res.status === 429) retryAfter = Number(res.headers.get("retry-after"));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
  }, 60_000);
});

describe("many addresses hammering one account", () => {
  let owner: Awaited<ReturnType<TestApp["signUp"]>>;
  let ownerDevice: string;
  let bystander: Awaited<ReturnType<TestApp["signUp"]>>;
  const attackStatuses: number[] = [];

  beforeAll(async () => {
    owner = await t.signUp();
    bystander = await t.signUp();
    // The owner signed in on this browser before, which remembers it.
    const res = await signIn(owner.account.email, owner.account.password, "198.51.100.10");
    expect(res.status).toBe(200);
    ownerDevice = deviceCookie(res);

    // 130 guesses, each from a new address, 10 at a time so they also race each other.
    for (let batch = 0; batch < 13; batch += 1) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(owner.account.email, `guess number ${batch * 10 + i}`, `10.1.${batch}.${i}`)),
      );
      attackStatuses.push(...results.map((r) => r.status));
    }
  }, 120_000); // 100 real password checks: slow on purpose

  it("gets at most 100 password checks per account, however it rotates X-Forwarded-For", () => {
    expect(attackStatuses.filter((s) => s === 401)).toHaveLength(100);
    expect(attackStatuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it("still refuses a fresh address, even with the right password", async () => {
    expect((await signIn(owner.account.email, owner.account.password, "10.9.9.9")).status).toBe(429);
  });

  it("lets the owner in from a browser that signed in before", async () => {
    const res = await signIn(owner.account.email, owner.account.password, "198.51.100.11", ownerDevice);
    expect(res.status).toBe(200);
  });

  it("does not honour a device cookie signed for another account", async () => {
    const other = await signIn(bystander.account.email, bystander.account.password, "10.2.0.1");
    expect(other.status).toBe(200);
    const res = await signIn(owner.account.email, owner.account.password, "10.2.0.1", deviceCookie(other));
    expect(res.status).toBe(429);
  });

  it("does not slow anyone else down", async () => {
    const res = await signIn(bystander.account.email, bystander.account.password, "10.1.0.1");
    expect(res.status).toBe(200);
  });
});

describe("successful sign-ins", () => {
  it("do not use up the account-wide cap", async () => {
    const capped = await createTestApp({ ...DEFAULTS, AUTH_ACCOUNT_FAILURES: "2" });
    try {
      const { account } = await capped.signUp();
      const attempt = (password: string, address: string) =>
        capped.request("/api/auth/sign-in/email", {
          json: { email: account.email, password },
          headers: { "x-forwarded-for": address },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt(account.password, `10.3.0.${i}`)).status).toBe(200);
      expect((await attempt("wrong pass", "10.3.1.1")).status).toBe(401);
      expect((await attempt("wrong pass", "10.3.1.2")).status).toBe(401);
      expect((await attempt("wrong pass", "10.3.1.3")).status).toBe(429);
    } finally {
      await capped.close();
    }
  });
});
