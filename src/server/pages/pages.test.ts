/**
 * The server-rendered public pages (docs/decisions/0022), as a crawler or a chat app's link
 * preview reads them: no JavaScript, just the HTML answer. Each kind of page carries its title,
 * description, canonical URL, OpenGraph and Twitter tags, JSON-LD that parses and the content a
 * visitor sees; unknown paths and unknown or hidden items are 404 pages; rendered pages are cached
 * per audience and dropped by the writes that change them; a member's / goes to /home. Runs the
 * real build (dist/client and dist/ssr), made first when it is missing or stale.
 */
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHttpServer } from "../http-server.js";
// @ts-expect-error -- plain ESM helper shared with the scripts
import { buildIfNeeded } from "../../../scripts/build-if-needed.mjs";
import { staffKit, type Person } from "../features/admin/admin.fixtures.js";
import { insertMedia, insertUser } from "../db/seed/factories.js";
import { createTestApp, type TestApp } from "../test/harness.js";

let t: TestApp;
const h = staffKit(() => t);
let curator: Person;

beforeAll(async () => {
  (buildIfNeeded as () => void)();
  t = await createTestApp({ SEED_ON_START: "true" });
  curator = await h.person("curator");
}, 180_000);
afterAll(async () => {
  await t?.close();
});

interface Page {
  status: number;
  html: string;
  headers: Headers;
  title: string | undefined;
  meta: (key: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: { "@type": string; [key: string]: unknown }[];
  /** The server-rendered content of the root element, tags stripped. */
  text: string;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

async function page(path: string, cookie?: string): Promise<Page> {
  const res = await t.request(path, { cookie, headers: { accept: "text/html" } });
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const metas = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]);
  const root = /<div id="root">([\s\S]*)<script type="application\/json" id="ssr-state">/.exec(html)?.[1] ?? "";
  return {
    status: res.status,
    html,
    headers: res.headers,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    meta: (key) => {
      const tag = metas.find((m) => attr(m, "property") === key || attr(m, "name") === key);
      return tag ? unescape(attr(tag, "content") ?? "") : undefined;
    },
    canonical: attr(/<link rel="canonical"[^>]*>/.exec(head)?.[0] ?? "", "href"),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
    text: unescape(root.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")),
  };
}

function expectSharable(p: Page, expected: { title: string; canonical: string; type: string }) {
  expect(p.status).toBe(200);
  expect(p.title).toBe(expected.title);
  const description = p.meta("description");
  expect(description?.length).toBeGreaterThan(20);
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(p.canonical).toBe(`http://localhost:3000${expected.canonical}`);
  expect(p.meta("og:url")).toBe(p.canonical);
  expect(p.meta("og:type")).toBe(expected.type);
  expect(p.meta("og:title")).toBeTruthy();
  expect(p.meta("og:description")).toBe(description);
  expect(p.meta("og:image")).toMatch(/^http:\/\/localhost:3000\/og\/[a-z/\-_.%0-9A-Z]+\.png\?v=[\w-]+$/);
  expect(p.meta("twitter:card")).toBe("summary_large_image");
  expect(p.meta("twitter:image")).toBe(p.meta("og:image"));
  // Data for the browser, never code: the strict CSP allows no inline script.
  for (const script of p.html.matchAll(/<script\b([^>]*)>/g)) {
    const attrs = script[1]!;
    if (/\bsrc=/.test(attrs)) continue;
    expect(attrs).toMatch(/type="application\/(json|ld\+json)"/);
  }
  expect(p.html).not.toMatch(/\sstyle="/);
  // Nothing left to be streamed in by a script (a pending Suspense boundary and its template).
  expect(p.html).not.toMatch(/<!--\$\?-->|<template[\s>]/);
  // The app is fetched once the page has painted (src/client/boot.ts): one script, no preloads.
  expect(p.html.match(/<script\b[^>]*\bsrc=/g)).toHaveLength(1);
  expect(p.html).toMatch(/<script type="module" async crossorigin src="\/assets\/boot-[\w-]+\.js" data-app="\/assets\/index-[\w-]+\.js" data-preload="[^"]*" data-first="\/assets\/react-dom-[\w-]+\.js \/assets\/react-router-[\w-]+\.js">/);
  expect(p.html).not.toContain("modulepreload");
  const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(p.html);
  expect(state, "the state the browser hydrates from").not.toBeNull();
  expect(() => JSON.parse(state![1]!)).not.toThrow();
}

describe("the public pages, read without JavaScript", () => {
  it("the landing, about, contact and list pages carry their head and their content", async () => {
    const landing = await page("/");
    expectSharable(landing, { title: "MAYBE", canonical: "/", type: "website" });
    expect(landing.jsonLd.map((d) => d["@type"])).toEqual(["Organization"]);
    expect(landing.text).toContain("Already have an account? Sign in");

    const about = await page("/about");
    expectSharable(about, { title: "About · MAYBE", canonical: "/about", type: "website" });
    expect(about.text).toContain("amplify unconventional trailblazers");

    const contact = await page("/contact");
    expectSharable(contact, { title: "Contact · MAYBE", canonical: "/contact", type: "website" });
    expect(contact.text).toContain(t.config.contactEmail);

    const stories = await page("/stories");
    expectSharable(stories, { title: "Stories · MAYBE", canonical: "/stories", type: "website" });
    expect(stories.text).toContain("The Neon Bakery After Midnight");
    expect(stories.text).not.toContain("Loading stories...");

    const creators = await page("/creators");
    expectSharable(creators, { title: "Creators · MAYBE", canonical: "/creators", type: "website" });
    const directory = (await (await t.request("/api/creators")).json()) as { items: { artist_name: string }[] };
    expect(creators.text).toContain(directory.items[0]!.artist_name);
    expect(creators.text).toMatch(/\d+ creators? total/);

    const store = await page("/store");
    expectSharable(store, { title: "Store · MAYBE", canonical: "/store", type: "website" });
    // The spec's gate for visitors, over the store's real content.
    expect(store.text).toContain("Unlock Store Access");
    expect(store.text).toContain("Featured Artifcats");
  });

  it("a story's page: Article JSON-LD, its author, its text", async () => {
    const owner = await h.creator("Ada");
    const story = await h.story(owner.creatorId, { title: "Night Press", description: "Printing zines after dark in a basement.", body: "## Ink\n\nThe *press* never sleeps." });
    const p = await page(`/stories/${story.id}`);
    expectSharable(p, { title: "Night Press · MAYBE", canonical: `/stories/${story.id}`, type: "article" });
    expect(p.meta("description")).toBe("Printing zines after dark in a basement.");
    expect(p.meta("og:image")).toContain(`/og/story/${story.id}.png?v=`);
    const [article] = p.jsonLd;
    expect(article).toMatchObject({ "@type": "Article", headline: "Night Press", author: { "@type": "Person" } });
    // Published on the story's own date, not when the row was written.
    expect(article!.datePublished).toBe("2001-01-01T12:00:00.000Z");

    // A sample story to read: its author, its date.
    const sample = await page("/stories/story-gerald-turns-ten");
    expect(sample.jsonLd[0]).toMatchObject({
      "@type": "Article",
      datePublished: "2024-12-14T12:00:00.000Z",
      author: { "@type": "Person", name: "Lena Hart", url: "http://localhost:3000/creators/lena_hart" },
    });
    expect(p.text).toContain("The press never sleeps.");
  });

  it("a story's first page of comments is in its HTML and its Article's JSON-LD, and a new one shows at once", async () => {
    const owner = await h.creator("Cy");
    const story = await h.story(owner.creatorId, { title: "Talk Back", body: "Tell me what you think." });
    const reader = await h.person("member");
    const post = (body: string) => h.call(reader, "POST", `/api/stories/${story.id}/comments`, { body });
    expect((await post("The second print run was better.")).status).toBe(201);
    const before = await page(`/stories/${story.id}`);
    expect(before.text).toContain("The second print run was better.");
    const [article] = before.jsonLd;
    expect(article).toMatchObject({
      commentCount: 1,
      comment: [{ "@type": "Comment", text: "The second print run was better.", author: { "@type": "Person" } }],
    });
    // The visitor's page was cached; the comment's write dropped it (the story's own tag).
    expect((await post("And the paper smelled of rain.")).status).toBe(201);
    const after = await page(`/stories/${story.id}`);
    expect(after.text).toContain("And the paper smelled of rain.");
    expect(after.jsonLd[0]).toMatchObject({ commentCount: 2 });
  });

  it("a creator's page: Person JSON-LD", async () => {
    const owner = await h.creator("Bea");
    const p = await page(`/creators/${owner.creatorId}`);
    expect(p.title).toMatch(/^Bea Curated .* · MAYBE$/);
    expectSharable(p, { title: p.title!, canonical: `/creators/${owner.creatorId}`, type: "profile" });
    expect(p.jsonLd[0]).toMatchObject({ "@type": "Person" });
    expect(p.text).toContain("Bea");
  });

  it("a creator's uploaded avatar is in the HTML itself, on their page and in the directory, with no script to reveal it", async () => {
    const owner = await h.creator("Avi");
    const { user } = await insertUser(t.database);
    const avatar = await insertMedia(t.database, { owner_id: user.id, widths: "[320,640]", width: 640, height: 640 });
    await t.database.db.updateTable("creator").set({ avatar_media_id: avatar.id }).where("id", "=", owner.creatorId).execute();
    t.responseCache.invalidate(["creators"]);
    for (const path of [`/creators/${owner.creatorId}`, `/creators?q=Avi`]) {
      const p = await page(path);
      expect(p.status).toBe(200);
      // React's streamed boundaries leave a pending marker and a template for an inline script to fill.
      expect(p.html, path).not.toMatch(/<!--\$\?-->|<template|\$RC|<!--\$!-->/);
      expect(p.html, path).toContain(`/media/u/${avatar.hash}`);
      expectSharable(p, { title: p.title!, canonical: p.canonical!.replace("http://localhost:3000", ""), type: p.meta("og:type")! });
    }
  });

  it("a shared product link names the product, its image and its price, though the store stays gated", async () => {
    const product = await h.product(null, { title: "Riso Print", price_cents: 2400, stock: 3, description: "A two-colour riso print." });
    const p = await page(`/store?productId=${product.id}`);
    // The product itself shows above the gate, with the way to subscribe and come back to it.
    const gate = p.text.indexOf("Unlock Store Access");
    expect(p.text.indexOf("Riso Print")).toBeGreaterThan(-1);
    expect(p.text.indexOf("Riso Print")).toBeLessThan(gate);
    expect(p.text.indexOf("$24.00")).toBeLessThan(gate);
    expect(p.html).toContain(`href="/subscribe?next=${encodeURIComponent(`/store?productId=${product.id}`)}"`);
    expectSharable(p, { title: "Riso Print · MAYBE", canonical: `/store?productId=${product.id}`, type: "product" });
    expect(p.meta("og:image")).toContain(`/og/product/${product.id}.png?v=`);
    expect(p.meta("description")).toContain("$24.00");
    expect(p.jsonLd[0]).toMatchObject({
      "@type": "Product",
      name: "Riso Print",
      offers: { "@type": "Offer", price: "24.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(p.text).toContain("Unlock Store Access");

    const soldOut = await h.product(null, { title: "Gone Tee", stock: 0 });
    expect((await page(`/store?productId=${soldOut.id}`)).jsonLd[0]).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } });
  });

  it("a shared link of a product sold in sizes describes each size with its own availability (ProductGroup)", async () => {
    // The sample jacket: one of a kind, in M only (seed/content.ts sampleSizes).
    const p = await page("/store?productId=prod-patchwork-denim-jacket");
    const group = p.jsonLd[0] as { "@type": string; variesBy: string[]; hasVariant: { size: string; sku: string; offers: { availability: string; url: string } }[] };
    expect(group).toMatchObject({ "@type": "ProductGroup", productGroupID: "prod-patchwork-denim-jacket", variesBy: ["https://schema.org/size"] });
    expect(group.hasVariant.map((v) => [v.size, v.sku, v.offers.availability])).toEqual([
      ["S", "prod-patchwork-denim-jacket.s", "https://schema.org/OutOfStock"],
      ["M", "prod-patchwork-denim-jacket.m", "https://schema.org/LimitedAvailability"],
      ["L", "prod-patchwork-denim-jacket.l", "https://schema.org/OutOfStock"],
      ["XL", "prod-patchwork-denim-jacket.xl", "https://schema.org/OutOfStock"],
    ]);
    expect(group.hasVariant[1]!.offers.url).toMatch(/\/store\?productId=prod-patchwork-denim-jacket&size=M$/);
  });

  it("what people typed is text in the head, never markup", async () => {
    const story = await h.story(null, { title: `Hi </script><script>alert(1)</script> "quoted"`, description: `<img src=x onerror=alert(1)> & more` });
    const p = await page(`/stories/${story.id}`);
    expect(p.status).toBe(200);
    expect(p.html).not.toContain("<script>alert(1)");
    expect(p.html).not.toContain("<img src=x");
    expect(p.meta("og:title")).toBe(`Hi </script><script>alert(1)</script> "quoted"`);
    expect(p.jsonLd[0]!.headline).toBe(`Hi </script><script>alert(1)</script> "quoted"`);
  });
});

describe("not found", () => {
  it("an unknown path is the 404 page with status 404; an unknown API path stays JSON", async () => {
    const p = await page("/nope");
    expect(p.status).toBe(404);
    expect(p.title).toBe("Page not found · MAYBE");
    expect(p.meta("robots")).toBe("noindex");
    expect(p.text).toContain("Page not found");
    const api = await t.request("/api/nope");
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
  });

  it("paths match without regard to case, as the router's do; hostile paths and ids are 404s, never errors", async () => {
    const upper = await page("/STORIES");
    expect(upper.status).toBe(200);
    expect(upper.canonical).toBe("http://localhost:3000/stories");
    for (const path of ["/stories/%E0%A4%A", "/creators/%3Cscript%3E", "/stories/a/b", "/%2e%2e/etc/passwd", `/creators/${"x".repeat(3000)}`]) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.text, path).toContain("Page not found");
    }
    // An id no product can have is no product: a 404 (the store still shows, saying so).
    const longProduct = await page(`/store?productId=${"x".repeat(5000)}`);
    expect(longProduct.status).toBe(404);
    expect(longProduct.meta("robots")).toBe("noindex");
    // A client-rendered screen in capitals is still client-rendered.
    const login = await t.request("/LOGIN");
    expect(login.status).toBe(200);
    expect(await login.text()).not.toContain('id="ssr-state"');
  });

  it("an unknown story or creator, and a hidden one, are 404 pages", async () => {
    expect((await page("/stories/no-such-story")).status).toBe(404);
    expect((await page("/creators/no_such_creator")).status).toBe(404);

    const owner = await h.creator("Cy");
    const story = await h.story(owner.creatorId);
    expect((await page(`/stories/${story.id}`)).status).toBe(200);
    await h.ok(curator, "POST", `/api/admin/curation/story/${story.id}/hide`, {});
    const hidden = await page(`/stories/${story.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain("Page not found");

    expect((await page(`/creators/${owner.creatorId}`)).status).toBe(200);
    await h.ok(curator, "POST", `/api/admin/curation/creator/${owner.creatorId}/hide`, {});
    expect((await page(`/creators/${owner.creatorId}`)).status).toBe(404);
  });

  it("an unknown or hidden product's link is a 404: the store, saying the item is no longer available", async () => {
    const unknown = await page("/store?productId=no-such-product");
    expect(unknown.status).toBe(404);
    expect(unknown.title).toBe("Page not found · MAYBE");
    expect(unknown.meta("robots")).toBe("noindex");
    expect(unknown.text).toContain("That item is no longer available.");
    expect(unknown.text).toContain("Unlock Store Access");

    const product = await h.product(null, { title: "Hidden Print" });
    expect((await page(`/store?productId=${product.id}`)).status).toBe(200);
    await h.ok(curator, "POST", `/api/admin/curation/product/${product.id}/hide`, {});
    const hidden = await page(`/store?productId=${product.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.meta("robots")).toBe("noindex");
    expect(hidden.html).not.toContain("Hidden Print");
    expect(hidden.text).toContain("That item is no longer available.");
  });

  it("a story without a body has no page: the spec's sample cards are 404s, the stories to read are not", async () => {
    const sample = await page("/stories/story-neon-bakery");
    expect(sample.status).toBe(404);
    expect(sample.text).toContain("Page not found");
    const bodiless = await h.story(null, { title: "Empty Page", body: "" });
    expect((await page(`/stories/${bodiless.id}`)).status).toBe(404);

    const readable = await page("/stories/story-big-letters-small-shops");
    expect(readable.status).toBe(200);
    expect(readable.text).toContain("Enamel and patience");
    // Its card on /stories links to it; a sample card links nowhere.
    const list = await page("/stories");
    expect(list.html).toContain('href="/stories/story-big-letters-small-shops"');
    expect(list.html).not.toContain('href="/stories/story-neon-bakery"');
  });
});

describe("the back office", () => {
  it("answers 404 with the not-found head to anyone its screen is not for, and the screen to staff; a revoked role at once", async () => {
    const member = await h.person();
    const creator = await h.creator("Bo");
    const admin = await h.person("admin");
    const sections = ["/admin", "/admin/curation", "/admin/reports", "/admin/audit", "/admin/orders", "/admin/orders/MB-ABC123/slip", "/admin/inventory", "/admin/people"];
    const adminOnly = new Set(["/admin/orders", "/admin/orders/MB-ABC123/slip", "/admin/inventory", "/admin/people"]);

    const backOffice = async (path: string, cookie?: string) => {
      const res = await t.request(path, { cookie, headers: { accept: "text/html" } });
      const html = await res.text();
      // The answer depends on the cookie: no shared cache may keep it for another.
      expect(res.headers.get("cache-control"), path).toBe("private, no-cache");
      expect(res.headers.get("vary"), path).toContain("Cookie");
      return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1], noindex: html.includes('<meta name="robots" content="noindex"') };
    };
    const notFound = { status: 404, title: "Page not found · MAYBE", noindex: true };

    for (const path of [...sections, "/ADMIN/People", "/admin/nope", "/admin/curation/"]) {
      expect(await backOffice(path), `${path} as a visitor`).toEqual(notFound);
      expect(await backOffice(path, member.cookie), `${path} as a member`).toEqual(notFound);
      expect(await backOffice(path, creator.cookie), `${path} as a creator`).toEqual(notFound);
      expect(await backOffice(path, "maybe.session_token=not-a-session"), `${path} with a stale cookie`).toEqual(notFound);
    }
    for (const path of sections) {
      expect((await backOffice(path, admin.cookie)).status, `${path} as an admin`).toBe(200);
      expect((await backOffice(path, curator.cookie)).status, `${path} as a curator`).toBe(adminOnly.has(path) ? 404 : 200);
    }
    // No section by that name opens for anyone, staff included (the browser shows its 404 page).
    expect(await backOffice("/admin/nope", admin.cookie)).toEqual(notFound);
    // The 404 claims nothing of the back office.
    const body = await (await t.request("/admin", { cookie: member.cookie })).text();
    expect(body).not.toContain("Back Office");

    // The role is read for each request: revoked, the next answer is a 404.
    await t.database.db.updateTable("user").set({ role: "member" }).where("id", "=", admin.id).execute();
    expect(await backOffice("/admin", admin.cookie)).toEqual(notFound);
  });
});

describe("sessions and the cache", () => {
  it("a signed-in member who opens / is sent to /home before anything renders; a stale cookie sees the landing page", async () => {
    const member = await h.person();
    const res = await t.request("/", { cookie: member.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/home");
    const stale = await page("/", "maybe.session_token=not-a-session");
    expect(stale.status).toBe(200);
    expect(stale.text).toContain("SUBSCRIBE");
  });

  it("a member's page shows the session as unknown, so it holds nothing of theirs", async () => {
    const member = await h.person();
    const p = await page("/creators", member.cookie);
    expect(p.status).toBe(200);
    expect(p.html).not.toContain(member.email);
    // The visitor's invitation to apply waits for the browser to know who this is.
    expect(p.text).not.toContain("Ready to Create with Us?");
    expect((await page("/creators")).text).toContain("Ready to Create with Us?");
  });

  it("rendered pages are cached per audience and dropped by the writes that change them", async () => {
    const story = await h.story(null, { title: "Cached Story" });
    const first = await t.request("/stories");
    expect(first.headers.get("x-cache")).toBe("miss");
    expect(await first.text()).toContain("Cached Story");
    const second = await t.request("/stories");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    const etag = second.headers.get("etag")!;
    expect((await t.request("/stories", { headers: { "if-none-match": etag } })).status).toBe(304);

    await h.ok(curator, "POST", `/api/admin/curation/story/${story.id}/hide`, {});
    const after = await t.request("/stories");
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).not.toContain("Cached Story");
  });
});

describe("cached pages at the HTTP server, before the app", () => {
  let server: Server;
  let port: number;
  let fetch: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    // Before the server takes app.fetch: every request that reaches the app is counted.
    fetch = vi.spyOn(t.app, "fetch");
    server = createHttpServer({ app: t.app, responseCache: t.responseCache, config: t.config, logger: pino({ level: "silent" }) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fetch.mockRestore();
  });

  const get = (target: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: target, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      });
      req.on("error", reject);
      req.end();
    });

  it("a visitor's second request is answered from memory with the app's headers; a member's page is a different entry; a member's / always reaches the app", async () => {
    const member = await h.person();
    t.responseCache.store.clear();
    const reachedApp = async (send: () => Promise<unknown>) => {
      const before = fetch.mock.calls.length;
      await send();
      return fetch.mock.calls.length > before;
    };
    let first!: Awaited<ReturnType<typeof get>>;
    expect(await reachedApp(async () => (first = await get("/about")))).toBe(true);
    expect(first.headers["x-cache"]).toBe("miss");
    let second!: Awaited<ReturnType<typeof get>>;
    expect(await reachedApp(async () => (second = await get("/about")))).toBe(false);
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);

    // A session cookie: the member's entry, rendered by the app the first time.
    expect(await reachedApp(() => get("/about", { cookie: member.cookie }))).toBe(true);
    expect(await reachedApp(() => get("/about", { cookie: member.cookie }))).toBe(false);

    expect(await reachedApp(() => get("/"))).toBe(true);
    expect(await reachedApp(() => get("/"))).toBe(false);
    for (let i = 0; i < 2; i++) {
      let memberHome!: Awaited<ReturnType<typeof get>>;
      expect(await reachedApp(async () => (memberHome = await get("/", { cookie: member.cookie })))).toBe(true);
      expect(memberHome.status).toBe(302);
      expect(memberHome.headers.location).toBe("/home");
    }
  });
});
