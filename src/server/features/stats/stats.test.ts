/**
 * Counting for the stats (issue 35, docs/decisions/0034), on whichever database TEST_DB names:
 * views of public pages through the app's beacon (POST /api/views) and a browser's document load
 * at the node:http layer; a visitor is an address and a browser for a day; Sec-GPC, DNT and bots
 * leave nothing; a made-up id leaves no row; a creator's items count in their stats and no one
 * else's; favorites, follows, comments, plays and sales are counted once each; a sign-up is
 * credited to the item and the source of the visit that brought it.
 */
import type { IncomingMessage } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Stats, StatsItem } from "../../../common/api/stats.js";
import { serverClock } from "../../lib/clock.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { databaseSnapshot, staffKit, type Person } from "../admin/admin.fixtures.js";
import { ADDRESS, newKey } from "../orders/orders.fixtures.js";
import { insertTrack } from "../radio/radio.fixtures.js";
import { documentViews } from "./count-views.js";
import { CHROME, sendBeacon } from "./stats.fixtures.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestApp;
let curator: Person;
beforeAll(async () => {
  t = await createTestApp();
  curator = await kit.person("curator");
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  serverClock.setOffset(0);
});
const kit = staffKit(() => t);

/** Someone looking: an address of their own and a browser. */
let visitors = 0;
const visitor = (agent = CHROME) => ({ ip: `198.51.100.${++visitors}`, agent });
type Visitor = ReturnType<typeof visitor>;

/** The app's beacon for a navigation to `path`, as the browser sends it. */
async function beacon(who: Visitor, path: string, headers: Record<string, string> = {}) {
  const res = await sendBeacon(t, path, { ip: who.ip, agent: who.agent, headers });
  expect(res.status, path).toBe(204);
}

/** An account opened by `who`, from their address and browser. */
async function signUpAs(who: Visitor, headers: Record<string, string> = {}) {
  const n = kit.unique().replace(/\W/g, "");
  const res = await t.request("/api/auth/sign-up/email", {
    json: { username: `v${n}`.slice(0, 30), email: `v${n}@example.com`, phone: "+1 (555) 010-0000", password: "correct horse battery", confirmPassword: "correct horse battery" },
    ip: who.ip,
    headers: { "user-agent": who.agent, ...headers },
  });
  expect(res.status).toBe(200);
}

/** What is counted so far, written, then the creator's stats (or the site's) of the last 7 days. */
async function statsOf(who: Person | "site", query = "days=7"): Promise<Stats> {
  await t.stats.flush();
  return who === "site" ? kit.ok<Stats>(curator, "GET", `/api/admin/stats?${query}`) : kit.ok<Stats>(who, "GET", `/api/studio/stats?${query}`);
}
const itemOf = (stats: Stats, kind: StatsItem["kind"], id: string) => stats.items.find((i) => i.kind === kind && i.id === id);
const today = (stats: Stats) => stats.days.at(-1)!;
const eventRows = async () => Number((await t.database.db.selectFrom("stat_event").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("page views", () => {
  it("counts every view and each visitor once a day: the same address and browser twice is two views and one visitor", async () => {
    const maker = await kit.creator("Vera");
    const story = await kit.story(maker.creatorId);
    const [ana, ben] = [visitor(), visitor()];
    await beacon(ana, `/stories/${story.id}`);
    await beacon(ana, `/stories/${encodeURIComponent(story.id)}?utm_source=ignored`);
    let stats = await statsOf(maker);
    expect(stats.totals).toMatchObject({ views: 2, visitors: 1 });
    expect(itemOf(stats, "story", story.id)).toMatchObject({ title: story.title, views: 2, visitors: 1 });

    await beacon(ben, `/stories/${story.id}`);
    // The same address with another browser is another visitor.
    await beacon({ ...ana, agent: CHROME.replace("131", "130") }, `/stories/${story.id}`);
    stats = await statsOf(maker);
    expect(stats.totals).toMatchObject({ views: 4, visitors: 3 });
    expect(stats.days).toHaveLength(7);
    expect(today(stats)).toMatchObject({ views: 4, visitors: 3 });
    expect(stats.days.slice(0, -1).every((d) => d.views === 0)).toBe(true);
    expect(itemOf(stats, "story", story.id)).toMatchObject({ views: 4, visitors: 3 });
    // A navigation has no source of its own: the visit began on this site.
    expect(stats.sources).toEqual([{ source: "", views: 4, visitors: 3, signups: 0 }]);
  });

  it("leaves out Sec-GPC, DNT, bots and a request without a browser, without a session and changing nothing", async () => {
    const maker = await kit.creator("Wim");
    const story = await kit.story(maker.creatorId);
    await beacon(visitor(), `/stories/${story.id}`);
    await t.stats.flush();
    const before = await databaseSnapshot(t);
    const path = `/stories/${story.id}`;
    await beacon(visitor(), path, { "sec-gpc": "1" });
    await beacon(visitor(), path, { dnt: "1" });
    await beacon(visitor(GOOGLEBOT), path);
    await beacon(visitor("curl/8.5.0"), path);
    const noAgent = await sendBeacon(t, path, { ip: "198.51.100.250", agent: null });
    expect(noAgent.status).toBe(204);
    await t.stats.flush();
    expect(await databaseSnapshot(t)).toEqual(before);
    expect((await statsOf(maker)).totals.views).toBe(1);
  });

  it("leaves no row for a made-up id, a page that is not public, or another site's address", async () => {
    const maker = await kit.creator("Xavi");
    const story = await kit.story(maker.creatorId);
    const who = visitor();
    await beacon(who, "/");
    await t.stats.flush();
    const rows = await eventRows();
    for (const path of [
      "/stories/made-up-story",
      "/creators/made-up-creator",
      "/store?productId=made-up-product",
      "/studio",
      "/studio/stats",
      "/admin/stats",
      "/likes",
      "/api/products",
      `//elsewhere.example/stories/${story.id}`,
    ]) {
      await beacon(who, path);
    }
    await t.stats.flush();
    expect(await eventRows()).toBe(rows);
    expect(await t.database.db.selectFrom("stat_event").select("item_id").where("item_id", "like", "made-up%").execute()).toEqual([]);
    // Not a path at all: refused.
    for (const path of ["", `stories/${story.id}`, `https://elsewhere.example/stories/${story.id}`, `/${"x".repeat(2048)}`, JSON.stringify({ path: "/" })]) {
      expect((await sendBeacon(t, path)).status, path.slice(0, 20)).toBe(400);
    }
    expect((await statsOf(maker)).totals.views).toBe(0);
  });

  it("shows a creator's story, product and page in their stats, and not in another creator's", async () => {
    const [maker, other] = [await kit.creator("Yara"), await kit.creator("Zoltan")];
    const story = await kit.story(maker.creatorId);
    const product = await kit.product(maker.creatorId);
    const theirs = await kit.story(other.creatorId);
    const [ana, ben, cy] = [visitor(), visitor(), visitor()];
    await beacon(ana, `/stories/${story.id}`);
    await beacon(ben, `/stories/${story.id}`);
    await beacon(ana, `/store?productId=${encodeURIComponent(product.id)}`);
    await beacon(cy, `/creators/${maker.creatorId}`);
    await beacon(cy, `/stories/${theirs.id}`);
    await beacon(cy, "/store");

    const mine = await statsOf(maker);
    expect(mine.scope).toBe("creator");
    expect(mine.totals).toMatchObject({ views: 4, visitors: 3 });
    expect(mine.items.map((i) => [i.kind, i.id, i.views, i.visitors])).toEqual([
      ["story", story.id, 2, 2],
      ["creator", maker.creatorId, 1, 1],
      ["product", product.id, 1, 1],
    ]);
    expect(itemOf(mine, "product", product.id)!.title).toBe(product.title);
    expect(itemOf(mine, "creator", maker.creatorId!)!.title).toMatch(/^Yara Curated /);

    const others = await statsOf(other);
    expect(others.totals).toMatchObject({ views: 1, visitors: 1 });
    expect(others.items.map((i) => i.id)).toEqual([theirs.id]);

    // The site's has them all, and the store's own page.
    const site = await statsOf("site");
    expect(site.scope).toBe("site");
    for (const [kind, id] of [["story", story.id], ["product", product.id], ["creator", maker.creatorId!], ["story", theirs.id]] as const) {
      expect(itemOf(site, kind, id), id).toBeDefined();
    }
    expect(itemOf(site, "page", "/store")).toMatchObject({ title: "Store" });
  });

  it("counts a browser's load of a public page at the HTTP layer, with its referrer as the source, and a sign-up from that visit", async () => {
    const maker = await kit.creator("Nadia");
    const countView = documentViews(t.stats);
    /** node:http's request as the server hands it over: lower-case headers, the socket's peer. */
    const load = (url: string, headers: Record<string, string>, method = "GET") =>
      countView({ method, url, headers, socket: { remoteAddress: "::ffff:192.0.2.7" } } as unknown as IncomingMessage);
    const agent = CHROME.replace("Linux x86_64", "Linux aarch64");
    const page = `/creators/${maker.creatorId}`;
    const browser = { "user-agent": agent, "sec-fetch-dest": "document" };
    load(page, { ...browser, referer: "https://news.example.com/2026/the-list?id=42" });
    // From the site itself (PUBLIC_URL has a port): no source.
    load(`${page}?tab=shop`, { ...browser, referer: `${t.config.publicUrl}/stories` });
    // Not views: a prefetch, a declining browser, a bot, a request without Fetch Metadata, a fetch by the app, a HEAD, the studio.
    load(page, { ...browser, "sec-purpose": "prefetch" });
    load(page, { ...browser, "sec-gpc": "1" });
    load(page, { ...browser, "user-agent": GOOGLEBOT });
    load(page, { "user-agent": agent });
    load(`/api/creators/${maker.creatorId}/page`, { "user-agent": agent, "sec-fetch-dest": "empty" });
    load(page, browser, "HEAD");
    load("/studio/stats", browser);
    await t.stats.flush();
    // The same browser from the same address opens an account.
    await signUpAs({ ip: "192.0.2.7", agent });

    const stats = await statsOf(maker);
    expect(stats.totals).toMatchObject({ views: 2, visitors: 1, signups: 1 });
    expect(itemOf(stats, "creator", maker.creatorId!)).toMatchObject({ views: 2, visitors: 1, signups: 1 });
    expect(stats.sources).toEqual([
      { source: "news.example.com", views: 1, visitors: 1, signups: 1 },
      { source: "", views: 1, visitors: 1, signups: 0 },
    ]);
    const site = await statsOf("site");
    expect(site.sources).toContainEqual({ source: "news.example.com", views: 1, visitors: 1, signups: 1 });
  });
});

describe("actions", () => {
  it("counts favorites and follows once, comments, plays by outcome, and units and revenue sold, on their items", async () => {
    const maker = await kit.creator("Olu");
    const story = await kit.story(maker.creatorId);
    const product = await kit.product(maker.creatorId, { price_cents: 1500, stock: 5 });
    const track = await insertTrack(t, { creatorId: maker.creatorId!, status: "rotation", durationMs: 200_000, title: "Counted Track" });
    const fan = await kit.person("member");

    for (let i = 0; i < 2; i++) {
      // Liked and followed twice: once each.
      await kit.ok(fan, "PUT", `/api/me/favorites/story/${story.id}`);
      await kit.ok(fan, "PUT", `/api/me/follows/${maker.creatorId}`);
    }
    await kit.ok(fan, "PUT", `/api/me/favorites/product/${product.id}`);
    await kit.ok(fan, "PUT", `/api/me/favorites/track/${track.id}`);
    // A refused favorite counts nothing.
    expect((await kit.call(fan, "PUT", "/api/me/favorites/story/made-up")).status).toBe(404);
    await kit.ok(fan, "POST", `/api/stories/${story.id}/comments`, { body: "Counted." }, 201);
    for (const [listened_ms, outcome] of [
      [200_000, "complete"],
      [60_000, "partial"],
      [1_000, "skipped"],
      [199_000, "complete"],
    ] as const) {
      expect(await kit.ok(null, "POST", "/api/radio/plays", { track_id: track.id, listened_ms }, 201)).toEqual({ outcome });
    }
    // Two of the product in one order: one sale of 2 units.
    for (let i = 0; i < 2; i++) await kit.ok(fan, "POST", "/api/me/cart/items", { product_id: product.id });
    const placed = await t.request("/api/orders", { cookie: fan.cookie, json: ADDRESS, headers: { "idempotency-key": newKey() } });
    expect(placed.status).toBe(201);

    const stats = await statsOf(maker);
    expect(stats.totals).toEqual({
      views: 0,
      visitors: 0,
      plays_complete: 2,
      plays_partial: 1,
      plays_skipped: 1,
      favorites: 3,
      followers: 1,
      comments: 1,
      units: 2,
      revenue_cents: 3000,
      signups: 0,
    });
    expect(today(stats)).toMatchObject({ favorites: 3, followers: 1, comments: 1, plays_complete: 2, units: 2, revenue_cents: 3000 });
    expect(itemOf(stats, "story", story.id)).toMatchObject({ favorites: 1, comments: 1, followers: 0 });
    expect(itemOf(stats, "creator", maker.creatorId!)).toMatchObject({ followers: 1, favorites: 0 });
    expect(itemOf(stats, "product", product.id)).toMatchObject({ favorites: 1, units: 2, revenue_cents: 3000 });
    expect(itemOf(stats, "track", track.id)).toMatchObject({ title: "Counted Track", favorites: 1, plays_complete: 2, plays_partial: 1, plays_skipped: 1 });
    // Actions carry no visitor and no source.
    expect(stats.sources).toEqual([]);
  });
});

describe("sign-ups", () => {
  it("credits a sign-up to the item the visit viewed last and the visit's source; counts one declining counting or from no visit for the site only", async () => {
    const maker = await kit.creator("Pia");
    const [story, product] = [await kit.story(maker.creatorId), await kit.product(maker.creatorId)];
    const before = (await statsOf("site")).totals.signups;
    const ana = visitor();
    await beacon(ana, "/");
    await beacon(ana, `/stories/${story.id}`);
    await beacon(ana, "/store");
    await beacon(ana, `/store?productId=${product.id}`);
    await t.stats.flush();
    await signUpAs(ana);
    // Another browser that viewed the same product declines counting when it signs up; a third never viewed anything.
    const ben = visitor();
    await beacon(ben, `/store?productId=${product.id}`);
    await signUpAs(ben, { "sec-gpc": "1" });
    await signUpAs(visitor());

    const stats = await statsOf(maker);
    expect(stats.totals.signups).toBe(1);
    expect(itemOf(stats, "product", product.id)).toMatchObject({ views: 2, signups: 1 });
    expect(itemOf(stats, "story", story.id)).toMatchObject({ views: 1, signups: 0 });
    expect(stats.sources).toEqual([{ source: "", views: 3, visitors: 2, signups: 1 }]);
    const site = await statsOf("site");
    expect(site.totals.signups - before).toBe(3);
  });

  it("leaves uncredited a sign-up whose visit was over 30 minutes ago, and counts no refused sign-up", async () => {
    const maker = await kit.creator("Quim");
    const story = await kit.story(maker.creatorId);
    const ana = visitor();
    await beacon(ana, `/stories/${story.id}`);
    await t.stats.flush();
    // A sign-up refused (the passwords differ) is no account.
    const refused = await t.request("/api/auth/sign-up/email", {
      json: { username: "refused1", email: "refused1@example.com", phone: "+1 (555) 010-0000", password: "correct horse battery", confirmPassword: "another" },
      ip: ana.ip,
      headers: { "user-agent": ana.agent },
    });
    expect(refused.status).not.toBe(200);
    await t.stats.flush();
    const siteBefore = (await statsOf("site")).totals.signups;
    serverClock.setOffset(31 * 60_000);
    try {
      await signUpAs(ana);
      await t.stats.flush();
    } finally {
      serverClock.setOffset(0);
    }
    expect((await statsOf(maker)).totals).toMatchObject({ views: 1, signups: 0 });
    expect((await statsOf("site")).totals.signups).toBe(siteBefore + 1);
  });
});
