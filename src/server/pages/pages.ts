/**
 * Every GET that is not the API, a file or generated (sitemap, OpenGraph images): the site's pages
 * (docs/decisions/0022).
 *
 * - Which page a path is, and how it is served, is the page table's (common/pages.ts).
 * - The public pages (`render: "server"`) and any unknown path are rendered on the server
 *   (dist/ssr, entry-server.tsx), with their head (head.ts); the browser hydrates them. An unknown
 *   path or item is the 404 page with status 404.
 * - The signed-in screens and the account forms (`render: "client"`) stay client-rendered: the
 *   built index.html as it is, status 200.
 * - A page is rendered for one of two audiences, never for one person: a visitor (no session
 *   cookie: signed out) or a member (a session cookie: the browser resolves the session, as it
 *   always did). So a rendered page is the same for everyone of its audience, and the response
 *   cache keeps it like a public API answer, dropped by the same writes (every tag: a page may
 *   show anything public). A member who opens / is sent to /home before anything renders.
 * - The back office (/admin, /admin/*) exists only for staff (docs/decisions/0019): a curator or
 *   admin gets the client-rendered screen; anyone else (a visitor, a member, a curator at an
 *   admin's section) gets a 404 with the not-found page's head, as if nothing were there. The role
 *   is read for each request, so the answer is private to the cookie.
 */
import type { Context, Env, Hono } from "hono";
import type { Logger } from "pino";
import type { Product, StoryDetail } from "../../common/api/catalog.js";
import type { CommentList } from "../../common/api/comments.js";
import { pageAt, PAGES, type PageEntry } from "../../common/pages.js";
import { ADMIN_AREAS, hasRole, type Role } from "../../common/roles.js";
import type { CreatorProfilePage } from "../../common/api/creators.js";
import { SESSION_COOKIE } from "../auth/session-cache.js";
import { productTag, storyTag, type CacheTag, type ResponseCache } from "../lib/response-cache.js";
import {
  creatorHead,
  headTags,
  notFoundHead,
  productHead,
  scriptJson,
  staticHead,
  storyHead,
  type OgImage,
  type PageHead,
  type SiteFacts,
} from "./head.js";
import type { PageRenderer } from "./renderer.js";
import type { PageTemplate } from "./template.js";

const PAGE_TAGS: readonly CacheTag[] = ["catalog", "stock", "creators", "radio"];
/** Browsers revalidate every time (ETag): a page must follow a price or a hidden story at once. */
const PAGE_CACHE_CONTROL = "no-cache";

/** A public read of this site's own API, as a visitor (no cookie): the JSON, or undefined for a 404. */
export type ApiRead = (path: string) => Promise<unknown>;

export interface PagesOptions {
  site: SiteFacts;
  logger: Logger;
  responseCache: ResponseCache;
  template: () => PageTemplate | undefined;
  renderer: () => Promise<PageRenderer | undefined>;
  read: ApiRead;
  /** Whose session a cookie is: null when it is no session; else the role (/ sends members to /home, /admin is for staff). */
  viewer: (cookie: string) => Promise<Viewer>;
  ogImage: OgImages;
}

/** The OpenGraph image of each kind of item (src/server/og). */
export interface OgImages {
  story(story: StoryDetail): OgImage;
  creator(page: CreatorProfilePage): OgImage;
  product(product: Product): OgImage;
}

export type Audience = "visitor" | "member";

/** The signed-in user a cookie belongs to, as far as pages care, or null. */
export type Viewer = { role: Role } | null;

/**
 * Whether the back office's screen at `path` (lower-cased) opens for `role`: /admin is the
 * overview, /admin/<area>/… that area (the table the API's gates and the section tabs read,
 * common/roles.ts ADMIN_AREAS). An area that does not exist opens for no one.
 */
export function adminPageOpens(path: string, role: Role): boolean {
  const area = path.split("/")[2] || "overview";
  const needed = Object.hasOwn(ADMIN_AREAS, area) ? ADMIN_AREAS[area as keyof typeof ADMIN_AREAS] : undefined;
  return needed !== undefined && hasRole(role, needed);
}

/** Who a page is rendered for, by the request's Cookie header alone (no lookup). */
export function audienceOf(cookie: string | undefined): Audience {
  return cookie && SESSION_COOKIE.test(cookie) ? "member" : "visitor";
}

/**
 * The response cache's key of a rendered page: its audience and its request target (path and
 * query as sent). The node:http layer answers hits by the same key (http-server.ts), so a page
 * served from memory skips the app as the API's hits do. No key is stored for a member's `/` (the
 * session decides: /home or the visitor's page) nor for a client-rendered screen.
 */
export function pageCacheKey(audience: Audience, target: string): string {
  return `page:${audience}:${target}`;
}

/**
 * What a rendered page is made of: everything public, and a story's page also its own tag
 * (`story:<id>`, its comments), so a new comment drops that page alone (docs/decisions/0032); a
 * shared product link (`/store?productId=`) its product's, so an order of it drops that page.
 */
export function pageTags(path: string, search?: URLSearchParams): readonly CacheTag[] {
  const at = pageAt(path.toLowerCase());
  const story = at?.id === "story" ? itemId(path, at.page) : undefined;
  const product = at?.id === "store" ? search?.get("productId") : undefined;
  return [...PAGE_TAGS, ...(story === undefined ? [] : [storyTag(story)]), ...(product ? [productTag(product)] : [])];
}

export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

/**
 * The item an item page's path names, e.g. /stories/abc → "abc" (the page table matched the path
 * without regard to case, as the router does; the id keeps its own); undefined when it cannot be decoded.
 */
function itemId(path: string, page: PageEntry): string | undefined {
  try {
    return decodeURIComponent(path.slice(page.path.indexOf(":")));
  } catch {
    return undefined;
  }
}

/** The head of a page the server renders: from the public API, so it says what the page shows. */
export async function pageHead(path: string, search: URLSearchParams, options: Pick<PagesOptions, "site" | "read" | "ogImage">): Promise<PageHead> {
  const { site, read, ogImage } = options;
  const at = pageAt(path.toLowerCase());
  if (at?.page.render !== "server") return notFoundHead(path);
  switch (at.page.head) {
    case "story": {
      const story = itemId(path, at.page);
      const found = story === undefined ? undefined : ((await read(`/api/stories/${encodeURIComponent(story)}`)) as StoryDetail | undefined);
      if (!found) return notFoundHead(path);
      // The first page of comments the page shows: the very request the page's own query makes
      // (comments/api/comment-list.ts), so the render finds it in the response cache.
      const comments = (await read(`/api/stories/${encodeURIComponent(found.id)}/comments?sort=oldest`)) as CommentList | undefined;
      return storyHead(found, `${PAGES.stories.path}/${encodeURIComponent(found.id)}`, ogImage.story(found), site, comments);
    }
    case "creator": {
      const creator = itemId(path, at.page);
      const found = creator === undefined ? undefined : ((await read(`/api/creators/${encodeURIComponent(creator)}/page`)) as CreatorProfilePage | undefined);
      return found ? creatorHead(found, `${PAGES.creators.path}/${encodeURIComponent(found.creator.id)}`, ogImage.creator(found), site) : notFoundHead(path);
    }
    case "store": {
      const productId = search.get("productId");
      if (!productId) break;
      // A shared product link names the product even though the store is gated for visitors; an
      // unknown or hidden product is a 404 (the store still shows, saying the item is gone).
      const found = (await read(`/api/products/${encodeURIComponent(productId)}`)) as Product | undefined;
      return found ? productHead(found, `${PAGES.store.path}?productId=${encodeURIComponent(found.id)}`, ogImage.product(found), site) : notFoundHead(path);
    }
  }
  // The router matches paths without regard to case: /Stories is the stories page, canonically /stories.
  return staticHead(at.id, site) ?? notFoundHead(path);
}

export function registerPages<E extends Env>(app: Hono<E>, options: PagesOptions): void {
  const { logger, responseCache } = options;

  const shell = (c: Context) => {
    const template = options.template();
    if (!template) return c.text("The site is not built yet: run `npm run build`.", 503);
    c.header("Cache-Control", "no-cache");
    return c.html(template.render({}));
  };

  /**
   * /admin and /admin/*: the client's screen for staff whose role opens it; for anyone else a 404
   * with the not-found page's head (title 'Page not found · MAYBE', noindex), where the browser
   * shows the not-found page (the back office's gate, app/routes/staff-only.tsx). Never cached
   * for another cookie.
   */
  async function adminPage(c: Context, path: string): Promise<Response> {
    const cookie = c.req.header("cookie") ?? "";
    const viewer = audienceOf(cookie) === "member" ? await options.viewer(cookie) : null;
    if (viewer && adminPageOpens(path, viewer.role)) {
      const res = shell(c);
      res.headers.set("Cache-Control", "private, no-cache");
      res.headers.set("Vary", "Cookie");
      return res;
    }
    const template = options.template();
    if (!template) return c.text("Not found.", 404);
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Cookie");
    return c.html(template.render({ head: headTags(notFoundHead(path), options.site) }), 404);
  }

  async function render(c: Context, path: string, audience: Audience): Promise<Response> {
    const [template, renderer] = [options.template(), await options.renderer()];
    if (!template || !renderer) return shell(c);
    const url = new URL(c.req.url);
    const [head, page] = await Promise.all([pageHead(path, url.searchParams, options), renderer.render(`http://localhost${path}${url.search}`, audience)]);
    if ("redirect" in page) return c.redirect(page.redirect, page.status as 302);
    const status = page.status === 404 ? 404 : head.noindex ? 404 : page.status;
    const body = template.render({
      head: headTags(status === 404 ? notFoundHead(path) : head, options.site),
      html: page.html,
      stateJson: scriptJson(page.state),
    });
    return c.html(body, status as 200);
  }

  app.get("*", async (c) => {
    const path = normalizePath(c.req.path);
    // DECISIONS.md 4: the footer link of Join as Artist; not a screen.
    const lower = path.toLowerCase();
    const served = pageAt(lower)?.page.render;
    if (served === "redirect") return c.redirect(PAGES.login.path, 302);
    if (served === "staff") return adminPage(c, lower);
    if (served === "client") return shell(c);

    const cookie = c.req.header("cookie") ?? "";
    let audience = audienceOf(cookie);
    if (audience === "member" && path === "/") {
      // Spec §2: a signed-in user goes on to /home, here before anything paints.
      if (await options.viewer(cookie)) {
        c.header("Cache-Control", "no-store");
        return c.redirect("/home", 302);
      }
      audience = "visitor";
    }
    try {
      const url = c.req.url;
      const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
      await responseCache.serve(
        c as never,
        async () => {
          c.res = await render(c, path, audience);
        },
        pageTags(path, new URL(url).searchParams),
        PAGE_CACHE_CONTROL,
        pageCacheKey(audience, target),
      );
      return c.res;
    } catch (error) {
      // A page that cannot be rendered still works: the browser renders it, as before.
      logger.error({ err: error, path }, "page render failed");
      return shell(c);
    }
  });
}
