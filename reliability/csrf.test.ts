/**
 * CSRF: every state-changing operation of the OpenAPI document, sent with a valid session cookie
 * from another site (Origin https://evil.example, `null`, or no Origin at all), is refused with 403
 * and changes nothing; the same request from the site's own origin gets past the guard. The
 * routes whose authority is a signed token in the URL and not the session (TOKEN_FORM_ROUTES: the
 * one-click unsubscribe a mail provider POSTs) take no Origin into account by design: sent with the
 * victim's cookie and no token, they are refused all the same (400) and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_FORM_ROUTES } from "../src/server/lib/security.js";
import { createTestApp, type TestApp } from "../src/server/test/harness.js";
import { figure, n } from "./lib/mode.js";
import { isStateChanging, operationsOf, type Operation } from "./lib/routes.js";
import { snapshot } from "./lib/snapshot.js";

const FOREIGN_ORIGINS: (string | null)[] = ["https://evil.example", "null", null];

describe("CSRF: cross-site writes with a session cookie", () => {
  let t: TestApp;
  let writes: Operation[];
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ SEED_ON_START: "true" });
    const doc = await (await t.request("/api/openapi.json")).json();
    writes = operationsOf(doc as Parameters<typeof operationsOf>[0]).filter(isStateChanging);
    productId = (await t.database.db.selectFrom("product").select("id").where("stock", ">", 5).where("drops_at", "is", null).where("category", "<>", "clothing").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  /** A request that would succeed from the site: a valid body and real path parameters. */
  async function requestFor(op: Operation, cookie: string, orderId: string) {
    const path = op.path
      .replace("{kind}", "product")
      .replace("{id}", productId)
      .replace("{productId}", productId)
      .replace("{orderId}", orderId);
    const bodies: Record<string, unknown> = {
      "/api/auth/sign-up/email": { username: "csrf", email: `csrf-${Math.random()}@example.com`.replace("0.", ""), phone: "+1 555 010 0000", password: "correct horse battery", confirmPassword: "correct horse battery" },
      "/api/auth/sign-up/artist": { email: `art-${Math.random()}@example.com`.replace("0.", ""), password: "correct horse battery" },
      "/api/auth/sign-in/email": { email: "nobody@example.com", password: "wrong password" },
      "/api/me/favorites/merge": { stories: [], creators: [], products: [productId] },
      "/api/me/cart/items": { product_id: productId },
      "/api/me/cart/items/{productId}": { quantity: 2 },
      "/api/me/cart/merge": { items: [{ product_id: productId, quantity: 1 }] },
      "/api/orders": { email: "ada@example.com", name: "Ada", address_line1: "1 Main St", city: "Springfield", state: "IL", zip: "62701", phone: "+1 (555) 010-0101" },
      "/api/creators/applications": { first_name: "Eve", last_name: "Forger", email: `eve-${Math.random()}@example.com`.replace("0.", ""), bio: "Bio.", state: "NY", city: "New York", art_type: ["visual_art"] },
      "/api/newsletter": { email: `news-${Math.random()}@example.com`.replace("0.", "") },
    };
    const json = op.hasBody ? (bodies[op.path] ?? {}) : undefined;
    return { path, method: op.method, cookie, json, headers: (op.path === "/api/orders" ? { "idempotency-key": crypto.randomUUID() } : {}) as Record<string, string> };
  }

  it("refuses every state-changing operation from a foreign or missing Origin, and changes nothing", async () => {
    const victim = await t.signUp();
    // The victim has a cart and an order, so cancel/remove/clear have something to harm.
    await t.request("/api/me/cart/items", { cookie: victim.cookie, json: { product_id: productId } });
    const placed = await t.request("/api/orders", { cookie: victim.cookie, json: (await requestFor({ method: "POST", path: "/api/orders", params: [], hasBody: true }, "", "")).json, headers: { "idempotency-key": crypto.randomUUID() } });
    expect(placed.status).toBe(201);
    const orderId = ((await placed.json()) as { id: string }).id;
    await t.request("/api/me/cart/items", { cookie: victim.cookie, json: { product_id: productId } });

    const before = await snapshot(t);
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const op of writes) {
      for (const origin of FOREIGN_ORIGINS) {
        const r = await requestFor(op, victim.cookie, orderId);
        const res = await t.request(r.path, { ...r, origin });
        const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
        const label = `${op.method} ${op.path} Origin ${origin ?? "(none)"}`;
        const tokenRoute = TOKEN_FORM_ROUTES.has(`${op.method} ${op.path}`);
        if (tokenRoute ? res.status === 400 : res.status === 403 && body.error?.code === "FORBIDDEN_ORIGIN") refused.push(label);
        else wrong.push(`${label}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    const after = await snapshot(t);
    figure(`csrf: ${writes.length} state-changing operations × ${FOREIGN_ORIGINS.length} foreign origins = ${n(refused.length + wrong.length)} requests, ${n(refused.length)} refused (403, or 400 without the token of a token route), ${wrong.length} let through, tables ${JSON.stringify(before) === JSON.stringify(after) ? "unchanged" : "CHANGED"}`);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
  });

  it("lets the same requests through from the site's own origin (2xx or a 4xx past the guard)", async () => {
    const passed: string[] = [];
    const blocked: string[] = [];
    for (const op of writes) {
      // A user of its own per operation: sign-out and cancel must not spoil the next one.
      const user = await t.signUp();
      await t.request("/api/me/cart/items", { cookie: user.cookie, json: { product_id: productId } });
      const placed = await t.request("/api/orders", { cookie: user.cookie, json: (await requestFor({ method: "POST", path: "/api/orders", params: [], hasBody: true }, "", "")).json, headers: { "idempotency-key": crypto.randomUUID() } });
      const orderId = ((await placed.json()) as { id: string }).id;
      await t.request("/api/me/cart/items", { cookie: user.cookie, json: { product_id: productId } });
      const r = await requestFor(op, user.cookie, orderId);
      const res = await t.request(r.path, r);
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
      const label = `${op.method} ${op.path}: ${res.status}`;
      if (res.status < 500 && body.error?.code !== "FORBIDDEN_ORIGIN") passed.push(label);
      else blocked.push(`${label} ${JSON.stringify(body).slice(0, 120)}`);
    }
    figure(`csrf control: ${passed.length} of ${writes.length} same-origin writes got past the guard (${passed.filter((p) => / 2\d\d$/.test(p)).length} answered 2xx)`);
    expect(blocked).toEqual([]);
  });
});
