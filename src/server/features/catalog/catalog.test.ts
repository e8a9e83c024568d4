import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCTS, SAMPLE_STORIES, STORIES } from "../../db/seed/content.js";
import { insertMedia, insertProduct, insertStory, insertUser } from "../../db/seed/factories.js";
import { createTestApp, okBody, type TestApp } from "../../test/harness.js";
import type { Product, Story, StoryDetail } from "../../../common/api/catalog.js";
import type { ApiErrorBody as ErrorBody } from "../../../common/api/error.js";
import type { Page } from "../../../common/api/paging.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t?.close();
});

async function getJson<T>(path: string, status = 200): Promise<T> {
  const res = await t.request(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

/** Follows next_cursor from the first page to the last, returning every item and the page count. */
async function pageThrough<T>(path: string): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const page: Page<T> = await getJson<Page<T>>(cursor ? `${path}${sep}cursor=${cursor}` : path);
    items.push(...page.items);
    cursor = page.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { items, pages };
}

const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** Story order of the API: date newest first, undated last, then id descending. */
const STORY_ORDER = [...STORIES]
  .sort((a, b) => {
    if (a.date === b.date) return desc(a.id, b.id);
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return desc(a.date, b.date);
  })
  .map((s) => s.id);

/** The seed gives every product the same created_at, so the id decides (descending). */
const productIds = (filter: (p: (typeof PRODUCTS)[number]) => boolean) =>
  PRODUCTS.filter(filter)
    .map((p) => p.id)
    .sort(desc);

describe("GET /api/stories", () => {
  it("returns every story exactly once, newest first, undated last, with any page size", async () => {
    for (const limit of [1, 3, 5, 16, 24]) {
      const { items, pages } = await pageThrough<Story>(`/api/stories?limit=${limit}`);
      expect(items.map((s) => s.id)).toEqual(STORY_ORDER);
      expect(pages).toBe(Math.max(1, Math.ceil(STORIES.length / limit)));
    }
    const { items } = await pageThrough<Story>("/api/stories?limit=4");
    expect(items.at(-1)).toMatchObject({ id: "story-unfinished-mural", date: null });
    expect(items.slice(0, -1).every((s) => s.date !== null)).toBe(true);
  });

  it("defaults to 24 per page and says when there is no next page", async () => {
    const page = await okBody(await t.api.api.stories.$get({ query: {} }));
    expect(page.items).toHaveLength(STORIES.length);
    expect(page.next_cursor).toBeNull();
  });

  it("shows a story's fields with an ISO date", async () => {
    const page = await getJson<Page<Story>>("/api/stories?limit=1");
    expect(page.items[0]).toEqual({
      id: "story-marquee-letters",
      title: "Marquee Letters",
      description: expect.stringContaining("MAYBE"),
      city: "Las Vegas",
      date: "2025-09-08T12:00:00.000Z",
      image_url: "/media/stories/story-marquee-letters.svg",
      cover: null,
      has_page: false,
      creator: null,
      comment_count: 0,
    });
    expect(page.next_cursor).toEqual(expect.any(String));
  });

  it("is public and revalidated every time (a creator who publishes is sent here next)", async () => {
    const res = await t.request("/api/stories");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("GET /api/stories/:id", () => {
  it("returns one story with a page: its body, its author and its own date", async () => {
    const story = await okBody(await t.api.api.stories[":id"].$get({ param: { id: "story-big-letters-small-shops" } }));
    expect(story).toMatchObject({
      id: "story-big-letters-small-shops",
      city: "Chicago",
      date: "2025-07-19T12:00:00.000Z",
      published_at: "2025-07-19T12:00:00.000Z",
      has_page: true,
      creator: { id: "maya_lopez", artist_name: "Maya Lopez" },
    });
    expect(story.body).toContain("## Enamel and patience");
  });

  it("answers 404 for a story without a body: the spec's sample cards have no page ('Coming Soon')", async () => {
    const listed = await getJson<Page<Story>>("/api/stories?limit=100");
    const samples = listed.items.filter((s) => !s.has_page);
    expect(samples.map((s) => s.id).sort()).toEqual(SAMPLE_STORIES.map((s) => s.id).sort());
    for (const sample of samples) {
      const body = await getJson<ErrorBody>(`/api/stories/${sample.id}`, 404);
      expect(body.error.code).toBe("NOT_FOUND");
    }
    // Every story with a page answers.
    for (const story of listed.items.filter((s) => s.has_page)) await getJson<Story>(`/api/stories/${story.id}`);
  });

  it("names the uploads its body shows, with their size and variants; a sample story's pictures are its own files", async () => {
    const { user } = await insertUser(t.database);
    const shown = await insertMedia(t.database, { owner_id: user.id, width: 1200, height: 800, widths: "[320,640,1024]" });
    const story = await insertStory(t.database, {
      id: "story-with-pictures",
      body: `A picture:\n\n![The press](/media/u/${shown.hash}/640.jpg)\n\n![Gone](/media/u/${"f".repeat(32)}/640.jpg)\n\nAgain: ![x](/media/u/${shown.hash}/320.webp)`,
    });
    const detail = await getJson<StoryDetail>(`/api/stories/${story.id}`);
    expect(detail.images).toEqual([
      expect.objectContaining({ id: shown.id, width: 1200, height: 800, src: `/media/u/${shown.hash}/1024.jpg` }),
    ]);
    expect((await getJson<StoryDetail>("/api/stories/story-gerald-turns-ten")).images).toEqual([]);
  });

  it("answers 404 for an unknown id", async () => {
    const body = await getJson<ErrorBody>("/api/stories/story-nope", 404);
    expect(body.error.code).toBe("NOT_FOUND");
  });
});

describe("GET /api/products", () => {
  it("filters by kind", async () => {
    const merch = await okBody(await t.api.api.products.$get({ query: { kind: "merch", limit: "100" } }));
    expect(merch.items.map((p) => p.id)).toEqual(productIds((p) => p.kind === "merch"));
    expect(merch.next_cursor).toBeNull();
    const artifacts = await getJson<Page<Product>>("/api/products?kind=artifact&limit=100");
    expect(artifacts.items.map((p) => p.id)).toEqual(productIds((p) => p.kind === "artifact"));
    const all = await getJson<Page<Product>>("/api/products?limit=100");
    expect(all.items.map((p) => p.id)).toEqual(productIds(() => true));
  });

  it("filters by story, with and without a kind", async () => {
    const page = await getJson<Page<Product>>("/api/products?story=story-neon-bakery");
    expect(page.items.map((p) => p.id)).toEqual(["prod-neon-bakery-tee", "prod-neon-bakery-print"]);
    expect(page.items.every((p) => p.story?.id === "story-neon-bakery")).toBe(true);
    const artifacts = await getJson<Page<Product>>("/api/products?kind=artifact&story=story-neon-bakery");
    expect(artifacts.items.map((p) => p.id)).toEqual(["prod-neon-bakery-print"]);
    const none = await getJson<Page<Product>>("/api/products?kind=artifact&story=story-nope");
    expect(none).toEqual({ items: [], next_cursor: null });
  });

  it("filters by category", async () => {
    const music = await getJson<Page<Product>>("/api/products?kind=artifact&category=music");
    expect(music.items.map((p) => p.id)).toEqual(productIds((p) => p.kind === "artifact" && p.category === "music"));
    expect(music.items.length).toBeGreaterThan(0);
    const none = await getJson<Page<Product>>("/api/products?kind=artifact&category=clothing");
    expect(none.items).toEqual([]);
    const clothing = await getJson<Page<Product>>("/api/products?category=clothing&limit=100");
    expect(clothing.items.map((p) => p.id)).toEqual(productIds((p) => p.category === "clothing"));
  });

  it("searches title and description case-insensitively, non-ASCII letters included", async () => {
    const ids = async (q: string, kind = "") => {
      const page = await getJson<Page<Product>>(
        `/api/products?q=${encodeURIComponent(q)}${kind ? `&kind=${kind}` : ""}`,
      );
      return page.items.map((p) => p.id);
    };
    expect(await ids("SEÑORA")).toEqual(["prod-cafe-senora-mug"]);
    expect(await ids("café", "artifact")).toEqual(["prod-cafe-senora-mug"]);
    expect(await ids("  Café Señora  ")).toEqual(["prod-cafe-senora-mug"]);
    expect(await ids("CAFÉ", "merch")).toEqual([]);
    // Only in the description.
    expect(await ids("FINGERTIPS")).toEqual(["prod-basement-press-poem-card"]);
    // Title or description, in list order.
    expect(await ids("zine")).toEqual(
      productIds((p) => /zine/i.test(p.title) || /zine/i.test(p.description)),
    );
    expect(await ids("no such thing anywhere")).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await ids("%")).toEqual([]);
    expect(await ids("_")).toEqual([]);
    // Empty (after trimming) means no search.
    expect((await ids("   ", "merch")).length).toBe(productIds((p) => p.kind === "merch").length);
  });

  it("pages without duplicates or gaps, in a stable order", async () => {
    const expected = productIds((p) => p.kind === "artifact");
    const first = await pageThrough<Product>("/api/products?kind=artifact&limit=3");
    expect(first.items.map((p) => p.id)).toEqual(expected);
    expect(first.pages).toBe(Math.ceil(expected.length / 3));
    const again = await pageThrough<Product>("/api/products?kind=artifact&limit=3");
    expect(again.items.map((p) => p.id)).toEqual(expected);

    const all = await pageThrough<Product>("/api/products?limit=3");
    expect(all.items.map((p) => p.id)).toEqual(productIds(() => true));
    expect(new Set(all.items.map((p) => p.id)).size).toBe(PRODUCTS.length);

    const searched = await pageThrough<Product>("/api/products?q=the&limit=2");
    expect(searched.items.map((p) => p.id)).toEqual(
      productIds((p) => /the/i.test(p.title) || /the/i.test(p.description)),
    );
  });

  it("shapes a product for the card and the modal", async () => {
    const page = await getJson<Page<Product>>("/api/products?kind=merch&limit=100");
    const tee = page.items.find((p) => p.id === "prod-maybe-logo-tee");
    expect(tee).toEqual({
      id: "prod-maybe-logo-tee",
      kind: "merch",
      title: "MAYBE Logo Tee",
      name: "MAYBE Logo Tee",
      description: expect.stringContaining("MAYBE logo"),
      category: "clothing",
      price_cents: 2800,
      price: "$28.00",
      stock: 42,
      stock_count: 42,
      limited_edition: false,
      image_url: "/media/products/prod-maybe-logo-tee.svg",
      images: [],
      story: null,
      stories: [],
      creator: null,
      drops_at: null,
      limit_per_buyer: null,
      edition_size: null,
      // The sample tees come in S to XL, the stock shared out 2:3:3:2 (seed/content.ts sampleSizes).
      variants: [
        { id: "prod-maybe-logo-tee.s", size: "S", stock: 8 },
        { id: "prod-maybe-logo-tee.m", size: "M", stock: 13 },
        { id: "prod-maybe-logo-tee.l", size: "L", stock: 13 },
        { id: "prod-maybe-logo-tee.xl", size: "XL", stock: 8 },
      ],
    });
    const socks = page.items.find((p) => p.id === "prod-maybe-not-socks");
    expect(socks).toMatchObject({ price: "$14.00", image_url: null });
  });

  it("shows a sold-out product with stock 0", async () => {
    const product = await getJson<Product>("/api/products/prod-neon-bakery-tee");
    expect(product).toMatchObject({
      stock: 0,
      stock_count: 0,
      limited_edition: true,
      price: "$30.00",
      story: { id: "story-neon-bakery", title: "The Neon Bakery After Midnight" },
    });
  });

  it("is public, and revalidated by browsers every time: a hidden product must leave them at once", async () => {
    const res = await t.request("/api/products?kind=artifact");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await t.request("/api/products?kind=artifact", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });
});

describe("GET /api/products/:id", () => {
  it("returns one product", async () => {
    const mug = await getJson<Product>("/api/products/prod-cafe-senora-mug");
    expect(mug).toMatchObject({
      title: "Café Señora Enamel Mug",
      name: "Café Señora Enamel Mug",
      price: "$24.00",
      story: { id: "story-cafe-senora", title: "Café Señora Keeps the Lights On" },
    });
  });

  it("answers 404 for an unknown id", async () => {
    const body = await getJson<ErrorBody>("/api/products/prod-nope", 404);
    expect(body.error.code).toBe("NOT_FOUND");
  });
});

describe("the typed client", () => {
  it("knows each route's path, parameters and answer from the app's type", async () => {
    const facets = await okBody(await t.api.api.products.facets.$get({ query: { kind: "artifact" } }));
    expect(facets.categories).toContain("art");
    // Never called: each line is a typecheck failure, which @ts-expect-error requires.
    const mistakes = () => [
      // @ts-expect-error: the store has no `type` filter; it is `kind`
      t.api.api.products.$get({ query: { type: "merch" } }),
      // @ts-expect-error: kind is merch or artifact
      t.api.api.products.$get({ query: { kind: "poster" } }),
      // @ts-expect-error: there is no /api/product route
      t.api.api.product.$get(),
      // @ts-expect-error: the path parameter is `id`
      t.api.api.products[":id"].$get({ param: { productId: "x" } }),
    ];
    expect(mistakes).toBeTypeOf("function");
  });
});

describe("GET /api/products/facets", () => {
  const storiesWith = (kind?: string) =>
    STORY_ORDER.filter((id) => PRODUCTS.some((p) => p.story_id === id && (!kind || p.kind === kind))).map((id) => ({
      id,
      title: STORIES.find((s) => s.id === id)!.title,
    }));

  it("lists the categories present, in the fixed order, and the stories with products", async () => {
    const artifact = await getJson<{ categories: string[]; stories: { id: string; title: string }[] }>(
      "/api/products/facets?kind=artifact",
    );
    expect(artifact.categories).toEqual(["art", "music", "video", "other"]);
    expect(artifact.stories).toEqual(storiesWith("artifact"));
    const merch = await getJson<{ categories: string[]; stories: unknown[] }>("/api/products/facets?kind=merch");
    expect(merch.categories).toEqual(["clothing"]);
    expect(merch.stories).toEqual(storiesWith("merch"));
    const all = await getJson<{ categories: string[]; stories: unknown[] }>("/api/products/facets");
    expect(all.categories).toEqual(["clothing", "art", "music", "video", "other"]);
    expect(all.stories).toEqual(storiesWith());
  });
});

describe("bad parameters", () => {
  const storyCursor = (key: unknown, id: unknown) => Buffer.from(JSON.stringify([key, id])).toString("base64url");
  const cases: [string, string][] = [
    ["/api/products?kind=shoes", "kind"],
    ["/api/products?kind=merch&kind=artifact", "kind"],
    ["/api/products?limit=0", "limit"],
    ["/api/products?limit=1000", "limit"],
    ["/api/products?limit=2.5", "limit"],
    ["/api/products?limit=abc", "limit"],
    ["/api/products?cursor=garbage", "cursor"],
    ["/api/products?cursor=" + storyCursor("2025-02-30T12:00:00.000Z", "x"), "cursor"],
    ["/api/products?cursor=" + storyCursor("0000-01-01T00:00:00.000Z", "x"), "cursor"],
    // An undated story's cursor cannot point into the product list.
    ["/api/products?cursor=" + storyCursor(null, "x"), "cursor"],
    ["/api/products?cursor=" + storyCursor("2025-01-01T00:00:00.000Z", 7), "cursor"],
    ["/api/products?category=nope", "category"],
    [`/api/products?q=${"a".repeat(101)}`, "q"],
    ["/api/products/facets?kind=shoes", "kind"],
    ["/api/stories?limit=0", "limit"],
    ["/api/stories?limit=101", "limit"],
    ["/api/stories?cursor=%%%", "cursor"],
    ["/api/stories?cursor=" + Buffer.from("{}").toString("base64url"), "cursor"],
    [`/api/products/${"x".repeat(201)}`, "id"],
    // PostgreSQL refuses NUL in text: it must be a 400 here, not a 500 from the database.
    ["/api/products?q=a%00b", "q"],
    ["/api/products?story=a%00b", "story"],
    ["/api/products/a%00b", "id"],
    ["/api/stories/a%00b", "id"],
    ["/api/products?cursor=" + storyCursor("2025-01-01T00:00:00.000Z", "a\u0000b"), "cursor"],
  ];

  it.each(cases)("%s → 400 naming %s", async (path, field) => {
    const body = await getJson<ErrorBody>(path, 400);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields?.[field]).toEqual(expect.any(String));
  });

  it("accepts the edges of the ranges", async () => {
    await getJson(`/api/products?q=${"a".repeat(100)}`);
    await getJson("/api/products?limit=100");
    await getJson("/api/stories?limit=1&cursor=");
    await getJson("/api/stories?cursor=" + storyCursor(null, "zzz"));
  });
});

describe("OpenAPI", () => {
  it("documents every catalog route with named schemas", async () => {
    const doc = await getJson<{
      paths: Record<string, { get?: { tags?: string[] } }>;
      components: { schemas: Record<string, unknown> };
    }>("/api/openapi.json");
    for (const path of ["/api/stories", "/api/stories/{id}"]) expect(doc.paths[path]?.get?.tags).toEqual(["Stories"]);
    for (const path of ["/api/products", "/api/products/{id}", "/api/products/facets"]) {
      expect(doc.paths[path]?.get?.tags).toEqual(["Store"]);
    }
    for (const name of ["Story", "StoryPage", "Product", "ProductPage", "ProductFacets", "StoryRef"]) {
      expect(doc.components.schemas[name]).toBeDefined();
    }
  });
});

// Last: it adds rows. PostgreSQL keeps microseconds (now() gives them), so products created within
// one millisecond are distinct instants there; the cursor must keep that precision.
describe("cursor precision", () => {
  it("pages through products whose created_at differ by microseconds, and through ties", async () => {
    // Newest first: 6 microseconds apart, except two that share an instant (then id descending).
    const micros = [6, 5, 4, 4, 2, 1];
    const ids = micros.map((_, i) => `prod-precision-${i}`);
    await insertProduct(
      t.database,
      ids.map((id, i) => ({
        id,
        kind: "artifact",
        category: "other",
        title: `Precision probe ${i}`,
        description: "Inserted by the test.",
        price_cents: 100,
        stock: 1,
        created_at: `2099-01-01T00:00:00.00000${micros[i]}Z`,
      })),
    );
    const expected = ["prod-precision-0", "prod-precision-1", "prod-precision-3", "prod-precision-2", "prod-precision-4", "prod-precision-5"];
    try {
      for (const limit of [1, 2, 4]) {
        const { items } = await pageThrough<Product>(`/api/products?kind=artifact&q=precision%20probe&limit=${limit}`);
        expect(items.map((p) => p.id)).toEqual(expected);
      }
      // They are newer than the seed, so they open the unfiltered list too.
      const { items } = await pageThrough<Product>("/api/products?kind=artifact&limit=1");
      expect(items.slice(0, 6).map((p) => p.id)).toEqual(expected);
      expect(items).toHaveLength(expected.length + productIds((p) => p.kind === "artifact").length);
    } finally {
      await t.database.db.deleteFrom("product").where("id", "in", ids).execute();
    }
  });
});
