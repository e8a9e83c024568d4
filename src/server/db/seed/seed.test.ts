import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../client.js";
import { toBool, toIso } from "../dialect.js";
import { searchTextContains } from "../../search/search-condition.js";
import { migrateToLatest } from "../migrate.js";
import { DIRECTORY_DISCIPLINES } from "../../../common/creator-fields.js";
import { CREATORS, PRODUCTS, SAMPLE_DROP, SAMPLE_STORIES, STORIES, allImageUrls, figureImageUrls, sampleDropTime } from "./content.js";
import { seedIfEmpty } from "./index.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const MEDIA_DIR = join(ROOT, "media");

function mediaPath(url: string): string {
  return join(MEDIA_DIR, url.replace(/^\/media\//, ""));
}

describe("seed content", () => {
  let dir: string;
  let database: Db;
  let firstSeed: boolean;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "maybe-seed-"));
    database = createDb(`file:${join(dir, "seed.db")}`);
    await migrateToLatest(database);
    firstSeed = await seedIfEmpty(database);
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("seeds an empty database once", async () => {
    expect(firstSeed).toBe(true);
    expect(await seedIfEmpty(database)).toBe(false);
    const stories = await database.db.selectFrom("story").select("id").execute();
    expect(stories).toHaveLength(STORIES.length);
  });

  it("has dated stories in 2023-2025 and exactly one without a date", async () => {
    const stories = await database.db.selectFrom("story").selectAll().execute();
    expect(stories.length).toBeGreaterThanOrEqual(12);
    const undated = stories.filter((s) => s.date === null);
    expect(undated).toHaveLength(1);
    const years = new Set(stories.flatMap((s) => (s.date === null ? [] : [new Date(toIso(s.date)!).getUTCFullYear()])));
    expect([...years].sort()).toEqual([2023, 2024, 2025]);
    expect(new Set(stories.map((s) => s.city)).size).toBeGreaterThanOrEqual(10);
  });

  it("keeps the spec's sample cards without a page, and publishes a few stories to read, by sample creators", async () => {
    const stories = await database.db.selectFrom("story").selectAll().execute();
    const samples = new Set(SAMPLE_STORIES.map((s) => s.id));
    expect(stories.filter((s) => samples.has(s.id)).every((s) => s.body === "" && s.creator_id === null)).toBe(true);
    const readable = stories.filter((s) => !samples.has(s.id));
    expect(readable.length).toBeGreaterThanOrEqual(3);
    const links = await database.db.selectFrom("creator_story").selectAll().execute();
    for (const story of readable) {
      expect(story.status).toBe("published");
      expect(CREATORS.some((c) => c.id === story.creator_id), story.id).toBe(true);
      // A few paragraphs of Markdown, a heading and a picture of the site's own.
      expect(story.body.split(/\n\n+/).length, story.id).toBeGreaterThanOrEqual(5);
      expect(story.body).toMatch(/^## /m);
      expect(story.body).toMatch(/!\[[^\]]+\]\(\/media\/stories\/[a-z0-9_-]+\.svg\)/);
      // Published on its own date, as the studio dates a story first published then.
      expect(toIso(story.published_at)).toBe(toIso(story.date));
      // Its author is featured in it, as publishing in the studio makes them.
      expect(links).toContainEqual({ creator_id: story.creator_id, story_id: story.id });
    }
  });

  it("has 8 clothing merch items and at least 12 artifacts, with sold-out and low-stock items", async () => {
    const products = await database.db.selectFrom("product").selectAll().execute();
    const merch = products.filter((p) => p.kind === "merch");
    const artifacts = products.filter((p) => p.kind === "artifact");
    expect(merch).toHaveLength(8);
    expect(merch.every((p) => p.category === "clothing")).toBe(true);
    expect(artifacts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(artifacts.map((p) => p.category))).toEqual(new Set(["art", "music", "video", "other"]));
    const art = artifacts.filter((p) => p.category === "art").length;
    expect(art).toBeGreaterThan(artifacts.length / 2);

    expect(merch.some((p) => p.stock === 0)).toBe(true);
    expect(artifacts.some((p) => p.stock === 0)).toBe(true);
    expect(products.filter((p) => p.stock >= 1 && p.stock <= 3).length).toBeGreaterThanOrEqual(3);

    const limited = products.map((p) => toBool(p.limited_edition));
    expect(limited).toContain(true);
    expect(limited).toContain(false);
    expect(products.every((p) => Number.isInteger(p.price_cents) && p.price_cents > 0)).toBe(true);
    expect(products.filter((p) => p.image_url === null)).toHaveLength(3);
    expect(products.filter((p) => p.story_id === null).length).toBeGreaterThanOrEqual(1);
  });

  it("schedules one sample drop, by the sample creator, on a Friday at 7 PM UTC at least a day ahead, 2 to a buyer", async () => {
    const drops = await database.db.selectFrom("product").select(["id", "drops_at", "limit_per_buyer", "creator_id"]).where("drops_at", "is not", null).execute();
    expect(drops).toHaveLength(1);
    const [drop] = drops;
    expect(drop).toMatchObject({ id: SAMPLE_DROP.productId, limit_per_buyer: 2, creator_id: "maya_lopez" });
    const at = new Date(toIso(drop!.drops_at)!);
    expect([at.getUTCDay(), at.getUTCHours(), at.getUTCMinutes()]).toEqual([5, 19, 0]);
    expect(at.getTime() - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(at.getTime() - Date.now()).toBeLessThan(8 * 86_400_000);
  });

  it("puts the sample drop on the first Friday evening a day or more after the seed", () => {
    expect(sampleDropTime(new Date("2026-11-26T10:00:00Z")).toISOString()).toBe("2026-11-27T19:00:00.000Z");
    expect(sampleDropTime(new Date("2026-11-27T10:00:00Z")).toISOString()).toBe("2026-12-04T19:00:00.000Z");
    expect(sampleDropTime(new Date("2026-11-27T20:00:00Z")).toISOString()).toBe("2026-12-04T19:00:00.000Z");
  });

  it("links every product's story_id to an existing story", async () => {
    const storyIds = new Set((await database.db.selectFrom("story").select("id").execute()).map((s) => s.id));
    const products = await database.db.selectFrom("product").select(["id", "story_id"]).execute();
    const tied = products.filter((p) => p.story_id !== null);
    expect(tied.length).toBeGreaterThan(products.length / 2);
    for (const product of tied) expect(storyIds.has(product.story_id!), `${product.id} → ${product.story_id}`).toBe(true);
  });

  it("has a title or description with a non-ASCII letter", async () => {
    const products = await database.db.selectFrom("product").select(["title", "description"]).execute();
    // eslint-disable-next-line no-control-regex -- looking for anything outside ASCII
    expect(products.some((p) => /[^\x00-\x7f]/.test(p.title + p.description))).toBe(true);
    // The folded search text finds "Café Señora" from an upper-case, unaccented query.
    const hits = await database.db
      .selectFrom("product")
      .select("id")
      .where(searchTextContains(database.dialect, "product", "SENORA"))
      .execute();
    expect(hits.map((h) => h.id)).toEqual(["prod-cafe-senora-mug"]);
  });

  it("has 16 approved creators across every directory discipline and at least 6 states", async () => {
    const creators = await database.db.selectFrom("creator").selectAll().execute();
    expect(creators).toHaveLength(16);
    expect(creators.every((c) => toBool(c.approved))).toBe(true);
    expect(new Set(creators.map((c) => c.state)).size).toBeGreaterThanOrEqual(6);
    expect(creators.every((c) => /^[A-Z]{2}$/.test(c.state))).toBe(true);

    const disciplines = await database.db.selectFrom("creator_discipline").selectAll().execute();
    expect(new Set(disciplines.map((d) => d.discipline))).toEqual(new Set(DIRECTORY_DISCIPLINES));
    const perCreator = new Map<string, number>();
    for (const d of disciplines) perCreator.set(d.creator_id, (perCreator.get(d.creator_id) ?? 0) + 1);
    expect(creators.every((c) => (perCreator.get(c.id) ?? 0) >= 1)).toBe(true);
    expect([...perCreator.values()].filter((k) => k >= 2).length).toBeGreaterThanOrEqual(3);

    for (const c of creators) {
      expect(c.id).toBe(`${c.first_name}_${c.last_name}`.toLowerCase());
      expect(c.first_name).toMatch(/^[A-Z][a-z]+$/);
      expect(c.last_name).toMatch(/^[A-Z][a-z]+$/);
      expect(c.email).toBe(c.email.trim().toLowerCase());
      expect(c.email).toMatch(/@example\.com$/);
      expect(c.bio.split(/\s+/).filter(Boolean).length).toBeLessThan(200);
      expect(c.instagram.startsWith("@")).toBe(false);
      expect(c.website === "" || c.website.startsWith("https://example.com/")).toBe(true);
      expect(toIso(c.joined)).not.toBeNull();
    }
    expect(creators.filter((c) => c.bio === "")).toHaveLength(1);
    expect(creators.some((c) => c.image_url === "")).toBe(true);
    expect(creators.some((c) => c.instagram === "")).toBe(true);
  });

  it("features creators in stories: some with 3+, some with none", async () => {
    const links = await database.db.selectFrom("creator_story").selectAll().execute();
    const perCreator = new Map<string, number>();
    for (const l of links) perCreator.set(l.creator_id, (perCreator.get(l.creator_id) ?? 0) + 1);
    expect([...perCreator.values()].filter((k) => k >= 3).length).toBeGreaterThanOrEqual(2);
    expect(CREATORS.filter((c) => !perCreator.has(c.id)).length).toBeGreaterThanOrEqual(1);
  });

  it("has a generated image for every image_url", async () => {
    const urls = [
      ...(await database.db.selectFrom("story").select("image_url").execute()).map((r) => r.image_url),
      ...(await database.db.selectFrom("product").select("image_url").execute()).map((r) => r.image_url),
      ...(await database.db.selectFrom("creator").select("image_url").execute()).map((r) => r.image_url),
    ].filter((u): u is string => !!u);
    expect(urls.sort()).toEqual(allImageUrls().sort());
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/(stories|products|creators)\/[a-z0-9_-]+\.svg$/);
      expect(existsSync(mediaPath(url)), `${url} exists (run npx tsx scripts/generate-media.ts)`).toBe(true);
    }
    for (const s of STORIES) expect(s.image_url).toBe(`/media/stories/${s.id}.svg`);
    for (const url of figureImageUrls()) {
      expect(url).toMatch(/^\/media\/stories\/[a-z0-9_-]+\.svg$/);
      expect(existsSync(mediaPath(url)), `${url} exists (run npx tsx scripts/generate-media.ts)`).toBe(true);
    }
    for (const p of PRODUCTS) if (p.image_url) expect(p.image_url).toBe(`/media/products/${p.id}.svg`);
    for (const c of CREATORS) if (c.image_url) expect(c.image_url).toBe(`/media/creators/${c.id}.svg`);
  });

  it("draws small, self-contained, accessible SVGs", () => {
    for (const url of [...allImageUrls(), ...figureImageUrls()]) {
      const path = mediaPath(url);
      const text = readFileSync(path, "utf8");
      expect(statSync(path).size).toBeLessThan(6 * 1024);
      expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(text).toMatch(/<title>[^<]+<\/title>/);
      expect(text).not.toMatch(/<script|href=|url\(http|@import|\bon[a-z]+=/i);
    }
  });
});
