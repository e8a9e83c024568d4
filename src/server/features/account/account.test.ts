/** Settings (issue 20): profile, preferences, e-mail, password and sessions, as the owner, a stranger and signed out. */
import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/account-schemas.js";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import { createTestApp, ORIGIN, sessionCookie, type TestApp } from "../../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../../test/redis.js";
import { lastMailTo, linkToken, mailsTo } from "./account.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function signIn(app: TestApp, email: string, password: string, userAgent?: string) {
  const res = await app.request("/api/auth/sign-in/email", { json: { email, password }, headers: userAgent ? { "user-agent": userAgent } : {} });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const me = async (cookie: string) => (await (await t.request("/api/me", { cookie })).json()) as Record<string, unknown> | null;
const signedIn = async (app: TestApp, cookie: string) => (await app.request("/api/me/cart", { cookie })).status === 200;

describe("signed out", () => {
  it("every Settings endpoint answers 401", async () => {
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/me/verification-email"],
      ["PATCH", "/api/me/profile", { username: "someone", phone: "+1 555 123 4567" }],
      ["PUT", "/api/me/preferences", { newsletter: true }],
      ["POST", "/api/me/email", { email: "new@example.com" }],
      ["POST", "/api/me/password", { currentPassword: "x", newPassword: "long enough", confirmPassword: "long enough" }],
      ["GET", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions/abc"],
      ["POST", "/api/me/sessions/sign-out-others"],
      ["POST", "/api/me/delete", { password: "x", confirmation: "DELETE" }],
      ["GET", "/api/me/export"],
    ];
    for (const [method, path, json] of calls) {
      const res = await t.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("the confirmation link again", () => {
  it("is sent on request, at most 3 times in 10 minutes, and refused once confirmed", async () => {
    const { cookie, user } = await t.signUp();
    for (let i = 0; i < 3; i++) {
      const res = await t.request("/api/me/verification-email", { method: "POST", cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.verificationSent });
    }
    expect((await mailsTo(t, user.email, "verify-email")).length).toBe(4); // with the sign-up's
    const limited = await t.request("/api/me/verification-email", { method: "POST", cookie });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);

    const token = linkToken(await lastMailTo(t, user.email, "verify-email"));
    expect((await t.request("/api/auth/verify-email", { json: { token } })).status).toBe(200);
    const again = await t.request("/api/me/verification-email", { method: "POST", cookie });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("ALREADY_VERIFIED");
  });
});

describe("profile and preferences", () => {
  it("change the username and phone with Subscribe's rules", async () => {
    const { cookie } = await t.signUp();
    const res = await t.request("/api/me/profile", { method: "PATCH", cookie, json: { username: "  Neo Name ", phone: "+1 555 123 4567" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: "Neo Name", phone: "+1 555 123 4567" });
    expect(await me(cookie)).toMatchObject({ username: "Neo Name" });

    const bad = await t.request("/api/me/profile", { method: "PATCH", cookie, json: { username: "ab", phone: "+1 555 123 4567" } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields?.username).toBe("Username must be at least 3 characters");
    expect(await me(cookie)).toMatchObject({ username: "Neo Name" });
  });

  it("turn the newsletter on and off for the account (features/newsletter/newsletter-consent.test.ts: the list)", async () => {
    const { cookie, user } = await t.signUp();
    expect(await me(cookie)).toMatchObject({ newsletter: false });
    const on = await t.request("/api/me/preferences", { method: "PUT", cookie, json: { newsletter: true } });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ newsletter: true, subscribed: true });
    const row = await t.database.db.selectFrom("user").select("newsletter_since").where("id", "=", user.uid).executeTakeFirstOrThrow();
    expect(row.newsletter_since).not.toBeNull();
    const off = await t.request("/api/me/preferences", { method: "PUT", cookie, json: { newsletter: false } });
    expect(await off.json()).toMatchObject({ newsletter: false, subscribed: true });
    expect((await t.request("/api/me/preferences", { method: "PUT", cookie, json: { newsletter: "yes" } })).status).toBe(400);
  });
});

describe("change of e-mail", () => {
  it("is confirmed by a link to the new address; then the old one is told", async () => {
    const { cookie, user, account } = await t.signUp();
    const newEmail = `moved-${randomBytes(3).toString("hex")}@example.com`;
    const res = await t.request("/api/me/email", { cookie, json: { email: newEmail.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.changeEmailSent(newEmail) });
    expect(await me(cookie)).toMatchObject({ email: user.email }); // not before the link is opened

    const mail = await lastMailTo(t, newEmail, "change-email-confirm");
    expect(mail.props).toMatchObject({ newEmail, name: account.username });
    expect(String(mail.props.url).startsWith(`${ORIGIN}/verify-email?token=`)).toBe(true);
    const confirmed = await t.request("/api/auth/verify-email", { json: { token: linkToken(mail) }, cookie });
    expect(confirmed.status).toBe(200);
    expect(await me(cookie)).toMatchObject({ email: newEmail, email_verified: true });
    expect((await lastMailTo(t, user.email, "email-changed")).props).toMatchObject({ oldEmail: user.email, newEmail });

    expect((await t.request("/api/auth/sign-in/email", { json: { email: newEmail, password: account.password } })).status).toBe(200);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: account.password } })).status).toBe(401);
    // The old address is free again.
    expect((await t.signUp({ email: user.email })).user.email).toBe(user.email);
  });

  it("is not confirmed by another account's session", async () => {
    const { cookie, user } = await t.signUp();
    const stranger = await t.signUp();
    const newEmail = `elsewhere-${randomBytes(3).toString("hex")}@example.com`;
    expect((await t.request("/api/me/email", { cookie, json: { email: newEmail } })).status).toBe(200);
    const token = linkToken(await lastMailTo(t, newEmail, "change-email-confirm"));
    const refused = await t.request("/api/auth/verify-email", { json: { token }, cookie: stranger.cookie });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).code).toBe("INVALID_TOKEN");
    expect(await me(cookie)).toMatchObject({ email: user.email });
    expect(await me(stranger.cookie)).toMatchObject({ email: stranger.user.email });
    expect(await mailsTo(t, user.email, "email-changed")).toEqual([]);
  });

  it("refuses the same address and one another account uses", async () => {
    const { cookie, user } = await t.signUp();
    const other = await t.signUp();
    const same = await t.request("/api/me/email", { cookie, json: { email: user.email } });
    expect(same.status).toBe(400);
    expect(await errorOf(same)).toMatchObject({ code: "SAME_EMAIL", message: ACCOUNT_MESSAGES.sameEmail });
    const taken = await t.request("/api/me/email", { cookie, json: { email: other.user.email } });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({ code: "EMAIL_TAKEN", message: AUTH_MESSAGES.emailTaken });
    expect(await mailsTo(t, other.user.email, "change-email-confirm")).toEqual([]);
  });
});

describe("change of password", () => {
  it("needs the current one, signs the other sessions out and keeps this one", async () => {
    const { cookie, user, account } = await t.signUp();
    const other = await signIn(t, user.email, account.password);
    const wrong = await t.request("/api/me/password", {
      cookie,
      json: { currentPassword: "not the password", newPassword: "fresh passphrase", confirmPassword: "fresh passphrase" },
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: "WRONG_PASSWORD", fields: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } });
    expect(await signedIn(t, other)).toBe(true);

    const res = await t.request("/api/me/password", {
      cookie,
      json: { currentPassword: account.password, newPassword: "fresh passphrase", confirmPassword: "fresh passphrase" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    const renewed = sessionCookie(res);
    expect(await signedIn(t, renewed)).toBe(true);
    expect(await signedIn(t, other)).toBe(false);
    expect(await signedIn(t, cookie)).toBe(false); // replaced by the renewed one
    expect((await mailsTo(t, user.email, "password-changed")).length).toBe(1);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: user.email, password: "fresh passphrase" } })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("lists the devices, this one marked, last seen first", async () => {
    const { user, account } = await t.signUp();
    await signIn(t, user.email, account.password, FIREFOX_WIN);
    const here = await signIn(t, user.email, account.password, CHROME_MAC);
    const res = await t.request("/api/me/sessions", { cookie: here });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { sessions } = (await res.json()) as { sessions: { id: string; current: boolean; browser: string; os: string; last_seen: string }[] };
    expect(sessions.length).toBe(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: "Chrome", os: "macOS" });
    expect(sessions.filter((s) => s.current).length).toBe(1);
    expect(sessions.map((s) => `${s.browser}/${s.os}`)).toContain("Firefox/Windows");
    const times = sessions.map((s) => s.last_seen);
    expect([...times].sort().reverse()).toEqual(times);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
  });

  it("signs one device out; another account's session id is not found and stays signed in", async () => {
    const { cookie, user, account } = await t.signUp();
    const phone = await signIn(t, user.email, account.password);
    const stranger = await t.signUp();
    const list = async (c: string) => ((await (await t.request("/api/me/sessions", { cookie: c })).json()) as { sessions: { id: string; current: boolean }[] }).sessions;
    const strangersSession = (await list(stranger.cookie))[0]!.id;

    const refused = await t.request(`/api/me/sessions/${strangersSession}`, { method: "DELETE", cookie });
    expect(refused.status).toBe(404);
    expect(await signedIn(t, stranger.cookie)).toBe(true);

    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    expect(await signedIn(t, phone)).toBe(true);
    const res = await t.request(`/api/me/sessions/${phoneId}`, { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await signedIn(t, phone)).toBe(false);
    expect(await signedIn(t, cookie)).toBe(true);
    expect((await t.request(`/api/me/sessions/${phoneId}`, { method: "DELETE", cookie })).status).toBe(404);

    // This device's own session: signed out, its cookie cleared.
    const ownId = (await list(cookie)).find((s) => s.current)!.id;
    const own = await t.request(`/api/me/sessions/${ownId}`, { method: "DELETE", cookie });
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().some((c) => /^maybe\.session_token=;/.test(c))).toBe(true);
    expect(await signedIn(t, cookie)).toBe(false);
  });

  it("signs every other device out", async () => {
    const { cookie, user, account } = await t.signUp();
    const others = [await signIn(t, user.email, account.password), await signIn(t, user.email, account.password)];
    const stranger = await t.signUp();
    for (const c of others) expect(await signedIn(t, c)).toBe(true);
    const res = await t.request("/api/me/sessions/sign-out-others", { method: "POST", cookie });
    expect(res.status).toBe(200);
    for (const c of others) expect(await signedIn(t, c)).toBe(false);
    expect(await signedIn(t, cookie)).toBe(true);
    expect(await signedIn(t, stranger.cookie)).toBe(true);
  });
});

const reachable = await redisForTests("the Settings tests with Redis");

describe.skipIf(!reachable)("with Redis holding the sessions", () => {
  const prefix = `maybe-test:${process.pid}:${randomBytes(4).toString("hex")}:`;
  let r: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    r = await createTestApp({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await r.close();
  });

  it("a password change and a signed-out device are refused at once (Better Auth deleted their keys)", async () => {
    const { cookie, user, account } = await r.signUp();
    const other = await signIn(r, user.email, account.password);
    const third = await signIn(r, user.email, account.password);
    const tokenOf = (c: string) => decodeURIComponent(c.split("=")[1]!).split(".")[0]!;
    expect(await signedIn(r, other)).toBe(true);
    expect(await redis.exists(`${prefix}auth:${tokenOf(other)}`)).toBe(1);

    const sessions = ((await (await r.request("/api/me/sessions", { cookie: third })).json()) as { sessions: { id: string; current: boolean }[] }).sessions;
    const res = await r.request(`/api/me/sessions/${sessions.find((s) => s.current)!.id}`, { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await signedIn(r, third)).toBe(false);

    const changed = await r.request("/api/me/password", {
      cookie,
      json: { currentPassword: account.password, newPassword: "fresh passphrase", confirmPassword: "fresh passphrase" },
    });
    expect(changed.status).toBe(200);
    expect(await redis.exists(`${prefix}auth:${tokenOf(other)}`)).toBe(0);
    expect(await signedIn(r, other)).toBe(false);
    expect(await signedIn(r, sessionCookie(changed))).toBe(true);
  });
});
