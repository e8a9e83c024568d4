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
import { insertMedia } from "../../../db/seed/factories.js";

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
  sizes: [
    { size: "M", stock: 5 },
    { size: "S", stock: 4 },
    { size: "L", stock: 3 },
  ],
  limited_edition: false,
  story_ids: ["story-neon-bakery"],
};
/** The same tee as a save sends it: the sizes by name, no stock. */
const teeForm = { ...tee, sizes: ["S", "M", "L"] };

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
      variants: [
        { id: expect.stringMatching(/\.s$/), size: "S", stock: 4 },
        { id: expect.stringMatching(/\.m$/), size: "M", stock: 5 },
        { id: expect.stringMatching(/\.l$/), size: "L", stock: 3 },
      ],
      edition_size: null,
      stories: [{ id: "story-neon-bakery", title: "The Neon Bakery After Midnight" }],
      images: [],
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
    const draft = await kit.ok<StudioProduct>(
      maker,
      "POST",
      "/api/studio/products",
      { ...tee, category: "art", sizes: [], stock: 10, title: "Print Edition", drops_at: dropsAt, limit_per_buyer: 2 },
      201,
    );
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
    const { id, version, stories, category, title, description, limited_edition, drops_at, limit_per_buyer } = await kit.ok<StudioProduct>(
      maker,
      "GET",
      `/api/studio/products/${draft.id}`,
    );
    const form = { category, title, description, limited_edition, drops_at, limit_per_buyer, story_ids: stories.map((s) => s.id) };
    const saved = await kit.ok<StudioProduct>(maker, "PUT", `/api/studio/products/${id}`, { ...form, price_cents: 4100, version });
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
    const story = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", "/api/studio/products", { ...tee, story_ids: ["story-neon-bakery", "no-such-story"] });
    expect(story.status).toBe(400);
    expect(story.body.error.fields).toEqual({ story_ids: PRODUCT_MESSAGES.storyUnknown });
  });

  it("refuses a save that started from an older version (another tab), changing nothing", async () => {
    const maker = await kit.creator("Pia");
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", tee, 201);
    await kit.ok(maker, "PUT", `/api/studio/products/${draft.id}`, { ...teeForm, title: "First Tab", version: 1 });
    const stale = await kit.call<{ error: { code: string; message: string } }>(maker, "PUT", `/api/studio/products/${draft.id}`, { ...teeForm, title: "Second Tab", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: "PRODUCT_CHANGED", message: PRODUCT_MESSAGES.conflict });
    expect((await kit.ok<StudioProduct>(maker, "GET", `/api/studio/products/${draft.id}`)).title).toBe("First Tab");
  });
});

describe("pictures and stories", () => {
  const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);

  it("shows up to five of the creator's own uploads in their order, the first as the cover, and files the product under each story", async () => {
    const maker = await kit.creator("Ines");
    const [front, back, detail] = await insertMedia(t.database, [{ owner_id: maker.id }, { owner_id: maker.id }, { owner_id: maker.id }]);
    const stories = ["story-neon-bakery", "story-cassette-garden"];
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { ...tee, story_ids: stories, image_ids: [back!.id, front!.id] }, 201);
    expect(ids(draft.images)).toEqual([back!.id, front!.id]);
    expect(ids(draft.stories)).toEqual(stories);
    await kit.ok(maker, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });

    const shown = (await (await publicProduct(draft.id)).json()) as Product;
    expect(ids(shown.images)).toEqual([back!.id, front!.id]);
    expect(shown.image_url).toBe(shown.images[0]!.src);
    expect(shown.story).toEqual({ id: "story-neon-bakery", title: expect.any(String) });
    expect(ids(shown.stories)).toEqual(stories);
    // 'Filter by Story' finds it under its second story too, and that story is among the facets.
    const underSecond = (await (await t.request("/api/products?story=story-cassette-garden&limit=100")).json()) as { items: Product[] };
    expect(ids(underSecond.items)).toContain(draft.id);
    const facets = (await (await t.request("/api/products/facets")).json()) as { stories: { id: string }[] };
    expect(ids(facets.stories)).toContain("story-cassette-garden");

    // Reordered and a third added: the new first is the cover everywhere, the cart's line too.
    const saved = await kit.ok<StudioProduct>(maker, "PUT", `/api/studio/products/${draft.id}`, {
      ...teeForm,
      story_ids: ["story-cassette-garden"],
      image_ids: [detail!.id, front!.id, back!.id],
      version: 2,
    });
    expect(ids(saved.images)).toEqual([detail!.id, front!.id, back!.id]);
    const after = (await (await publicProduct(draft.id)).json()) as Product;
    expect(after.image_url).toBe(saved.images[0]!.src);
    expect(after.story?.id).toBe("story-cassette-garden");
    const underFirst = (await (await t.request("/api/products?story=story-neon-bakery&limit=100")).json()) as { items: Product[] };
    expect(ids(underFirst.items)).not.toContain(draft.id);

    // A copy shows the same pictures and stories.
    const copy = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/duplicate`, {}, 201);
    expect([ids(copy.images), ids(copy.stories)]).toEqual([ids(saved.images), ["story-cassette-garden"]]);
  });

  it("refuses another's upload, a sixth picture and a picture twice, changing nothing", async () => {
    const maker = await kit.creator("Jun");
    const other = await kit.creator("Kai");
    const theirs = await insertMedia(t.database, { owner_id: other.id });
    const mine = await insertMedia(t.database, Array.from({ length: 6 }, () => ({ owner_id: maker.id })));
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { ...tee, image_ids: [mine[0]!.id] }, 201);
    const before = await databaseSnapshot(t);
    const tries = [
      [[theirs.id], { image_ids: PRODUCT_MESSAGES.imageUnknown }],
      [ids(mine), { image_ids: PRODUCT_MESSAGES.imagesTooMany }],
      [[mine[1]!.id, mine[1]!.id], { image_ids: PRODUCT_MESSAGES.imagesRepeated }],
    ] as const;
    for (const [imageIds, fields] of tries) {
      const refused = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "PUT", `/api/studio/products/${draft.id}`, {
        ...teeForm,
        image_ids: imageIds,
        version: 1,
      });
      expect([refused.status, refused.body.error.fields]).toEqual([400, fields]);
    }
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});

describe("sizes, editions, stock, archive and copies", () => {
  it("changes the sizes on offer with a save: a new size starts with none, one taken away leaves the store and its stock the total", async () => {
    const maker = await kit.creator("Uma");
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", tee, 201);
    const saved = await kit.ok<StudioProduct>(maker, "PUT", `/api/studio/products/${draft.id}`, { ...teeForm, sizes: ["XL", "M", "S"], version: 1 });
    expect(saved.variants.map((v) => [v.size, v.stock])).toEqual([
      ["S", 4],
      ["M", 5],
      ["XL", 0],
    ]);
    expect(saved.stock).toBe(9);
    const adjusted = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/stock`, { size: "XL", delta: 6, reason: "New delivery" });
    expect(adjusted.variants.find((v) => v.size === "XL")!.stock).toBe(6);
    expect(adjusted.stock).toBe(15);
    const audit = await t.database.db.selectFrom("audit_log").select(["action", "note", "after"]).where("target_id", "=", draft.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "product.stock", note: "New delivery" })]);
    const below = await kit.call<{ error: { code: string } }>(maker, "POST", `/api/studio/products/${draft.id}/stock`, { size: "S", delta: -5, reason: "Counted again" });
    expect([below.status, below.body.error.code]).toEqual([409, "STOCK_CONFLICT"]);
    const noSizes = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "PUT", `/api/studio/products/${draft.id}`, { ...teeForm, sizes: [], version: 2 });
    expect(noSizes.body.error.fields).toEqual({ sizes: PRODUCT_MESSAGES.sizesRequired });
  });

  it("makes art a numbered edition whose stock never exceeds the numbers left", async () => {
    const maker = await kit.creator("Vera");
    const print = { ...tee, category: "art", title: "Edition Print", sizes: [], stock: 10, edition_size: 10 };
    const tooMany = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", "/api/studio/products", { ...print, stock: 11 });
    expect(tooMany.body.error.fields).toEqual({ stock: PRODUCT_MESSAGES.editionFull });
    const notArt = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", "/api/studio/products", { ...print, category: "music" });
    expect(notArt.body.error.fields).toEqual({ edition_size: PRODUCT_MESSAGES.editionArtOnly });
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", print, 201);
    expect(draft).toMatchObject({ edition_size: 10, editions_numbered: 0, stock: 10, variants: [{ id: draft.id, size: null, stock: 10 }] });
    const over = await kit.call<{ error: { fields: Record<string, string> } }>(maker, "POST", `/api/studio/products/${draft.id}/stock`, { delta: 1, reason: "One more" });
    expect([over.status, over.body.error.fields]).toEqual([400, { delta: PRODUCT_MESSAGES.editionFull }]);
  });

  it("archives a product off the store (carts say it is no longer available), restores it as a draft, and copies it as a new draft without stock", async () => {
    const maker = await kit.creator("Wren");
    const draft = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", tee, 201);
    await kit.ok(maker, "POST", `/api/studio/products/${draft.id}/publish`, { version: 1 });
    const buyer = await kit.person("member");
    expect((await kit.call(buyer, "POST", "/api/me/cart/items", { product_id: draft.id, size: "M" })).status).toBe(200);
    const archived = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/archive`, { version: 2 });
    expect(archived.status).toBe("archived");
    expect((await publicProduct(draft.id)).status).toBe(404);
    const cart = await kit.ok<{ items: { id: string; available: boolean }[] }>(buyer, "GET", "/api/me/cart");
    expect(cart.items).toEqual([expect.objectContaining({ id: `${draft.id}.m`, available: false })]);
    expect((await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/unpublish`, { version: 3 })).status).toBe("draft");

    const copy = await kit.ok<StudioProduct>(maker, "POST", `/api/studio/products/${draft.id}/duplicate`, undefined, 201);
    expect(copy).toMatchObject({ status: "draft", title: "Night Shift Tee (copy)", stock: 0, drops_at: null, price_cents: 3200 });
    expect(copy.id).not.toBe(draft.id);
    expect(copy.variants.map((v) => [v.size, v.stock])).toEqual([
      ["S", 0],
      ["M", 0],
      ["L", 0],
    ]);
  });
});

describe("every studio product write as the wrong person", () => {
  it("is refused to a visitor, a subscriber, another creator and (publishing) a suspended creator, with nothing changed", async () => {
    const owner = await kit.creator("Rae");
    const draft = await kit.ok<StudioProduct>(owner, "POST", "/api/studio/products", tee, 201);
    const writes: [string, string, unknown][] = [
      ["POST", "/api/studio/products", tee],
      ["PUT", `/api/studio/products/${draft.id}`, { ...teeForm, title: "Taken", version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/publish`, { version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/unpublish`, { version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/archive`, { version: 1 }],
      ["POST", `/api/studio/products/${draft.id}/duplicate`, undefined],
      ["POST", `/api/studio/products/${draft.id}/stock`, { size: "M", delta: 5, reason: "Found a box" }],
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
    const restock = await kit.call<{ error: { code: string } }>(owner, "POST", `/api/studio/products/${draft.id}/stock`, { size: "M", delta: 5, reason: "Found a box" });
    expect([restock.status, restock.body.error.code]).toEqual([403, "SUSPENDED"]);
    expect(await kit.ok<StudioProduct>(owner, "GET", `/api/studio/products/${draft.id}`)).toMatchObject({ status: "draft", stock: 12 });
  });
});

