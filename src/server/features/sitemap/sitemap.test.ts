/**
 * /sitemap.xml and /robots.txt: the sitemap lists exactly the public pages, with absolute URLs and
 * each item's last change, is cached, and follows the writes that change what is public (the
 * studio's publish, the curators' hide and suspend) on the very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudioStory } from "../../../common/api/studio.js";
import { insertStory } from "../../db/seed/factories.js";
import { toIso } from "../../db/dialect.js";
import { createTestApp, ORIGIN, type TestApp } from "../../test/harness.js";
import { staffKit, type Person } from "../admin/admin.fixtures.js";
import { escapeXml, renderRobots, renderSitemap, SITEMAP_STATIC_PATHS, sitemapUrls } from "./sitemap.router.js";

let t: TestApp;
const h = staffKit(() => t);
let curator: Person;

beforeAll(async () => {
  t = await createTestApp();
  curator = await h.person("curator");
});
afterAll(async () => {
  await t?.close();
});

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(\w+);/g, (_, name: string) => ENTITIES[name]!);
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

/**
 * A small well-formedness check for the XML the sitemap writes (no DTD, comments, CDATA or
 * processing instructions but the declaration): every tag closed in order, one root, attributes
 * quoted, `&` only in the five predefined entities, no stray `<` or `>`. Returns the tree.
 */
function parseXml(xml: string): Element {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error("no XML declaration");
  const checkText = (text: string) => {
    if (/[<>]/.test(text)) throw new Error(`stray markup in text: ${text}`);
    if (/&(?!(?:amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`unescaped & in: ${text}`);
    return unescape(text);
  };
  const stack: Element[] = [];
  let root: Element | undefined;
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = declaration[0].length;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 40)}`);
    const [, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) {
      const value = checkText(text);
      if (stack.length === 0) {
        if (value.trim()) throw new Error(`text outside the root: ${value}`);
      } else stack.at(-1)!.text += value;
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attributeText!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[key!] = checkText(value!);
    const element: Element = { name: name!, attributes, children: [], text: "" };
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else if (root) throw new Error("a second root element");
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (!root || stack.length > 0) throw new Error("unclosed elements");
  return root;
}

interface Listed {
  loc: string;
  lastmod?: string;
}

async function sitemap(headers: Record<string, string> = {}) {
  const res = await t.request("/sitemap.xml", { headers });
  expect(res.status).toBe(200);
  const body = await res.text();
  const root = parseXml(body);
  expect(root.name).toBe("urlset");
  expect(root.attributes.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const urls: Listed[] = root.children.map((url) => {
    expect(url.name).toBe("url");
    const loc = url.children.find((c) => c.name === "loc")?.text;
    const lastmod = url.children.find((c) => c.name === "lastmod")?.text;
    expect(loc).toBeDefined();
    return lastmod === undefined ? { loc: loc! } : { loc: loc!, lastmod };
  });
  return { res, body, urls, locs: urls.map((u) => u.loc) };
}

const storyUrl = (id: string) => `${ORIGIN}/stories/${encodeURIComponent(id)}`;
const creatorUrl = (id: string) => `${ORIGIN}/creators/${encodeURIComponent(id)}`;
const productUrl = (id: string) => `${ORIGIN}/store?productId=${encodeURIComponent(id)}`;
/** As the sitemap writes a timestamp: to the second, UTC. */
const w3c = (stamp: Date | string) => toIso(stamp)!.replace(/\.\d+Z$/, "Z");

describe("GET /sitemap.xml", () => {
  it("is a well-formed sitemap of the fixed pages and every public story, creator and product, each item with its lastmod", async () => {
    const owner = await h.creator("Sita");
    const story = await h.story(owner.creatorId, { created_at: "2002-03-04T05:06:07.000Z", updated_at: "2003-04-05T06:07:08.123Z" });
    const product = await h.product(owner.creatorId, { created_at: "2004-05-06T07:08:09.000Z" });
    const { joined } = await t.database.db.selectFrom("creator").select("joined").where("id", "=", owner.creatorId!).executeTakeFirstOrThrow();

    const { res, urls } = await sitemap();
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");

    // The fixed pages come first, absolute, without a lastmod (nothing dates them).
    expect(urls.slice(0, SITEMAP_STATIC_PATHS.length)).toEqual(SITEMAP_STATIC_PATHS.map((path) => ({ loc: `${ORIGIN}${path}` })));
    // The latest of the story's times (saved after it was published), the product's creation, the creator's joining.
    expect(urls).toContainEqual({ loc: storyUrl(story.id), lastmod: "2003-04-05T06:07:08Z" });
    expect(urls).toContainEqual({ loc: productUrl(product.id), lastmod: "2004-05-06T07:08:09Z" });
    expect(urls).toContainEqual({ loc: creatorUrl(owner.creatorId!), lastmod: w3c(joined) });
    for (const { loc, lastmod } of urls) {
      expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
      if (lastmod !== undefined) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
  });

  it("lists only what the public API shows: no draft, no story without a page, nothing hidden", async () => {
    const owner = await h.creator("Noor");
    const draft = await h.story(owner.creatorId, { status: "draft" });
    const comingSoon = await h.story(owner.creatorId, { body: "" });
    const hiddenStory = await h.story(owner.creatorId, { hidden_at: "2020-01-01T00:00:00.000Z" });
    const hiddenProduct = await h.product(owner.creatorId, { hidden_at: "2020-01-01T00:00:00.000Z" });
    const { locs } = await sitemap();
    for (const id of [draft.id, comingSoon.id, hiddenStory.id]) expect(locs).not.toContain(storyUrl(id));
    expect(locs).not.toContain(productUrl(hiddenProduct.id));
    // Each of them is a 404 on the public API too: one rule, a story without a body has no page.
    for (const id of [draft.id, comingSoon.id, hiddenStory.id]) expect((await t.request(`/api/stories/${id}`)).status).toBe(404);
    // And every story the sitemap lists has one.
    for (const loc of locs.filter((l) => l.startsWith(`${ORIGIN}/stories/`))) {
      expect((await t.request(`/api/stories/${loc.slice(`${ORIGIN}/stories/`.length)}`)).status, loc).toBe(200);
    }
    expect((await t.request(`/api/products/${hiddenProduct.id}`)).status).toBe(404);
  });

  it("is answered from the cache, with an ETag, until a write changes it", async () => {
    await h.story(null);
    const first = await sitemap();
    const second = await sitemap();
    expect(second.res.headers.get("x-cache")).toBe("hit");
    expect(second.body).toBe(first.body);
    const etag = second.res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const revalidated = await t.request("/sitemap.xml", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
    // The security headers and request id come with a hit as with any answer.
    expect(second.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.res.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers HEAD without a body", async () => {
    const res = await t.request("/sitemap.xml", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await res.text()).toBe("");
  });

  it("lists a story published in the studio on the next request, and never its draft", async () => {
    const owner = await h.creator("Ines");
    await sitemap();
    const draft = await h.ok<StudioStory>(
      owner,
      "POST",
      "/api/studio/stories",
      { title: "Night shift", city: "Chicago", date: "2026-03-14", description: "The presses start at one.", body: "## After midnight\n\nWords." },
      201,
    );
    const warm = await sitemap();
    expect(warm.res.headers.get("x-cache")).toBe("hit");
    expect(warm.locs).not.toContain(storyUrl(draft.id));

    const published = await h.ok<StudioStory>(owner, "POST", `/api/studio/stories/${draft.id}/publish`, { version: draft.version });
    const after = await sitemap();
    expect(after.res.headers.get("x-cache")).toBe("miss");
    expect(after.urls).toContainEqual({ loc: storyUrl(draft.id), lastmod: w3c(published.published_at!) });

    await h.ok(owner, "POST", `/api/studio/stories/${draft.id}/unpublish`, { version: published.version });
    expect((await sitemap()).locs).not.toContain(storyUrl(draft.id));
  });

  it("drops a story, a product and a creator the curators hide, on the next request", async () => {
    const owner = await h.creator("Hana");
    const story = await h.story(owner.creatorId);
    const product = await h.product(owner.creatorId);
    const before = await sitemap();
    expect(before.locs).toEqual(expect.arrayContaining([storyUrl(story.id), productUrl(product.id), creatorUrl(owner.creatorId!)]));
    expect((await sitemap()).res.headers.get("x-cache")).toBe("hit");

    await h.ok(curator, "POST", `/api/admin/curation/story/${story.id}/hide`, { note: "Off topic" });
    let { locs } = await sitemap();
    expect(locs).not.toContain(storyUrl(story.id));
    expect(locs).toContain(productUrl(product.id));

    await h.ok(curator, "POST", `/api/admin/curation/product/${product.id}/hide`, {});
    ({ locs } = await sitemap());
    expect(locs).not.toContain(productUrl(product.id));
    expect(locs).toContain(creatorUrl(owner.creatorId!));

    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/hide`, {});
    ({ locs } = await sitemap());
    expect(locs).not.toContain(creatorUrl(owner.creatorId!));

    // Shown again: back on the next request.
    await h.ok(curator, "POST", `/api/admin/curation/story/${story.id}/unhide`, {});
    expect((await sitemap()).locs).toContain(storyUrl(story.id));
  });

  it("keeps a hidden creator's stories and products (as their pages do) and drops everything of a suspended one", async () => {
    const owner = await h.creator("Ravi");
    const story = await h.story(owner.creatorId);
    const product = await h.product(owner.creatorId);
    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/hide`, {});
    let { locs } = await sitemap();
    expect(locs).not.toContain(creatorUrl(owner.creatorId!));
    expect(locs).toEqual(expect.arrayContaining([storyUrl(story.id), productUrl(product.id)]));

    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/suspend`, { note: "Spam" });
    ({ locs } = await sitemap());
    expect(locs).not.toContain(storyUrl(story.id));
    expect(locs).not.toContain(productUrl(product.id));
    for (const path of [`/api/stories/${story.id}`, `/api/products/${product.id}`]) expect((await t.request(path)).status).toBe(404);
  });

  it("names items by their escaped ids", async () => {
    const story = await insertStory(t.database, { id: `odd&id<${h.unique()}>`, body: "Text." });
    await t.responseCache.invalidate(["catalog"]);
    const { body, locs } = await sitemap();
    expect(locs).toContain(storyUrl(story.id));
    expect(body).toContain(`/stories/${encodeURIComponent(story.id)}</loc>`);
  });
});

describe("the sitemap's XML", () => {
  it("escapes what XML reserves", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const xml = renderSitemap(
      sitemapUrls("https://maybe.example/x?a=1&b=<2>", {
        stories: [{ id: "s", lastmod: "2024-01-02T03:04:05.678Z" }],
        creators: [],
        products: [{ id: "p 1", lastmod: null }],
      }),
    );
    const root = parseXml(xml);
    const locs = root.children.map((url) => url.children[0]!.text);
    expect(locs).toContain("https://maybe.example/x?a=1&b=<2>/stories/s");
    expect(locs).toContain("https://maybe.example/x?a=1&b=<2>/store?productId=p%201");
    expect(xml).toContain("<loc>https://maybe.example/x?a=1&amp;b=&lt;2&gt;/stories/s</loc><lastmod>2024-01-02T03:04:05Z</lastmod>");
    expect(xml).toContain("<loc>https://maybe.example/x?a=1&amp;b=&lt;2&gt;/store?productId=p%201</loc></url>");
  });

  it("holds at most 50,000 URLs", () => {
    const many = Array.from({ length: 30_000 }, (_, i) => ({ id: String(i), lastmod: null }));
    expect(sitemapUrls(ORIGIN, { stories: many, creators: many, products: [] })).toHaveLength(50_000);
  });
});

describe("GET /robots.txt", () => {
  it("lets crawlers read the site but the API and the signed-in screens, and names the sitemap by its absolute URL", async () => {
    const res = await t.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const lines = (await res.text()).split("\n");
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of ["/api/", "/admin", "/studio", "/settings", "/orders"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(t.config.publicUrl).toBe(ORIGIN);
  });

  it("takes the sitemap's address from the public URL", () => {
    expect(renderRobots("https://maybe.example")).toContain("\nSitemap: https://maybe.example/sitemap.xml\n");
  });
});
