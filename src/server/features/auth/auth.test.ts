import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, sessionCookie, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  username: "maya",
  email: "Maya@Example.com",
  phone: "+1 (555) 123-4567",
  password: "tiger lily 42",
  confirmPassword: "tiger lily 42",
};

describe("sign-up", () => {
  it("creates a subscribed, non-creator account, signs it in and shows the profile", async () => {
    const res = await t.request("/api/auth/sign-up/email", { json: valid });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/maybe\.session_token=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // only in production
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({
      email: "maya@example.com",
      username: "maya",
      phone: "+1 (555) 123-4567",
      subscribed: true,
      creator: false,
      creator_id: null,
    });
    expect(new Date(user.joined as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const me = await t.request("/api/me", { cookie: sessionCookie(res) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  it("reports every invalid field with the spec's messages", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { username: "ab", email: "nope", phone: "12-34", password: "12345", confirmPassword: "x" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields).toEqual({
      username: "Username must be at least 3 characters",
      email: "Email is invalid",
      phone: "Phone number is invalid",
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords do not match",
    });
  });

  it("reports missing fields as required", async () => {
    const res = await t.request("/api/auth/sign-up/email", { json: { username: " ", email: "", phone: "" } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      username: "Username is required",
      email: "Email is required",
      phone: "Phone number is required",
      password: "Password is required",
    });
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    const res = await t.request("/api/auth/sign-up/email", { json: { ...valid, email: "MAYA@example.COM" } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: "EMAIL_TAKEN",
        message: "This email is already registered",
        fields: { email: "This email is already registered" },
      },
    });
  });

  it("refuses the most common passwords", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { ...valid, email: "common@example.com", password: "Password1", confirmPassword: "Password1" },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(error.code).toBe("WEAK_PASSWORD");
    expect(error.fields.password).toMatch(/too common/);
  });

  it("does not let the client choose subscribed or creator_id", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { ...valid, email: "sneaky@example.com", subscribed: false, creatorId: "x", creator_id: "x" },
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({ subscribed: true, creator: false, creator_id: null });
  });
});

describe("join as artist", () => {
  it("creates a normal account named after the display name", async () => {
    const res = await t.request("/api/auth/sign-up/artist", {
      json: { displayName: "  Rio Blue ", email: "rio@example.com", password: "paint it all" },
    });
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: Record<string, unknown> };
    expect(user).toMatchObject({ username: "Rio Blue", email: "rio@example.com", creator: false, subscribed: true });
  });

  it("falls back to the email's name when no display name is given", async () => {
    const res = await t.request("/api/auth/sign-up/artist", { json: { email: "kit.m@example.com", password: "paint it all" } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { username: string } }).user.username).toBe("kit.m");
  });

  it("maps a taken email and a short password to stable codes", async () => {
    const taken = await t.request("/api/auth/sign-up/artist", { json: { email: "rio@example.com", password: "paint it all" } });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { code: string } }).error.code).toBe("EMAIL_TAKEN");
    const short = await t.request("/api/auth/sign-up/artist", { json: { email: "new@example.com", password: "abc" } });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe(
      "Password must be at least 6 characters",
    );
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password, case-insensitively on the email", async () => {
    const res = await t.request("/api/auth/sign-in/email", { json: { email: "MAYA@example.com", password: valid.password } });
    expect(res.status).toBe(200);
    const me = await t.request("/api/me", { cookie: sessionCookie(res) });
    expect(((await me.json()) as { email: string }).email).toBe("maya@example.com");
  });

  it("gives one message for a wrong password and for an unknown account", async () => {
    for (const json of [
      { email: "maya@example.com", password: "wrong password" },
      { email: "nobody@example.com", password: "whatever1" },
    ]) {
      const res = await t.request("/api/auth/sign-in/email", { json });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: "INVALID_CREDENTIALS", message: "Incorrect username or password" },
      });
    }
  });

  it("validates the login form", async () => {
    const res = await t.request("/api/auth/sign-in/email", { json: { email: "bad", password: "" } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({ email: "Email is invalid", password: "Password is required" });
  });

  it("ends the session on sign-out", async () => {
    const { cookie } = await t.signUp();
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", { cookie, json: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/maybe\.session_token=;/);
    const me = await t.request("/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toBeNull();
  });

  it("answers /api/me with 200 and null without a session or with a forged one (docs/decisions/0005)", async () => {
    for (const cookie of [undefined, "maybe.session_token=forged.value"]) {
      const me = await t.request("/api/me", { cookie });
      expect(me.status).toBe(200);
      expect(me.headers.get("cache-control")).toBe("no-store");
      expect(await me.json()).toBeNull();
    }
  });

  it("answers get-session with the session and user, never the session token", async () => {
    const { cookie, user } = await t.signUp();
    const res = await t.request("/api/auth/get-session", { cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: Record<string, unknown> };
    expect(body.user.id).toBe(user.uid);
    expect(body.session.userId).toBe(user.uid);
    expect(Object.keys(body.session).sort()).toEqual(["createdAt", "expiresAt", "id", "updatedAt", "userId"]);
    // The cookie's value is "<token>.<signature>"; the token must appear nowhere in the body.
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(token.length).toBeGreaterThan(20);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/token|ipAddress|userAgent/i);

    const signedOut = await t.request("/api/auth/get-session");
    expect(await signedOut.json()).toBeNull();
  });

  it("documents get-session without a token", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, { properties?: object }> }> };
    };
    const info = doc.components.schemas.SessionInfo!;
    expect(Object.keys(info.properties!.session!.properties!)).not.toContain("token");
    expect(Object.keys(info.properties!.session!.properties!)).toContain("expiresAt");
  });

  it("keeps every other Better Auth endpoint closed", async () => {
    const { cookie } = await t.signUp();
    for (const path of ["/api/auth/update-user", "/api/auth/delete-user", "/api/auth/list-sessions"]) {
      const res = await t.request(path, { cookie, json: { username: "hacked" } });
      expect(res.status).toBe(404);
    }
  });
});

describe("sign-ups racing for one email", () => {
  it("create one account; every other answers 409 EMAIL_TAKEN", async () => {
    for (const racers of [2, 5]) {
      const email = `race${racers}@example.com`;
      const results = await Promise.all(
        Array.from({ length: racers }, (_, i) =>
          t.request("/api/auth/sign-up/email", { json: { ...valid, username: `racer${racers}x${i}`, email } }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(racers - 1).fill(409)]);
      for (const res of results.filter((r) => r.status === 409)) {
        const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
        expect(body.error.code).toBe("EMAIL_TAKEN");
        expect(body.error.fields.email).toBe("This email is already registered");
      }
    }
  });
});

describe("emails Better Auth refuses after our schema let them through", () => {
  it("answers INVALID_EMAIL on the email field for sign-up, join and sign-in alike", async () => {
    const requests = [
      ["/api/auth/sign-up/email", { ...valid, email: "a@b.c" }],
      ["/api/auth/sign-up/artist", { email: "a@b.c", password: "paint it all" }],
      ["/api/auth/sign-in/email", { email: "a@b.c", password: "paint it all" }],
    ] as const;
    for (const [path, json] of requests) {
      const res = await t.request(path, { json });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "INVALID_EMAIL", message: "Invalid email address", fields: { email: "Invalid email address" } },
      });
    }
  });
});
