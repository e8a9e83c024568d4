/**
 * The house's own products in the back office (docs/decisions/0028), on whichever database TEST_DB
 * names: an admin makes, pictures, publishes and adjusts a product without a creator through the
 * studio's product routes under /api/admin/products; a creator's product is not the house's (404)
 * and a house product is no creator's (404), nothing changed. Who may call the routes at all is
 * the permission walk's (permissions.test.ts).
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "../../../../common/api/media.js";
import type { Product } from "../../../../common/api/catalog.js";
import type { StudioProduct } from "../../../../common/api/studio-products.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { upload } from "../../media/media.fixtures.js";
import { databaseSnapshot, staffKit } from "../../admin/admin.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t?.close();
});
const kit = staffKit(() => t);

const print = {
  category: "art",
  title: "House Poster",
  description: "Risograph, two colours.",
  price_cents: 2400,
  stock: 6,
  limited_edition: false,
  story_ids: ["story-basement-press"],
};

describe("the house's products", () => {
  it("an admin makes one with a picture, publishes it and adjusts its stock; it is on sale with no creator", async () => {
    const admin = await kit.person("admin");
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#3355ee" } }).jpeg().toBuffer();
    const uploaded = await upload(t, admin.cookie, photo);
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as Image;

    const draft = await kit.ok<StudioProduct>(admin, "POST", "/api/admin/products", { ...print, image_ids: [image.id] }, 201);
    expect(draft).toMatchObject({ status: "draft", stock: 6, images: [{ id: image.id }] });
    await kit.ok(admin, "POST", `/api/admin/products/${draft.id}/publish`, { version: 1 });
    const adjusted = await kit.ok<StudioProduct>(admin, "POST", `/api/admin/products/${draft.id}/stock`, { delta: 4, reason: "Second print run" });
    expect(adjusted.stock).toBe(10);

    const shown = (await (await t.request(`/api/products/${draft.id}`)).json()) as Product;
    expect(shown).toMatchObject({ creator: null, stock: 10, image_url: image.src, story: { id: "story-basement-press" } });
    const listed = await kit.ok<{ items: StudioProduct[] }>(admin, "GET", "/api/admin/products");
    expect(listed.items.map((p) => p.id)).toContain(draft.id);
    // The sample products of the house are listed too; no creator's is.
    expect(listed.items.map((p) => p.id)).toContain("prod-maybe-logo-tee");
  });

  it("keeps a creator's products and the house's apart, each way, changing nothing", async () => {
    const admin = await kit.person("admin");
    const maker = await kit.creator("Rhea");
    const theirs = await kit.ok<StudioProduct>(maker, "POST", "/api/studio/products", { ...print, title: "Their Print" }, 201);
    const before = await databaseSnapshot(t);
    for (const [who, path] of [
      [admin, `/api/admin/products/${theirs.id}`],
      [maker, "/api/studio/products/prod-maybe-logo-tee"],
    ] as const) {
      expect((await kit.call(who, "GET", path)).status).toBe(404);
      expect((await kit.call(who, "PUT", path, { ...print, version: 1 })).status).toBe(404);
      expect((await kit.call(who, "POST", `${path}/archive`, { version: 1 })).status).toBe(404);
      expect((await kit.call(who, "POST", `${path}/stock`, { delta: 1, reason: "Not mine" })).status).toBe(404);
    }
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
