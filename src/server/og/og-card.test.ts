import { resolve } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Product } from "../../common/api/catalog.js";
import type { MediaStore } from "../media/store.js";
import { OG_HEIGHT, OG_WIDTH, ogImageBox, ogVersion, renderOgCard, type OgCard, type OgCardInput } from "./og-card.js";
import { ogFonts } from "./og-fonts.js";
import { isLocalImagePath, loadCardImage } from "./og-image-source.js";
import { createOgImages } from "./og-images.js";
import { creatorOgCard, ogImagePath, productOgCard, siteOgCard, siteOgImagePath, storyOgCard } from "./og-items.js";
import { pngSize } from "./og.fixtures.js";

const SEED_DIR = resolve("media");
/** No uploads in these tests: every store lookup finds nothing. */
const noUploads = { get: () => Promise.resolve(undefined) } as unknown as MediaStore;

const product: Pick<Product, "title" | "price" | "category" | "image_url" | "creator" | "story" | "stock"> = {
  title: "Café Señora Enamel Mug",
  price: "$24.00",
  category: "other",
  image_url: "/media/products/prod-cafe-senora-mug.svg",
  creator: { id: "rosa_benitez", artist_name: "Rosa Benitez" },
  story: null,
  stock: 5,
};

describe("renderOgCard", () => {
  it("draws a 1200 × 630 PNG, with or without a picture, whatever the title's length", async () => {
    const picture = await loadCardImage(product.image_url!, ogImageBox("product"), { media: noUploads, seedDir: SEED_DIR });
    expect(picture).toBeDefined();
    const cards: OgCardInput[] = [
      { ...productOgCard(product), imageBytes: picture },
      { kind: "story", title: "Łódź ".repeat(60), subtitle: "by " + "Someone ".repeat(40), detail: "x".repeat(300) },
      { ...siteOgCard() },
      { kind: "creator", title: "", imageBytes: new Uint8Array([1, 2, 3]) },
      { kind: "story", title: "東京 🎉", subtitle: "\u0000\n", detail: "" },
    ];
    for (const card of cards) {
      const png = await renderOgCard(card);
      expect(pngSize(png)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
      expect((await sharp(png).metadata()).format).toBe("png");
    }
  });

  it("shows the picture in the panel, cropped to it", async () => {
    const red = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#e01010" } }).jpeg().toBuffer();
    const png = await renderOgCard({ kind: "story", title: "Red", imageBytes: new Uint8Array(red) });
    const { data } = await sharp(png).extract({ left: 950, top: 315, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(40);
  });
});

describe("ogFonts", () => {
  it("leaves out what no loaded face can draw, and control characters", async () => {
    const { drawable, fonts } = await ogFonts();
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    expect(drawable("Łódź Việt  東京 night 🎉 Ærø\u0007!")).toBe("Łódź Việt night Ærø !");
  });
});

describe("ogVersion", () => {
  const base: OgCard = { kind: "product", title: "Hoodie", subtitle: "by Maya Lopez", detail: "$48.00 · Clothing", image: "/media/products/a.svg" };

  it("is the same for the same card and short enough for a URL", () => {
    expect(ogVersion({ ...base })).toBe(ogVersion(base));
    expect(ogVersion(base)).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });

  it("changes with every field the card shows and with the picture", () => {
    const versions = new Set([
      ogVersion(base),
      ogVersion({ ...base, title: "Hoodie!" }),
      ogVersion({ ...base, subtitle: undefined }),
      ogVersion({ ...base, detail: "$49.00 · Clothing" }),
      ogVersion({ ...base, image: "/media/products/b.svg" }),
      ogVersion({ ...base, kind: "story" }),
    ]);
    expect(versions.size).toBe(6);
  });

  it("changes when a product's price or title changes, or when it sells out, not with each sale", () => {
    const card = productOgCard(product);
    expect(ogVersion(productOgCard({ ...product, price: "$26.00" }))).not.toBe(ogVersion(card));
    expect(ogVersion(productOgCard({ ...product, title: "Mug" }))).not.toBe(ogVersion(card));
    expect(ogVersion(productOgCard({ ...product, stock: product.stock + 7 }))).toBe(ogVersion(card));
    const soldOut = productOgCard({ ...product, stock: 0 });
    expect(soldOut.detail).toBe("Sold out · $24.00 · Other");
    expect(ogVersion(soldOut)).not.toBe(ogVersion(card));
  });
});

describe("cards of the public rows", () => {
  it("name a story's author and city, a creator's disciplines and place, a product's price and category", () => {
    expect(storyOgCard({ title: "Night Press", city: "Chicago", image_url: "/media/stories/story-basement-press.svg", creator: { id: "m", artist_name: "Maya Lopez" } })).toEqual({
      kind: "story",
      title: "Night Press",
      subtitle: "by Maya Lopez",
      detail: "Chicago",
      image: "/media/stories/story-basement-press.svg",
    });
    const creator = creatorOgCard({ artist_name: "Maya Lopez", disciplines: ["visual_art", "music"], city: "Chicago", state: "IL", avatar: null, profile_image_url: "/media/creators/maya_lopez.svg" });
    expect(creator).toMatchObject({ title: "Maya Lopez", subtitle: "Visual Art · Music", detail: "Chicago, IL", image: "/media/creators/maya_lopez.svg" });
    expect(productOgCard(product)).toMatchObject({ subtitle: "by Rosa Benitez", detail: "$24.00 · Other" });
  });

  it("leave out pictures from other hosts (never fetched), so they do not name the card", () => {
    const card = creatorOgCard({ artist_name: "A B", disciplines: [], city: "", state: "", avatar: null, profile_image_url: "https://elsewhere.example/me.png" });
    expect(card.image).toBeUndefined();
    expect(card.subtitle).toBeUndefined();
    expect(card.detail).toBeUndefined();
  });

  it("link /og/<kind>/<id>.png?v=<version>", () => {
    const card = productOgCard(product);
    expect(ogImagePath("product", "prod-a b", card)).toBe(`/og/product/prod-a%20b.png?v=${ogVersion(card)}`);
    expect(() => ogImagePath("story", "x", card)).toThrow();
    expect(siteOgImagePath()).toBe(`/og/site.png?v=${ogVersion(siteOgCard())}`);
  });
});

describe("loadCardImage", () => {
  const options = { media: noUploads, seedDir: SEED_DIR };

  it("scales a sample picture whole into the box, or crops it to fill a creator's portrait, as a JPEG", async () => {
    // 1600 × 1000 and 800 × 1000 drawings: as large as fits, their proportions kept.
    for (const [kind, path, ratio] of [
      ["story", "/media/stories/story-neon-bakery.svg", 1600 / 1000],
      ["product", "/media/products/prod-cafe-senora-mug.svg", 800 / 1000],
    ] as const) {
      const box = ogImageBox(kind);
      const meta = await sharp(await loadCardImage(path, box, options)).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width <= box.width && meta.height <= box.height).toBe(true);
      expect(meta.width === box.width || meta.height === box.height).toBe(true);
      expect(Math.abs(meta.width - meta.height * ratio)).toBeLessThanOrEqual(1.5);
    }
    const portraitBox = ogImageBox("creator");
    const portrait = await sharp(await loadCardImage("/media/stories/story-neon-bakery.svg", portraitBox, options)).metadata();
    expect(portrait).toMatchObject({ width: portraitBox.width, height: portraitBox.height });
  });

  it("reads nothing outside this site's media", async () => {
    for (const path of ["https://example.com/a.jpg", "/media/../package.json", "/media/stories/../../package.json", "/etc/passwd", "/media/u/../../x.jpg", "//example.com/a.svg", "/media/stories/missing.svg"]) {
      expect(await loadCardImage(path, { width: 10, height: 10, fit: "cover" }, options)).toBeUndefined();
    }
    expect(isLocalImagePath("/media/u/0123456789abcdef0123456789abcdef/640.jpg")).toBe(true);
    expect(isLocalImagePath("/media/stories/../x.svg")).toBe(false);
  });
});

describe("createOgImages", () => {
  const card: OgCard = { kind: "site", title: "T" };
  const fake = (size: number, delay = 0) => {
    let renders = 0;
    let running = 0;
    let most = 0;
    const render = async () => {
      renders += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, delay));
      running -= 1;
      return new Uint8Array(size);
    };
    return { render, counts: () => ({ renders, most }) };
  };

  it("renders a key once for requests that arrive together, then answers from memory", async () => {
    const f = fake(10, 20);
    const images = createOgImages({ media: noUploads, seedDir: SEED_DIR, render: f.render });
    const all = await Promise.all([1, 2, 3, 4].map(() => images.png("site:v1", card)));
    expect(new Set(all).size).toBe(1);
    await images.png("site:v1", card);
    expect(f.counts().renders).toBe(1);
    expect(images.stats()).toMatchObject({ renders: 1, joined: 3, hits: 1, entries: 1, bytes: 10 });
  });

  it("keeps at most maxEntries and maxBytes, the least recently used out first", async () => {
    const f = fake(100);
    const images = createOgImages({ media: noUploads, seedDir: SEED_DIR, render: f.render, maxEntries: 2, maxBytes: 1000 });
    await images.png("a", card);
    await images.png("b", card);
    await images.png("a", card); // a is now the most recent
    await images.png("c", card); // b goes
    expect(images.stats()).toMatchObject({ entries: 2, bytes: 200 });
    await images.png("a", card);
    expect(f.counts().renders).toBe(3);
    await images.png("b", card);
    expect(f.counts().renders).toBe(4);

    const small = createOgImages({ media: noUploads, seedDir: SEED_DIR, render: fake(100).render, maxBytes: 850 });
    for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9"]) await small.png(key, card);
    expect(small.stats().bytes).toBeLessThanOrEqual(850);
    // An image above an eighth of the budget is answered but not kept.
    const huge = createOgImages({ media: noUploads, seedDir: SEED_DIR, render: fake(200).render, maxBytes: 800 });
    await huge.png("x", card);
    expect(huge.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("runs at most `concurrency` renders at once, and a failed render is tried again next time", async () => {
    const f = fake(1, 15);
    const images = createOgImages({ media: noUploads, seedDir: SEED_DIR, render: f.render, concurrency: 2 });
    await Promise.all(["a", "b", "c", "d", "e"].map((k) => images.png(k, card)));
    expect(f.counts()).toEqual({ renders: 5, most: 2 });

    let fail = true;
    const flaky = createOgImages({
      media: noUploads,
      seedDir: SEED_DIR,
      render: async () => {
        if (fail) throw new Error("boom");
        return new Uint8Array(1);
      },
    });
    await expect(flaky.png("k", card)).rejects.toThrow("boom");
    fail = false;
    await expect(flaky.png("k", card)).resolves.toHaveLength(1);
  });
});
