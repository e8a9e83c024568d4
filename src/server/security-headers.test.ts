/**
 * Every kind of response carries the same security headers: pages (index and SPA routes), static
 * assets (scripts, styles, fonts, images, audio incl. ranges), JSON, and errors of every status.
 * HSTS follows the site's scheme (https PUBLIC_URL), not NODE_ENV. The session cookie is
 * HttpOnly, SameSite=Lax, and Secure in production.
 *
 * The built client is a small fixture: the test runs from a scratch directory holding
 * dist/client and a link to the real media, so it needs no `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "./test/harness.js";

const site = mkdtempSync(join(tmpdir(), "maybe-site-"));
const projectRoot = process.cwd();
let harness: typeof import("./test/harness.js");
const apps: TestApp[] = [];

beforeAll(async () => {
  const dist = join(site, "dist/client");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, "assets/app.js"), "console.log(1)");
  writeFileSync(join(dist, "assets/app.css"), "body{}");
  writeFileSync(join(dist, "assets/archivo.woff2"), Buffer.alloc(64));
  writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  symlinkSync(resolve(projectRoot, "media"), join(site, "media"));
  // static.ts resolves dist/client and media from the working directory when it is loaded.
  process.chdir(site);
  harness = await import("./test/harness.js");
});

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => {});
  process.chdir(projectRoot);
  rmSync(site, { recursive: true, force: true });
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await harness.createTestApp({ BODY_LIMIT_BYTES: "2048", AUTH_RATE_LIMIT_IP: "2", ...env });
  apps.push(t);
  return t;
}

type Probe = [label: string, status: number, send: (t: TestApp) => Promise<Response>];

const json = { "content-type": "application/json" };
const probes: Probe[] = [
  ["index page", 200, (t) => t.request("/")],
  ["SPA route", 200, (t) => t.request("/stories/some-story")],
  ["script", 200, (t) => t.request("/assets/app.js")],
  ["stylesheet", 200, (t) => t.request("/assets/app.css")],
  ["font", 200, (t) => t.request("/assets/archivo.woff2")],
  ["root file", 200, (t) => t.request("/favicon.svg")],
  ["image", 200, (t) => t.request("/media/products/prod-basement-press-hoodie.svg")],
  ["audio", 200, (t) => t.request("/media/audio/slow-tide.mp3")],
  ["audio range", 206, (t) => t.request("/media/audio/slow-tide.mp3", { headers: { range: "bytes=0-99" } })],
  ["unsatisfiable range", 416, (t) => t.request("/media/audio/slow-tide.mp3", { headers: { range: "bytes=999999999-" } })],
  ["JSON", 200, (t) => t.request("/api/products")],
  ["health", 200, (t) => t.request("/api/health")],
  ["OpenAPI", 200, (t) => t.request("/api/openapi.json")],
  ["API docs", 200, (t) => t.request("/api/docs")],
  ["API 404", 404, (t) => t.request("/api/nope")],
  ["wrong method 405", 405, (t) => t.request("/api/health", { method: "DELETE" })],
  ["missing asset 404", 404, (t) => t.request("/assets/missing.js")],
  ["missing media 404", 404, (t) => t.request("/media/missing.svg")],
  ["bad JSON 400", 400, (t) => t.request("/api/auth/sign-in/email", { method: "POST", body: "{nope", headers: json })],
  ["unauthorized 401", 401, (t) => t.request("/api/me/cart")],
  ["foreign origin 403", 403, (t) => t.request("/api/newsletter", { json: {}, origin: "https://evil.example" })],
  ["too large 413", 413, (t) => t.request("/api/newsletter", { json: { email: "x".repeat(5000) } })],
  ["not JSON 415", 415, (t) => t.request("/api/newsletter", { method: "POST", body: "a=b", headers: { "content-type": "text/plain" } })],
  [
    "rate limited 429",
    429,
    async (t) => {
      const attempt = () => t.request("/api/auth/sign-in/email", { json: { email: "x@example.com", password: "wrong password" }, ip: "10.9.9.9" });
      await attempt();
      await attempt();
      return attempt();
    },
  ],
];

/** Failures of the server itself, each on an app of its own that the probe breaks. */
const breakdowns: Probe[] = [
  [
    "internal error 500",
    500,
    async (t) => {
      // A bug's worth of failure: a table the query needs is not there.
      await t.database.db.schema.alterTable("story").renameTo("story_gone").execute();
      return t.request("/api/stories");
    },
  ],
  [
    "database gone 503",
    503,
    async (t) => {
      await t.database.close();
      return t.request("/api/products");
    },
  ],
];

function expectSecurityHeaders(res: Response, label: string, https: boolean) {
  const h = (name: string) => res.headers.get(name);
  const csp = h("content-security-policy") ?? "";
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'none'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(h("x-content-type-options"), label).toBe("nosniff");
  expect(h("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  expect(h("x-frame-options"), label).toBe("DENY");
  expect(h("strict-transport-security"), label).toBe(https ? "max-age=31536000; includeSubDomains" : null);
}

describe.each<{ scheme: string; env: Record<string, string>; https: boolean }>([
  { scheme: "http", env: { PUBLIC_URL: "http://localhost:3000" }, https: false },
  {
    scheme: "https (not production)",
    env: { PUBLIC_URL: "https://maybe.example", TRUSTED_ORIGINS: "http://localhost:3000" },
    https: true,
  },
])("security headers on every response, $scheme", ({ env, https }) => {
  it("are sent alike on pages, assets, JSON and every error status", async () => {
    const t = await app(env);
    for (const [label, status, send] of probes) {
      const res = await send(t);
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(res, label, https);
    }
    for (const [label, status, send] of breakdowns) {
      const res = await send(await app(env));
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(res, label, https);
    }
  });
});

describe("session cookie", () => {
  const cookieOf = async (t: TestApp) => {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { username: "cookie", email: "cookie@example.com", phone: "+1 (555) 010-0000", password: "correct horse battery", confirmPassword: "correct horse battery" },
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().find((c) => /session_token=/.test(c)) ?? "";
  };

  it("is HttpOnly and SameSite=Lax, without Secure on a development http site", async () => {
    const cookie = await cookieOf(await app());
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it("is also Secure in production", async () => {
    const cookie = await cookieOf(await app({ NODE_ENV: "production", PUBLIC_URL: "https://maybe.example", TRUSTED_ORIGINS: harness.ORIGIN, SELLER_ADDRESS: "1 Test Street|Testville, NY 10001", PAYMENT_LINK: "https://pay.example/{invoice}" }));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Secure/i);
  });
});
