/**
 * GET never changes state: every GET route of the OpenAPI document, signed in and signed out,
 * with real ids in its path and its query parameters filled, leaves every table as it was
 * (row counts and a checksum of the contents).
 */
import { unsubscribeToken } from "./emails/unsubscribe.js";
import { confirmationToken } from "./features/newsletter/confirmation.js";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "./db/seed/factories.js";
import { ADDRESS, newKey, ordersHelpers } from "./features/orders/orders.fixtures.js";
import { createTestApp, sessionCookie, type TestApp } from "./test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t.close();
});

async function tableNames(): Promise<string[]> {
  const query =
    t.database.dialect === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`;
  return (await query.execute(t.database.db)).rows.map((r) => r.name);
}

/**
 * Each table's row count and a checksum of its rows (in a stable order). What the stats counter
 * holds is written first: the writes that set the test up were counted, and their batch must not
 * land between the two snapshots, while a GET that counted something must show.
 */
async function snapshot(): Promise<Record<string, string>> {
  await t.stats.flush();
  const result: Record<string, string> = {};
  for (const table of await tableNames()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.db);
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    result[table] = `${rows.length} rows, ${createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16)}`;
  }
  return result;
}

interface Operation {
  parameters?: { name: string; in: "path" | "query"; required?: boolean }[];
}

describe("GET routes", () => {
  it("change nothing in the database, signed in or not", async () => {
    const { cookie, user } = await t.signUp();
    // Something of the user's own for the routes that show it: favorites, a cart line, an order.
    const products = (await (await t.request("/api/products")).json()) as { items: { id: string }[] };
    const stories = (await (await t.request("/api/stories")).json()) as { items: { id: string; has_page: boolean }[] };
    const creators = (await (await t.request("/api/creators")).json()) as { items: { id: string }[] };
    await t.request(`/api/me/favorites/product/${products.items[0]!.id}`, { method: "PUT", cookie });
    const helpers = ordersHelpers(() => t);
    const product = await helpers.product(5);
    await helpers.cartLine(user.uid, product.id, 1);
    const placed = await helpers.place(cookie, newKey(), ADDRESS);
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };
    await t.request("/api/me/cart/items", { cookie, json: { product_id: products.items[1]!.id, quantity: 1 } });
    // A creator, with a draft in the studio.
    const applied = await t.request("/api/creators/applications", {
      cookie,
      json: { first_name: "Gail", last_name: "Getter", email: user.email, bio: "Reads.", state: "IL", city: "Chicago", art_type: ["writing"] },
    });
    expect(applied.status).toBe(201);
    const draft = await t.request("/api/studio/stories", {
      cookie,
      json: { title: "Safe reads", city: "Chicago", description: "A draft.", body: "Words." },
    });
    expect(draft.status).toBe(201);
    const studioStory = (await draft.json()) as { id: string };
    const productDraft = await t.request("/api/studio/products", {
      cookie,
      json: { category: "art", title: "Safe print", description: "A draft.", price_cents: 1000, stock: 3 },
    });
    expect(productDraft.status).toBe(201);
    const studioProduct = (await productDraft.json()) as { id: string };
    // The back office's reads are an admin's: signed in as one for them.
    const staff = await insertUser(t.database, { role: "admin" });
    const staffSignIn = await t.request("/api/auth/sign-in/email", { json: { email: staff.user.email, password: staff.password } });
    expect(staffSignIn.status).toBe(200);
    const staffCookie = sessionCookie(staffSignIn);
    const issue = await t.request("/api/admin/newsletter", { cookie: staffCookie, json: { subject: "Safe reads", body: "Words." } });
    expect(issue.status).toBe(201);
    const issueId = ((await issue.json()) as { id: string }).id;

    // A comment of the user's on a story with a page, so the comment reads have something to show.
    const readable = stories.items.find((s) => s.has_page)!.id;
    const posted = await t.request(`/api/stories/${readable}/comments`, { cookie, json: { body: "Safe reads of comments." } });
    expect(posted.status).toBe(201);
    const commentId = ((await posted.json()) as { id: string }).id;

    const pathValues: Record<string, string> = {
      // A story with a page: one without (a sample card) has none to read (404).
      "/api/stories/{id}": readable,
      "/api/stories/{storyId}/comments": readable,
      "/api/comments/{commentId}/replies": commentId,
      "/api/products/{id}": products.items[0]!.id,
      "/api/creators/{id}": creators.items[0]!.id,
      "/api/creators/{id}/page": creators.items[0]!.id,
      "/api/studio/stories/{id}": studioStory.id,
      "/api/studio/products/{id}": studioProduct.id,
      "/api/orders/{orderId}": order.id,
      "/api/orders/{orderId}/invoice": order.id,
      "/api/admin/orders/{orderId}": order.id,
      // A sample product of the house (no creator).
      "/api/admin/products/{id}": "prod-maybe-logo-tee",
      "/api/admin/curation/{kind}": "story",
      "/api/admin/newsletter/{issueId}": issueId,
    };
    const queryValues: Record<string, string> = {
      q: "poster",
      stories: stories.items[0]!.id,
      creators: creators.items[0]!.id,
      products: products.items[0]!.id,
      limit: "5",
      token: unsubscribeToken(t.config.authSecret, { list: "follows", subject: "someone" }, new Date()),
    };
    // Where a parameter of the same name takes another value.
    const queryValuesOf: Record<string, Record<string, string>> = {
      "/api/newsletter/confirm": { token: confirmationToken(t.config.authSecret, "someone@example.com", new Date()) },
      "/api/me/comments": { story: readable },
    };

    const doc = (await (await t.request("/api/openapi.json")).json()) as { paths: Record<string, { get?: Operation }> };
    const gets = Object.entries(doc.paths).filter(([, ops]) => ops.get);
    expect(gets.length).toBeGreaterThan(10);

    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["user", "session", "favorite", "cart_item", "order", "product"]));
    const visited: string[] = [];
    for (const [template, ops] of gets) {
      const params = ops.get!.parameters ?? [];
      const path = template.replace(/\{(\w+)\}/g, () => {
        const value = pathValues[template];
        if (!value) throw new Error(`no value for the path parameter of ${template}: add one to pathValues`);
        return encodeURIComponent(value);
      });
      const query = new URLSearchParams();
      const values = { ...queryValues, ...queryValuesOf[template] };
      for (const p of params) if (p.in === "query" && values[p.name]) query.set(p.name, values[p.name]!);
      const url = query.size ? `${path}?${query}` : path;
      // The back office's reads run for real as an admin (anyone else is refused before reading).
      for (const who of [template.startsWith("/api/admin/") ? staffCookie : cookie, undefined]) {
        const res = await t.request(url, { cookie: who });
        expect(res.status, `${url} ${who ? "signed in" : "signed out"}: ${await res.clone().text()}`).toBeLessThan(500);
        if (who) expect(res.status, url).toBeLessThan(400);
      }
      visited.push(url);
    }
    expect(await snapshot()).toEqual(before);
    expect(visited).toContain(`/api/orders/${order.id}`);
  });
});
