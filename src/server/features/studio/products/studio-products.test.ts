/**
 * A creator's products in the studio (issue 31, docs/decisions/0025), on whichever database TEST_DB
 * names: drafts are private, publishing puts a product on sale or schedules its drop, saves are
 * checked against their version, and every write is refused to another creator, a subscriber, a
 * visitor and a suspended creator with nothing changed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../common/api/catalog.js";
import { PRODUCT_MESSAGES, type StudioProduct } from "../../../../common/api/studio-products.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { databaseSnapshot, staffKit } from "../../admin/admin.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});
const kit = staffKit(() => t);
const HOUR = 3_600_000;

const tee = {
  category: "clothing",
  title: "Night Shift Tee",
  description: "Screen printed by hand.",
  price_cents: 3200,
  stock: 12,
  limited_edition: false,
  story_id: "story-neon-bakery",
};

async function publicProduct(id: string) {
  return t.request(`/api/products/${id}`);
}

describe("a creator's products", () => {
  it("starts as a private draft, goes on sale when published, and back off the site when unpublished", async () => {
    const maker = await kit.creator("Noor");
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", tee, 201);
    expect(draft).toMatchObject({
      status: "draft",
      version: 1,
      kind: "merch",
      category: "clothing",
      title: "Night Shift Tee",
      price_cents: 3200,
      stock: 12,
      story: { id: "story-neon-bakery", title: "The Neon Bakery After Midnight" },
      drops_at: null,
      limit_per_buyer: null,
      hidden: false,
    });
    expect(draft.id).toMatch(/^night-shift-tee-[a-z0-9]{8}$/);
    expect((await publicProduct(draft.id)).status).toBe(404);
    expect((await kit.ok<{ items: StudioProduct[] }>(maker, "GET", "/api/studio/products")).items.map((p) => p.id)).toEqual([draft.id]);

    const published = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });
    expect(published).toMatchObject({ status: "published", version: 2 });
    const onSale = (await (await publicProduct(draft.id)).json()) as Product;
    expect(onSale).toMatchObject({ title: "Night Shift Tee", price: "$32.00", stock: 12, creator: { id: maker.creatorId }, drops_at: null });

    const unpublished = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/unpublish`, { version: 2 });
    expect(unpublished.status).toBe("draft");
    expect((await publicProduct(draft.id)).status).toBe(404);
  });

  it("schedules a drop: a time still to come, shown until the server's clock reaches it; a past time is refused", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const maker = await kit.creator("Ines");
    const dropsAt = new Date(start + 2 * HOUR).toISOString();
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { ...tee, category: "art", title: "Print Edition", drops_at: dropsAt, limit_per_buyer: 2 }, 201);
    expect(draft).toMatchObject({ kind: "artifact", drops_at: dropsAt, limit_per_buyer: 2 });
    await kit.ok(maker, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });
    expect(((await (await publicProduct(draft.id)).json()) as Product).drops_at).toBe(dropsAt);

    const past = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { ...tee, title: "Too Late", drops_at: new Date(start - HOUR).toISOString() }, 201);
    const refused = await kit.call<{ error: { code: string; fields: Record<string, string> } }>(maker, "POST", `/api/studio/products/${past.id}/publish`, { version: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ drops_at: PRODUCT_MESSAGES.dropTimePassed });
    expect((await publicProduct(past.id)).status).toBe(404);

    // Once the drop is open, saving it unchanged is fine: its time has passed, and that is no new time.
    vi.setSystemTime(start + 3 * HOUR);
    const { id, version, story, status: _s, kind: _k, hidden: _h, created_at: _c, updated_at: _u, stock: _st, ...form } = await kit.ok<StudioProduct>(maker, "GET", `/api/studio/products/${draft.id}`);
    const saved = await kit.ok<StudioProduct>(maker, "PUT", `/api/studio/products/${id}`, { ...form, story_id: story?.id ?? null, price_cents: 4100, version });
    expect(saved).toMatchObject({ price_cents: 4100, drops_at: dropsAt, version: version + 1 });
  });

  it("checks its fields and the story on the server with the form's messages", async () => {
    const maker = await kit.creator("Ola");
    const bad = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", "/api/studio/products", {
      category: "food",
      title: " ",
      description: "",
      price_cents: 1_000_001,
      stock: -1,
      limit_per_buyer: 0,
      drops_at: "soon",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      category: PRODUCT_MESSAGES.categoryRequired,
      title: PRODUCT_MESSAGES.titleRequired,
      description: PRODUCT_MESSAGES.descriptionRequired,
      price_cents: PRODUCT_MESSAGES.price,
      stock: PRODUCT_MESSAGES.stock,
      limit_per_buyer: PRODUCT_MESSAGES.limit,
      drops_at: PRODUCT_MESSAGES.dropTime,
    });
    const story = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", "/api/studio/products", { ...tee, story_id: "no-such-story" });
    expect(story.status).toBe(400);
    expect(story.body.error.fields).toEqual({ story_id: PRODUCT_MESSAGES.storyUnknown });
  });

  it("refuses a save that started from an older version (another tab), changing nothing", async () => {
    const maker = await kit.creator("Pia");
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", tee, 201);
    const { stock: _stock, ...form } = tee;
    await kit.ok(maker, "PUT", `/api/studio/products/${draft.id}`, { ...form, title: "First Tab", version: 1 });
    const stale = await kit.call<{ error: { code: string; message: string } }>(maker, "PUT", `/api/studio/products/${draft.id}`, { ...form, title: "Second Tab", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: "PRODUCT_CHANGED", message: PRODUCT_MESSAGES.conflict });
    expect((await kit.ok<StudioProduct>(maker, "GET", `/api/studio/products/${draft.id}`)).title).toBe("First Tab");
  });
});

describe("every studio product write as the wrong person", () => {
  it("is refused to a visitor, a subscriber, another creator and (publishing) a suspended creator, with nothing changed", async () => {
    const owner = await kit.creator("Rae");
    const draft = await kit.ok<StudioProduct>(owner, "POST", "/api/studio/products", tee, 201);
    const { stock: _stock, ...form } = tee;
    const writes: [string, string, unknown][] = [
      ["POST", "/api/studio/products", tee],
      ["PUT", `/api/studio/products/${draft.id}`, { ...form, title: "Taken", version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/publish`, { version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/unpublish`, { version: 1 }],
    ];
    const visitor = null;
    const member = await kit.person("member");
    const other = await kit.creator("Sam");
    const before = await databaseSnapshot(t);
    for (const [method, path, json] of writes) {
      expect((await kit.call(visitor, method, path, json)).status, `${method} ${path} as a visitor`).toBe(401);
      const asMember = await kit.call<{ error: { code: string } }>(member, method, path, json);
      expect([asMember.status, asMember.body.error.code], `${method} ${path} as a subscriber`).toEqual([403, "NOT_CREATOR"]);
      if (method === "POST" && path === "/api/studio/products") continue;
      const asOther = await kit.call<{ error: { code: string } }>(other, method, path, json);
      expect(asOther.status, `${method} ${path} as another creator`).toBe(404);
    }
    expect((await kit.call(other, "GET", `/api/studio/products/${draft.id}`)).status).toBe(404);
    expect(await databaseSnapshot(t)).toEqual(before);

    await t.database.db.updateTable("creator").set({ suspended_at: new Date().toISOString() }).where("id", "=", owner.creatorId!).execute();
    const suspended = await kit.call<{ error: { code: string } }>(owner, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });
    expect([suspended.status, suspended.body.error.code]).toEqual([403, "SUSPENDED"]);
    expect((await kit.ok<StudioProduct>(owner, "GET", `/api/studio/products/${draft.id}`)).status).toBe("draft");
  });
});

