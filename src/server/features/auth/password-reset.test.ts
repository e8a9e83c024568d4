/**
 * Forgot password, the reset link and e-mail verification (issue 20), through the app's routes
 * into Better Auth's own flows; the e-mails are read from the outbox table.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES } from "../../../common/account-schemas.js";
import { JOIN_ARTIST_MESSAGES } from "../../../common/errors.js";
import { createTestApp, ORIGIN, sessionCookie, type TestApp } from "../../test/harness.js";
import { FORGOT_PASSWORD_ANSWER_MS } from "./auth.router.js";
import { lastMailTo, linkToken, mailsOnceThere, mailsTo } from "../account/account.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = "a brand new passphrase";

async function forgot(email: string) {
  return t.request("/api/auth/forgot-password", { json: { email } });
}

async function reset(token: string, password = NEW_PASSWORD) {
  return t.request("/api/auth/reset-password", { json: { token, password, confirmPassword: password } });
}

async function signIn(email: string, password: string) {
  return t.request("/api/auth/sign-in/email", { json: { email, password } });
}

describe("forgot password", () => {
  it("e-mails a single-use link to the client's page; the new password works and every session ends", async () => {
    const { cookie, user, account } = await t.signUp();
    const second = sessionCookie(await signIn(user.email, account.password));

    const res = await forgot(user.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetRequested });
    const mail = await lastMailTo(t, user.email, "password-reset");
    expect(mail.user_id).toBe(user.uid);
    expect(mail.props).toMatchObject({ name: account.username, expiresInMinutes: 60 });
    expect(String(mail.props.url)).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=[\\w-]+$`));

    // Still signed in until the reset…
    expect((await t.request("/api/me/cart", { cookie })).status).toBe(200);
    const done = await reset(linkToken(mail));
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordReset });
    // …then neither session is honoured, though the app had just confirmed them.
    expect((await t.request("/api/me/cart", { cookie })).status).toBe(401);
    expect((await t.request("/api/me/cart", { cookie: second })).status).toBe(401);

    expect((await signIn(user.email, account.password)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await mailsTo(t, user.email, "password-changed")).length).toBe(1);

    // Single use.
    const again = await reset(linkToken(mail), "yet another passphrase");
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "INVALID_TOKEN",
      message: ACCOUNT_MESSAGES.invalidResetLink,
    });
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers an unknown address exactly as a known one, and e-mails nobody", async () => {
    const { user } = await t.signUp();
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@example.com");
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(await mailsTo(t, "nobody-here@example.com")).toEqual([]);
  });

  it("takes the same time for known and unknown addresses (median difference under 20 ms, neither under the floor)", async () => {
    const { user } = await t.signUp();
    const time = async (email: string) => {
      const start = performance.now();
      expect((await forgot(email)).status).toBe(200);
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Warm both paths first.
    await time(user.email);
    await time("warm-up@example.com");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`stranger-${i}@example.com`));
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(20);
    // Timers may fire a fraction of a millisecond early.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 1);
  });

  it("refuses a link after an hour (fake clock), and a made-up one", async () => {
    const { user, account } = await t.signUp();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await forgot(user.email);
    const late = linkToken(await lastMailTo(t, user.email, "password-reset"));
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1_000);
    expect((await reset(late)).status).toBe(400);

    await forgot(user.email);
    const timely = linkToken((await mailsOnceThere(t, user.email, "password-reset", 2)).at(-1)!);
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await reset(timely)).status).toBe(200);
    vi.useRealTimers();

    const madeUp = await reset("not-a-token-we-sent");
    expect(madeUp.status).toBe(400);
    expect(((await madeUp.json()) as { error: { code: string } }).error.code).toBe("INVALID_TOKEN");
    expect((await signIn(user.email, account.password)).status).toBe(401);
  });

  it("checks the form: matching passwords, length, common passwords", async () => {
    const mismatch = await t.request("/api/auth/reset-password", { json: { token: "x", password: NEW_PASSWORD, confirmPassword: "other" } });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: { fields: Record<string, string> } }).error.fields.confirmPassword).toBe("Passwords do not match");
    expect((await reset("x", "123")).status).toBe(400);
    const common = await reset("x", "password123");
    expect(((await common.json()) as { error: { code: string } }).error.code).toBe("WEAK_PASSWORD");
    expect((await forgot("not an email")).status).toBe(400);
  });
});

describe("e-mail verification", () => {
  it("sends a link on sign-up; posting its token confirms the address", async () => {
    const { cookie, user, account } = await t.signUp();
    expect(((await (await t.request("/api/me", { cookie })).json()) as { email_verified: boolean }).email_verified).toBe(false);
    const mail = await lastMailTo(t, user.email, "verify-email");
    expect(mail.props.name).toBe(account.username);
    expect(String(mail.props.url).startsWith(`${ORIGIN}/verify-email?token=`)).toBe(true);

    const res = await t.request("/api/auth/verify-email", { json: { token: linkToken(mail) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.emailVerified });
    expect(((await (await t.request("/api/me", { cookie })).json()) as { email_verified: boolean }).email_verified).toBe(true);
  });

  it("refuses a forged or expired token", async () => {
    const { user } = await t.signUp();
    const token = linkToken(await lastMailTo(t, user.email, "verify-email"));
    const forged = await t.request("/api/auth/verify-email", { json: { token: `${token.slice(0, -2)}xx` } });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "INVALID_TOKEN",
      message: ACCOUNT_MESSAGES.invalidVerifyLink,
    });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * 3_600_000 });
    expect((await t.request("/api/auth/verify-email", { json: { token } })).status).toBe(400);
  });
});

describe("Join as Artist", () => {
  const join = (body: Record<string, unknown>) => t.request("/api/auth/sign-up/artist", { json: body });

  it("keeps the username empty without a display name (the site shows 'User')", async () => {
    const res = await join({ email: "no-name-artist@example.com", password: "correct horse battery" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { username: string } }).user.username).toBe("");
    expect((await lastMailTo(t, "no-name-artist@example.com", "verify-email")).props.name).toBe("");
  });

  it("answers with the screen's own messages", async () => {
    const error = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
    await join({ email: "taken-artist@example.com", password: "correct horse battery" });
    expect(await error(await join({ email: "taken-artist@example.com", password: "correct horse battery" }))).toMatchObject({
      code: "EMAIL_TAKEN",
      message: JOIN_ARTIST_MESSAGES.emailTaken,
    });
    expect((await error(await join({ email: "not-an-address", password: "correct horse battery" }))).message).toBe(JOIN_ARTIST_MESSAGES.invalidEmail);
    expect((await error(await join({ email: "short-pw@example.com", password: "abc" }))).message).toBe(JOIN_ARTIST_MESSAGES.weakPassword);
    expect((await error(await join({ email: "common-pw@example.com", password: "password123" }))).message).toBe(JOIN_ARTIST_MESSAGES.weakPassword);
  });
});

describe("limits", () => {
  it("refuses a flood of reset requests from one address with 429 and Retry-After, alike for known and unknown addresses", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_IP: "3" });
    try {
      const { user } = await limited.signUp();
      const ask = (email: string) => limited.request("/api/auth/forgot-password", { json: { email }, ip: "198.51.100.7" });
      for (const email of [user.email, "unknown-1@example.com", user.email]) expect((await ask(email)).status).toBe(200);
      const known = await ask(user.email);
      const unknown = await ask("unknown-2@example.com");
      expect([known.status, unknown.status]).toEqual([429, 429]);
      expect(known.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await known.text()).toBe(await unknown.text());
      expect((await mailsOnceThere(limited, user.email, "password-reset", 2)).length).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
