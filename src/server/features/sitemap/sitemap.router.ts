/**
 * GET /sitemap.xml and GET /robots.txt: what search engines are told to read. Both name the site
 * by its configured public address (PUBLIC_URL), which a static file cannot know.
 *
 * - /sitemap.xml (sitemaps.org 0.9) lists the public pages: the fixed ones, then each public
 *   story with a page, creator and product (sitemap.queries.ts), each with the time it last
 *   changed. It is the same for everyone, so the response cache keeps it (ETag/304, gzip) under
 *   the `catalog` and `creators` tags: publishing, hiding or suspending drops it on every
 *   instance, as it drops the API answers those writes change.
 * - /robots.txt lets every crawler read the site but the API and the signed-in screens, and names
 *   the sitemap.
 *
 * Not under /api: no JSON guards and no OpenAPI contract (these are not API answers); the security
 * headers and request id are added to them as to every answer.
 */
import { PAGES, type PageEntry } from "../../../common/pages.js";
import type { AppDeps } from "../../app-deps.js";
import { FIXED_NAME } from "../../lib/precompressed.js";
import type { CacheTag, ResponseCache } from "../../lib/response-cache.js";
import { createRouter } from "../../lib/router.js";
import { listSitemapItems, type SitemapItems } from "./sitemap.queries.js";

/**
 * A sitemap holds at most 50,000 URLs (sitemaps.org). Beyond that the newest are listed and the
 * rest left out; a site that large needs a sitemap index (several files), which is not built yet.
 * A sitemap that large (several MB) is also above what the response cache keeps for one entry
 * (lib/response-cache.ts), so it would be rebuilt on every request.
 */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages that are not an item's, in the order the sitemap lists them. */
export const SITEMAP_STATIC_PATHS: readonly string[] = Object.values(PAGES as Record<string, PageEntry>)
  .filter((page) => page.sitemap)
  .map((page) => page.path);

/** What the sitemap shows: stories and products (catalog), creators (creators). */
export const SITEMAP_TAGS: readonly CacheTag[] = ["catalog", "creators"];

/** Browsers and crawlers may keep it five minutes; the server keeps it until a write changes it. */
const SITEMAP_CACHE_CONTROL = "public, max-age=300";

/** Crawlers read everything but the API and the screens that are one signed-in user's own. */
const ROBOTS_DISALLOWED = ["/api/", "/admin", "/studio", "/settings", "/orders"] as const;

/** Text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[ch]};`);
}

/** A W3C datetime for <lastmod>: to the second, in UTC. */
function w3cDatetime(iso: string): string {
  return iso.replace(/\.\d+Z$/, "Z");
}

export interface SitemapUrl {
  /** Absolute. */
  loc: string;
  /** ISO 8601; left out when unknown. */
  lastmod: string | null;
}

/** Every URL of the sitemap, absolute from `origin` (the public URL, no trailing slash). */
export function sitemapUrls(origin: string, items: SitemapItems): SitemapUrl[] {
  const id = encodeURIComponent;
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ loc: `${origin}${path}`, lastmod: null })),
    ...items.stories.map((story) => ({ loc: `${origin}/stories/${id(story.id)}`, lastmod: story.lastmod })),
    ...items.creators.map((creator) => ({ loc: `${origin}/creators/${id(creator.id)}`, lastmod: creator.lastmod })),
    // A product's page is the store with its modal open (the address the site search links to).
    ...items.products.map((product) => ({ loc: `${origin}/store?productId=${id(product.id)}`, lastmod: product.lastmod })),
  ].slice(0, SITEMAP_MAX_URLS);
}

export function renderSitemap(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${escapeXml(w3cDatetime(lastmod))}</lastmod>` : "";
    return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries,
    `</urlset>`,
    "",
  ].join("\n");
}

export function renderRobots(origin: string): string {
  return ["User-agent: *", "Allow: /", ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/**
 * `responseCache` is the app's (app.ts): the sitemap is stored like a public API read, keyed by
 * its request target.
 */
export function sitemapRouter({ config, database }: Pick<AppDeps, "config" | "database">, responseCache: ResponseCache) {
  const origin = config.publicUrl;
  const robots = renderRobots(origin);

  return createRouter()
    .get(
      "/sitemap.xml",
      // HEAD passes through: only GET answers are stored (as lib/route-policy.ts does).
      (c, next) => (c.req.method === "GET" ? responseCache.serve(c, next, SITEMAP_TAGS, SITEMAP_CACHE_CONTROL) : next()),
      async (c) => {
        const items = await listSitemapItems(database, SITEMAP_MAX_URLS - SITEMAP_STATIC_PATHS.length);
        return c.body(renderSitemap(sitemapUrls(origin, items)), 200, {
          "Content-Type": "application/xml; charset=utf-8",
          "Cache-Control": SITEMAP_CACHE_CONTROL,
        });
      },
    )
    .get("/robots.txt", (c) => c.body(robots, 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": FIXED_NAME }));
}
