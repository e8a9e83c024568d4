import type { Context } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Auth } from "./better-auth.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { createSessionLookup, SESSION_TTL_MS } from "./session-cache.js";


/** A request context carrying only what the lookup reads: the cookie header. */
function request(cookie?: string): Context {
  const headers = new Headers(cookie ? { cookie } : {});
  return { req: { header: (name: string) => headers.get(name) ?? undefined, raw: { headers } } } as unknown as Context;
}

/** Better Auth reduced to getSession: the given user for any cookie, expiring when told. */
function fakeAuth(answer: () => Promise<{ user: { id: string }; session: { expiresAt: Date } } | null>) {
  const getSession = vi.fn(answer);
  return { auth: { api: { getSession } } as unknown as Auth, getSession };
}

const signedIn = (id: string, expiresInMs = 3_600_000) => async () => ({ user: { id }, session: { expiresAt: new Date(Date.now() + expiresInMs) } });

describe("the session lookup", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks Better Auth once per session within the TTL, and again after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { auth, getSession } = fakeAuth(signedIn("u1"));
    const sessions = createSessionLookup(auth);
    const c = request("theme=dark; maybe.session_token=abc.sig");
    expect([await sessions.userId(c), await sessions.userId(c), await sessions.userId(c)]).toEqual(["u1", "u1", "u1"]);
    expect(getSession).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SESSION_TTL_MS + 1);
    expect(await sessions.userId(c)).toBe("u1");
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("keeps no session past its own expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { auth, getSession } = fakeAuth(signedIn("u1", 1_000));
    const sessions = createSessionLookup(auth);
    const c = request("__Secure-maybe.session_token=abc.sig");
    await sessions.userId(c);
    vi.advanceTimersByTime(1_001);
    await sessions.userId(c);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("never keeps a refusal, and asks nothing without a session cookie", async () => {
    const { auth, getSession } = fakeAuth(async () => null);
    const sessions = createSessionLookup(auth);
    expect(await sessions.userId(request("maybe.session_token=forged.value"))).toBeNull();
    expect(await sessions.userId(request("maybe.session_token=forged.value"))).toBeNull();
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(await sessions.userId(request())).toBeNull();
    expect(await sessions.userId(request("theme=dark"))).toBeNull();
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("forgets a session when it ends, and does not keep a lookup that raced the sign-out", async () => {
    let release!: () => void;
    let slow = false;
    const { auth, getSession } = fakeAuth(async () => {
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      return signedIn("u1")();
    });
    const sessions = createSessionLookup(auth);
    const c = request("maybe.session_token=abc.sig");
    await sessions.userId(c);
    sessions.ended(c);
    await sessions.userId(c);
    expect(getSession).toHaveBeenCalledTimes(2);

    // A lookup under way while the session ends answers, but is not remembered.
    sessions.ended(c);
    slow = true;
    const racing = sessions.userId(c);
    await vi.waitFor(() => expect(getSession).toHaveBeenCalledTimes(3));
    sessions.ended(c);
    release();
    expect(await racing).toBe("u1");
    slow = false;
    await sessions.userId(c);
    expect(getSession).toHaveBeenCalledTimes(4);
  });

  it("forgets every session of a user whose sessions ended elsewhere, and only theirs", async () => {
    let user = "u1";
    const { auth, getSession } = fakeAuth(async () => signedIn(user)());
    const sessions = createSessionLookup(auth);
    const phone = request("maybe.session_token=phone.sig");
    const laptop = request("maybe.session_token=laptop.sig");
    await sessions.userId(phone);
    await sessions.userId(laptop);
    user = "u2";
    const other = request("maybe.session_token=other.sig");
    await sessions.userId(other);
    expect(getSession).toHaveBeenCalledTimes(3);

    sessions.endedForUser("u1");
    await sessions.userId(other); // still remembered
    expect(getSession).toHaveBeenCalledTimes(3);
    await sessions.userId(phone);
    await sessions.userId(laptop);
    expect(getSession).toHaveBeenCalledTimes(5);
  });

  it("holds at most its limit of sessions", async () => {
    const { auth, getSession } = fakeAuth(signedIn("u1"));
    const sessions = createSessionLookup(auth, { maxEntries: 2 });
    for (const token of ["a", "b", "c"]) await sessions.userId(request(`maybe.session_token=${token}.sig`));
    await sessions.userId(request("maybe.session_token=a.sig")); // "a" was dropped for "c"
    await sessions.userId(request("maybe.session_token=c.sig"));
    expect(getSession).toHaveBeenCalledTimes(4);
  });
});

describe("sessions in the app", () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it("refuse a signed-out cookie at once, though it was just confirmed", async () => {
    t = await createTestApp();
    const { cookie } = await t.signUp();
    expect((await t.request("/api/me/cart", { cookie })).status).toBe(200);
    expect((await t.request("/api/auth/sign-out", { cookie, json: {} })).status).toBe(200);
    expect((await t.request("/api/me/cart", { cookie })).status).toBe(401);
  });
});
