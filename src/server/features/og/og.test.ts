import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, StoryDetail } from "../../../common/api/catalog.js";
import type { Creator } from "../../../common/api/creators.js";
import { insertCreator, insertMedia, insertProduct, insertStory, insertUser } from "../../db/seed/factories.js";
import { variantKey } from "../../media/image-view.js";
import { renderOgCard, type OgCardInput } from "../../og/og-card.js";
import { createOgImages } from "../../og/og-images.js";
import { creatorOgCard, ogImagePath, productOgCard, siteOgImagePath, storyOgCard } from "../../og/og-items.js";
import { pngSize } from "../../og/og.fixtures.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { ogRouter } from "./og.router.js";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let next = 0;
const unique = () => `${process.pid}-${++next}`;

/** The public API's row of an item, as the page renderer has it (writes behind the API's back are dropped from its cache first). */
async function apiRow<T>(path: string): Promise<T> {
  await t.responseCache.invalidate(["catalog", "stock", "creators"]);
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function png(path: string, headers: Record<string, string> = {}) {
  const res = await t.request(path, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function expectCard(path: string, cacheControl: string) {
  const { res, bytes } = await png(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  expect(res.headers.get("cache-control")).toBe(cacheControl);
  expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
  return bytes;
}

describe("GET /og/site.png", () => {
  it("is the site's card, immutable under its current version, for five minutes otherwise, with the security headers", async () => {
    const path = siteOgImagePath();
    await expectCard(path, IMMUTABLE);
    await expectCard("/og/site.png", SHORT);
    await expectCard("/og/site.png?v=old", SHORT);
    const { res } = await png(path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBeTruthy();
  });

  it("answers a HEAD and a matching If-None-Match without a body", async () => {
    const head = await t.request(siteOgImagePath(), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request(siteOgImagePath(), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("GET /og/{kind}/{id}.png", () => {
  it("draws a public story, creator and product at the URL their API rows give", async () => {
    const n = unique();
    const { creator } = await insertCreator(t.database, { id: `og_creator_${n.replace("-", "_")}`, first_name: "Maya", last_name: "Lopez", image_url: "/media/creators/maya_lopez.svg" });
    const story = await insertStory(t.database, { id: `og-story-${n}`, title: "The Neon Bakery", body: "A page.", creator_id: creator.id, image_url: "/media/stories/story-neon-bakery.svg" });
    const product = await insertProduct(t.database, { id: `og-product-${n}`, title: "Mug", price_cents: 2400, image_url: "/media/products/prod-cafe-senora-mug.svg" });

    const storyRow = await apiRow<StoryDetail>(`/api/stories/${story.id}`);
    const creatorRow = await apiRow<Creator>(`/api/creators/${creator.id}`);
    const productRow = await apiRow<Product>(`/api/products/${product.id}`);
    await expectCard(ogImagePath("story", story.id, storyOgCard(storyRow)), IMMUTABLE);
    await expectCard(ogImagePath("creator", creator.id, creatorOgCard(creatorRow)), IMMUTABLE);
    await expectCard(ogImagePath("product", product.id, productOgCard(productRow)), IMMUTABLE);
  });

  it("gives a changed product a new version; the old URL answers the new card, for five minutes", async () => {
    const product = await insertProduct(t.database, { id: `og-change-${unique()}`, title: "Hoodie", price_cents: 4800 });
    const before = ogImagePath("product", product.id, productOgCard(await apiRow<Product>(`/api/products/${product.id}`)));
    const oldBytes = await expectCard(before, IMMUTABLE);

    await t.database.db.updateTable("product").set({ price_cents: 5200 }).where("id", "=", product.id).execute();
    const afterPrice = ogImagePath("product", product.id, productOgCard(await apiRow<Product>(`/api/products/${product.id}`)));
    expect(afterPrice).not.toBe(before);
    const newBytes = await expectCard(before, SHORT);
    expect(Buffer.from(newBytes).equals(Buffer.from(oldBytes))).toBe(false);
    expect(Buffer.from(await expectCard(afterPrice, IMMUTABLE)).equals(Buffer.from(newBytes))).toBe(true);

    await t.database.db.updateTable("product").set({ title: "Hoodie, second run" }).where("id", "=", product.id).execute();
    const afterTitle = ogImagePath("product", product.id, productOgCard(await apiRow<Product>(`/api/products/${product.id}`)));
    expect(afterTitle).not.toBe(afterPrice);
    await expectCard(afterPrice, SHORT);
    await expectCard(afterTitle, IMMUTABLE);
  });

  it("gives a story a new version when its title changes", async () => {
    const story = await insertStory(t.database, { id: `og-retitled-${unique()}`, title: "First title", body: "A page." });
    const before = ogImagePath("story", story.id, storyOgCard(await apiRow<StoryDetail>(`/api/stories/${story.id}`)));
    await t.database.db.updateTable("story").set({ title: "Second title" }).where("id", "=", story.id).execute();
    const after = ogImagePath("story", story.id, storyOgCard(await apiRow<StoryDetail>(`/api/stories/${story.id}`)));
    expect(after).not.toBe(before);
    await expectCard(before, SHORT);
    await expectCard(after, IMMUTABLE);
  });

  it("draws an uploaded cover from the media store", async () => {
    const { user } = await insertUser(t.database);
    const media = await insertMedia(t.database, { owner_id: user.id, widths: "[320,640,1024]", width: 1024, height: 640 });
    const cover = await sharp({ create: { width: 1024, height: 640, channels: 3, background: "#e01010" } }).jpeg().toBuffer();
    await t.media.put(variantKey(media.hash, 1024, "jpg"), new Uint8Array(cover), "image/jpeg");
    const story = await insertStory(t.database, { id: `og-cover-${unique()}`, title: "Covered", body: "A page.", cover_media_id: media.id });
    const row = await apiRow<StoryDetail>(`/api/stories/${story.id}`);
    expect(storyOgCard(row).image).toBe(`/media/u/${media.hash}/1024.jpg`);
    const bytes = await expectCard(ogImagePath("story", story.id, storyOgCard(row)), IMMUTABLE);
    const { data } = await sharp(bytes).extract({ left: 950, top: 315, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(40);
  });

  it("is 404 for whatever the public may not see, as its page and API are", async () => {
    const n = unique().replace("-", "_");
    const hidden = "2024-01-01T00:00:00.000Z";
    const { creator: hiddenCreator } = await insertCreator(t.database, { id: `og_hidden_${n}`, hidden_at: hidden });
    const { creator: suspended } = await insertCreator(t.database, { id: `og_suspended_${n}`, suspended_at: hidden });
    const { creator: unapproved } = await insertCreator(t.database, { id: `og_unapproved_${n}`, approved: false });
    const draft = await insertStory(t.database, { id: `og-draft-${n}`, body: "A page.", status: "draft" });
    const hiddenStory = await insertStory(t.database, { id: `og-hidden-story-${n}`, body: "A page.", hidden_at: hidden });
    const suspendedStory = await insertStory(t.database, { id: `og-suspended-story-${n}`, body: "A page.", creator_id: suspended.id });
    const bodiless = await insertStory(t.database, { id: `og-bodiless-story-${n}` });
    const hiddenProduct = await insertProduct(t.database, { id: `og-hidden-product-${n}`, hidden_at: hidden });
    const suspendedProduct = await insertProduct(t.database, { id: `og-suspended-product-${n}`, creator_id: suspended.id });
    const paths = [
      `/og/creator/${hiddenCreator.id}.png`,
      `/og/creator/${suspended.id}.png`,
      `/og/creator/${unapproved.id}.png`,
      `/og/story/${draft.id}.png`,
      `/og/story/${hiddenStory.id}.png`,
      `/og/story/${suspendedStory.id}.png`,
      // A story without a body has no page, so no card to share (as the sample cards: 'Coming Soon').
      `/og/story/${bodiless.id}.png`,
      `/og/product/${hiddenProduct.id}.png`,
      `/og/product/${suspendedProduct.id}.png`,
      "/og/story/no-such-story.png",
      "/og/creator/no_such_creator.png",
      "/og/product/no-such-product.png",
      `/og/order/${hiddenProduct.id}.png`,
      "/og/user/x.png",
      `/og/product/${suspendedProduct.id}`,
      `/og/product/${suspendedProduct.id}.jpg`,
      "/og/product/.png",
      "/og/story",
      "/og/",
      "/og/site",
      "/og/a/b/c.png",
    ];
    for (const path of paths) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).not.toBe("image/png");
    }
    // The same items through the public API: 404 there too.
    for (const path of [`/api/creators/${hiddenCreator.id}`, `/api/stories/${draft.id}`, `/api/products/${hiddenProduct.id}`]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it("never fails on an odd version, id or query", async () => {
    const product = await insertProduct(t.database, { id: `og-odd-${unique()}` });
    for (const query of [
      `v=${"x".repeat(20_000)}`,
      "v=%ZZ%00%0d%0a<script>'\"",
      "v=../../etc/passwd",
      "v=1&v=2&v=3",
      "v",
      "v=%E2%80%AE%F0%9F%92%A9",
      "v[]=1",
    ]) {
      const res = await t.request(`/og/product/${product.id}.png?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get("cache-control"), query).toBe(SHORT);
      await res.arrayBuffer();
    }
    for (const path of [
      "/og/product/%ZZ.png",
      "/og/product/%00.png",
      `/og/product/${"a".repeat(5_000)}.png`,
      "/og/story/..%2F..%2Fpackage.json.png",
      "/og/%ZZ/x.png",
      "/og/product/a%2Fb.png",
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe("rendering", () => {
  it("renders once for requests that arrive together, and answers the next from memory", async () => {
    let renders = 0;
    const images = createOgImages({
      media: t.media,
      seedDir: "media",
      render: (input: OgCardInput) => {
        renders += 1;
        return renderOgCard(input);
      },
    });
    const router = ogRouter({ database: t.database, media: t.media, logger: pino({ level: "silent" }) }, images);
    const product = await insertProduct(t.database, { id: `og-together-${unique()}`, image_url: "/media/products/prod-cafe-senora-mug.svg" });
    const path = ogImagePath("product", product.id, productOgCard(await apiRow<Product>(`/api/products/${product.id}`)));

    const answers = await Promise.all(Array.from({ length: 6 }, () => router.request(path)));
    const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(bodies.every((b) => b.equals(bodies[0]!))).toBe(true);
    expect(renders).toBe(1);

    expect((await router.request(path)).status).toBe(200);
    expect((await router.request(`/og/product/${product.id}.png`)).status).toBe(200);
    expect(renders).toBe(1);
    expect(images.stats()).toMatchObject({ renders: 1, joined: 5, hits: 2, entries: 1 });
  });
});
