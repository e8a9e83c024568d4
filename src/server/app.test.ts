import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
});
afterAll(async () => {
  await t.close();
});

describe("security headers", () => {
  it("sends a strict CSP and friends on API and page responses", async () => {
    for (const path of ["/api/health", "/api/me", "/some/page", "/api/docs"]) {
      const res = await t.request(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });
});

describe("request guards", () => {
  it("refuses a cookie-bearing write from a foreign or missing Origin", async () => {
    const { cookie } = await t.signUp();
    for (const origin of ["https://evil.example", null]) {
      const res = await t.request("/api/auth/sign-out", { cookie, json: {}, origin });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN_ORIGIN");
    }
    // The session is untouched.
    expect((await t.request("/api/me", { cookie })).status).toBe(200);
  });

  it("refuses a foreign Origin even without a cookie (no login CSRF)", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      json: { email: "a@example.com", password: "whatever1" },
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
  });

  it("refuses bodies that are not JSON with 415", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: "email=a@example.com&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses bodies over the limit with 413", async () => {
    const res = await t.request("/api/auth/sign-in/email", {
      json: { email: "a@example.com", password: "x".repeat(5000) },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("answers malformed JSON and wrong types with 400, never 500", async () => {
    const bodies = ["{not json", "[]", "null", '"text"', '{"email": 5, "password": {}}'];
    for (const body of bodies) {
      for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/sign-up/artist"]) {
        const res = await t.request(path, { method: "POST", body, headers: { "content-type": "application/json" } });
        expect(res.status, `${path} ${body}`).toBe(400);
        const json = (await res.json()) as { error: { code: string; message: string } };
        expect(json.error.code).toBe("VALIDATION_FAILED");
        expect(JSON.stringify(json)).not.toMatch(/at .*\.(ts|js):\d+/);
      }
    }
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No such endpoint." } });
  });
});

describe("system endpoints", () => {
  it("reports health with the database kind", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: t.database.dialect });
  });

  it("gives the public site settings", async () => {
    const res = await t.request("/api/config");
    expect(await res.json()).toEqual({
      contactEmail: "hello@maybe.community",
      instagramUrl: "https://instagram.com/maybe.community",
      showBackendBanner: false,
    });
  });

  it("describes every API route in the OpenAPI document and the docs page", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    const routes = t.app.routes
      .filter((r) => r.path.startsWith("/api/") && !r.path.includes("*") && r.method !== "ALL")
      .map((r) => r.path.replace(/:(\w+)/g, "{$1}"))
      .filter((p) => !["/api/openapi.json", "/api/docs", "/api/docs.css"].includes(p));
    expect(routes.length).toBeGreaterThan(5);
    for (const path of routes) expect(Object.keys(doc.paths)).toContain(path);
    const page = await (await t.request("/api/docs")).text();
    for (const path of Object.keys(doc.paths)) expect(page).toContain(path);
    expect(page).not.toContain("<script");
  });

  it("serves generated-free media paths with a 404, not a crash", async () => {
    const res = await t.request("/media/does-not-exist.svg");
    expect(res.status).toBe(404);
  });

  it("reports 503 when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.request("/api/health");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UNAVAILABLE");
    await broken.close().catch(() => {});
  });
});

describe("reads for the header", () => {
  it("gives empty favorites and cart to a new user and 401 to a visitor", async () => {
    const { cookie } = await t.signUp();
    expect(await (await t.request("/api/me/favorites", { cookie })).json()).toEqual({ stories: [], creators: [], products: [], tracks: [] });
    expect(await (await t.request("/api/me/cart", { cookie })).json()).toEqual({ items: [], count: 0, subtotal_cents: 0, shipping_cents: 0, total_cents: 0 });
    expect((await t.request("/api/me/favorites")).status).toBe(401);
    expect((await t.request("/api/me/cart")).status).toBe(401);
  });
});

describe("NUL characters", () => {
  it("are refused with 400 in paths, queries and JSON bodies, never a 500", async () => {
    const { cookie } = await t.signUp();
    const probes: [string, Parameters<TestApp["request"]>[1]][] = [
      ["/api/me/favorites/story/a%00b", { method: "PUT", cookie }],
      ["/api/products?q=a%00b", {}],
      ["/api/me/cart/items", { cookie, json: { product_id: "a\u0000b" } }],
      ["/api/auth/sign-in/email", { json: { email: "x\u0000@example.com", password: "secret pw1" } }],
      ["/api/auth/sign-up/artist", { json: { displayName: "a\u0000", email: "y@example.com", password: "secret pw1" } }],
      ["/api/auth/sign-up/email", { json: { nested: ["\u0000"], username: "abc" } }],
    ];
    for (const [path, options] of probes) {
      const res = await t.request(path, options);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");
    }
    // The text "\u0000" typed as six characters is fine.
    const ok = await t.request("/api/auth/sign-in/email", { json: { email: "nobody@example.com", password: "\\u0000abc" } });
    expect(ok.status).toBe(401);
  });

  it("names the query parameter that holds one", async () => {
    const res = await t.request("/api/products?q=a%00b");
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty("q");
  });
});
