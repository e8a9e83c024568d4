/**
 * The curation API (/api/admin/curation/*, docs/decisions/0019): who may use it, the lists, the
 * featured order, hiding and suspending with their audit entries, and the response cache dropping
 * the public answers a write changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURATION_MESSAGES, FEATURED_MAX, type CurationItem, type CurationPage, type FeaturedList } from "../../../../common/api/admin-curation.js";
import type { Product } from "../../../../common/api/catalog.js";
import type { Page } from "../../../../common/api/paging.js";
import { insertProduct } from "../../../db/seed/factories.js";
import { createTestApp, ORIGIN, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

let t: TestApp;
const h = staffKit(() => t);
let curator: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
  curator = await h.person("curator");
  admin = await h.person("admin");
});
afterAll(async () => {
  await t?.close();
});

const base = "/api/admin/curation";

describe("who may curate", () => {
  it("refuses every route to a visitor (401), a member and a creator (403 NOT_STAFF), changing nothing", async () => {
    const owner = await h.creator();
    const story = await h.story(owner.creatorId);
    const product = await h.product(owner.creatorId);
    // Some state to undo, so that the refused unfeature, unhide and unsuspend would change something too.
    await h.ok(curator, "POST", `${base}/product/${product.id}/feature`);
    await h.ok(curator, "POST", `${base}/story/${story.id}/hide`);
    const routes: [string, string, unknown?][] = [
      ["GET", `${base}/story`],
      ["GET", `${base}/creator?state=suspended`],
      ["POST", `${base}/story/${story.id}/feature`],
      ["POST", `${base}/product/${product.id}/unfeature`],
      ["PUT", `${base}/product/featured-order`, { ids: [product.id] }],
      ["POST", `${base}/product/${product.id}/hide`, { note: "no" }],
      ["POST", `${base}/story/${story.id}/unhide`],
      ["POST", `${base}/creator/${owner.creatorId}/suspend`, { note: "no" }],
      ["POST", `${base}/creator/${owner.creatorId}/unsuspend`],
      // Nonsense is refused the same way: nothing is validated before the gate.
      ["POST", `${base}/nonsense/x/feature`, { note: 7 }],
    ];
    const member = await h.person("member");
    const creator = await h.creator();
    const before = await h.curationSnapshot();
    for (const [method, path, json] of routes) {
      const asVisitor = await h.call<ErrorBody>(null, method, path, json);
      expect(asVisitor.status, `${method} ${path}`).toBe(401);
      for (const who of [member, creator]) {
        const refused = await h.call<ErrorBody>(who, method, path, json);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.error.code).toBe("NOT_STAFF");
      }
    }
    expect(await h.curationSnapshot()).toEqual(before);
    await h.ok(curator, "POST", `${base}/product/${product.id}/unfeature`);
    await h.ok(curator, "POST", `${base}/story/${story.id}/unhide`);
  });

  it("refuses a write from another site (CSRF), changing nothing", async () => {
    const product = await h.product();
    const before = await h.curationSnapshot();
    const res = await t.request(`${base}/product/${product.id}/hide`, { cookie: curator.cookie, json: {}, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe("FORBIDDEN_ORIGIN");
    expect(await h.curationSnapshot()).toEqual(before);
  });

  it("lets curators and admins in", async () => {
    for (const who of [curator, admin]) expect((await h.call(who, "GET", `${base}/product`)).status).toBe(200);
  });

  it("answers bad input with 400 and the field, and an unknown id with 404", async () => {
    const product = await h.product();
    const bad: [string, string, unknown, string][] = [
      ["GET", `${base}/poem`, undefined, "kind"],
      ["GET", `${base}/story?state=gone`, undefined, "state"],
      ["GET", `${base}/story?cursor=nope`, undefined, "cursor"],
      ["GET", `${base}/story?limit=0`, undefined, "limit"],
      ["POST", `${base}/product/${product.id}/hide`, { note: "x".repeat(501) }, "note"],
      ["POST", `${base}/product/${product.id}/hide`, { note: "a\u0007b" }, "note"],
      ["PUT", `${base}/product/featured-order`, { ids: [product.id, product.id] }, "ids"],
      ["PUT", `${base}/product/featured-order`, { ids: "all" }, "ids"],
    ];
    const before = await h.curationSnapshot();
    for (const [method, path, json, field] of bad) {
      const res = await h.call<ErrorBody>(curator, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(res.body.error.fields ?? {}), `${method} ${path}`).toContain(field);
    }
    expect((await h.call<ErrorBody>(curator, "POST", `${base}/product/prod-nobody/hide`)).status).toBe(404);
    expect((await h.call<ErrorBody>(curator, "POST", `${base}/story/nobody/feature`)).body.error.message).toBe(CURATION_MESSAGES.notFound);
    // Only creators are suspended: a product's id is not a creator's.
    expect((await h.call<ErrorBody>(curator, "POST", `${base}/creator/${product.id}/suspend`)).status).toBe(404);
    expect(await h.curationSnapshot()).toEqual(before);
  });
});

describe("the featured order", () => {
  it("features at the end, unfeatures without moving the rest, and lists the featured in order", async () => {
    const a = await h.story();
    const b = await h.story();
    const c = await h.story();
    for (const story of [a, b, c]) {
      const item = await h.ok<CurationItem>(curator, "POST", `${base}/story/${story.id}/feature`);
      expect(item).toMatchObject({ kind: "story", id: story.id, link: `/stories/${story.id}`, hidden_at: null, public: true });
    }
    const ranks = async () => (await h.ok<CurationPage>(curator, "GET", `${base}/story?state=featured`)).items.map((i) => [i.id, i.featured_rank]);
    const [ra, rb, rc] = (await ranks()).map(([, rank]) => rank as number);
    expect(rb).toBe(ra! + 1);
    expect(rc).toBe(rb! + 1);

    // Featuring again changes nothing and writes no entry.
    const entries = (await h.auditOf(b.id)).length;
    expect((await h.ok<CurationItem>(curator, "POST", `${base}/story/${b.id}/feature`)).featured_rank).toBe(rb);
    expect(await h.auditOf(b.id)).toHaveLength(entries);

    await h.ok(curator, "POST", `${base}/story/${b.id}/unfeature`);
    expect(await ranks()).toEqual([
      [a.id, ra],
      [c.id, rc],
    ]);
    const audit = await h.auditOf(b.id);
    expect(audit.map((e) => e.action)).toEqual(["story.feature", "story.unfeature"]);
    expect(JSON.parse(audit[1]!.before!)).toEqual({ featured_rank: rb });
    expect(JSON.parse(audit[1]!.after!)).toEqual({ featured_rank: null });
    expect(audit[1]).toMatchObject({ actor_id: curator.id, actor_email: curator.email, target_kind: "story" });

    for (const story of [a, c]) await h.ok(curator, "POST", `${base}/story/${story.id}/unfeature`);
  });

  it("reorders the whole featured set, refuses a list that is not the set (409), and pages by rank", async () => {
    const products = await Promise.all([1, 2, 3].map(() => h.product(null, { kind: "merch", category: "clothing" })));
    for (const p of products) await h.ok(admin, "POST", `${base}/product/${p.id}/feature`);
    const [p1, p2, p3] = products.map((p) => p.id) as [string, string, string];

    const stale = await h.call<ErrorBody>(curator, "PUT", `${base}/product/featured-order`, { ids: [p3, p1] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "FEATURED_CHANGED", message: CURATION_MESSAGES.featuredChanged });
    expect((await h.call(curator, "PUT", `${base}/product/featured-order`, { ids: [p3, p1, "prod-nobody"] })).status).toBe(409);

    const list = await h.ok<FeaturedList>(curator, "PUT", `${base}/product/featured-order`, { ids: [p3, p1, p2] });
    expect(list.items.map((i) => [i.id, i.featured_rank])).toEqual([
      [p3, 1],
      [p1, 2],
      [p2, 3],
    ]);
    const [entry] = (await h.auditOf("featured")).filter((e) => e.action === "product.reorder");
    expect(JSON.parse(entry!.before!)).toEqual({ order: [p1, p2, p3] });
    expect(JSON.parse(entry!.after!)).toEqual({ order: [p3, p1, p2] });

    // The same order again changes nothing.
    await h.ok(curator, "PUT", `${base}/product/featured-order`, { ids: [p3, p1, p2] });
    expect((await h.auditOf("featured")).filter((e) => e.action === "product.reorder")).toHaveLength(1);

    // Keyset pages of one.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CurationPage = await h.ok<CurationPage>(curator, "GET", `${base}/product?state=featured&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([p3, p1, p2]);

    // The store's carousel leads with them, in that order.
    const carousel = await h.ok<Page<Product>>(null, "GET", "/api/products?kind=merch&category=clothing&limit=12");
    expect(carousel.items.slice(0, 3).map((p) => p.id)).toEqual([p3, p1, p2]);

    await h.ok(curator, "PUT", `${base}/product/featured-order`, { ids: [p1, p2, p3] });
    for (const id of [p1, p2, p3]) await h.ok(curator, "POST", `${base}/product/${id}/unfeature`);
    expect((await h.ok<FeaturedList>(curator, "PUT", `${base}/product/featured-order`, { ids: [] })).items).toEqual([]);
  });

  it(`refuses to feature more than ${FEATURED_MAX} of a kind (409 FEATURED_FULL)`, async () => {
    const many = await insertProduct(
      t.database,
      Array.from({ length: FEATURED_MAX }, (_, i) => ({ id: `prod-full-${process.pid}-${i}`, featured_rank: 1000 + i, created_at: "2000-01-01T00:00:00.000Z" })),
    );
    const one = await h.product();
    const res = await h.call<ErrorBody>(curator, "POST", `${base}/product/${one.id}/feature`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "FEATURED_FULL", message: CURATION_MESSAGES.featuredFull });
    expect(await h.auditOf(one.id)).toEqual([]);
    await t.database.db.updateTable("product").set({ featured_rank: null }).where("id", "in", many.map((p) => p.id)).execute();
  });
});

describe("hiding and suspending", () => {
  it("hides and unhides with the note in the audit log; the hidden list shows the last hidden first", async () => {
    const first = await h.product();
    const second = await h.product();
    const hidden = await h.ok<CurationItem>(curator, "POST", `${base}/product/${first.id}/hide`, { note: "  Counterfeit print  " });
    expect(hidden).toMatchObject({ id: first.id, public: false, link: `/store?productId=${first.id}` });
    expect(hidden.hidden_at).not.toBeNull();
    await h.ok(curator, "POST", `${base}/product/${second.id}/hide`);
    const list = await h.ok<CurationPage>(curator, "GET", `${base}/product?state=hidden&limit=100`);
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    // Hiding again: unchanged, no second entry.
    await h.ok(curator, "POST", `${base}/product/${first.id}/hide`);
    const unhidden = await h.ok<CurationItem>(curator, "POST", `${base}/product/${first.id}/unhide`, { note: "Licence shown" });
    expect(unhidden).toMatchObject({ hidden_at: null, public: true });
    const audit = await h.auditOf(first.id);
    expect(audit.map((e) => [e.action, e.note])).toEqual([
      ["product.hide", "Counterfeit print"],
      ["product.unhide", "Licence shown"],
    ]);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ hidden_at: null });
    expect(JSON.parse(audit[0]!.after!).hidden_at).toBe(hidden.hidden_at);
    await h.ok(curator, "POST", `${base}/product/${second.id}/unhide`);
  });

  it("suspends and reinstates a creator; their items show the suspension", async () => {
    const owner = await h.creator("Sasha");
    const story = await h.story(owner.creatorId);
    const suspended = await h.ok<CurationItem>(admin, "POST", `${base}/creator/${owner.creatorId}/suspend`, { note: "Stolen artwork" });
    expect(suspended).toMatchObject({ kind: "creator", id: owner.creatorId, public: false, creator: null, link: `/creators/${owner.creatorId}` });
    expect(suspended.title).toMatch(/^Sasha Curated/);
    expect(suspended.suspended_at).not.toBeNull();

    const stories = await h.ok<CurationPage>(curator, "GET", `${base}/story?state=suspended&limit=100`);
    expect(stories.items.find((i) => i.id === story.id)).toMatchObject({ public: false, creator: { id: owner.creatorId }, suspended_at: suspended.suspended_at });
    const creators = await h.ok<CurationPage>(curator, "GET", `${base}/creator?state=suspended&limit=100`);
    expect(creators.items.map((i) => i.id)).toContain(owner.creatorId);

    const back = await h.ok<CurationItem>(curator, "POST", `${base}/creator/${owner.creatorId}/unsuspend`);
    expect(back).toMatchObject({ suspended_at: null, public: true });
    const audit = await h.auditOf(owner.creatorId!);
    expect(audit.map((e) => [e.action, e.note, e.actor_id])).toEqual([
      ["creator.suspend", "Stolen artwork", admin.id],
      ["creator.unsuspend", "", curator.id],
    ]);
    expect(JSON.parse(audit[0]!.after!).suspended_at).toBe(suspended.suspended_at);
  });
});

describe("the curation lists", () => {
  it("search by title or id, include drafts and hidden items, and page newest first without repeats", async () => {
    const owner = await h.creator();
    const marker = `Zephyrine ${h.unique()}`;
    const stories = [
      await h.story(owner.creatorId, { title: `${marker} one`, created_at: "2001-01-01T00:00:01.000Z" }),
      await h.story(owner.creatorId, { title: `${marker} two`, created_at: "2001-01-01T00:00:02.000Z", status: "draft" }),
      await h.story(null, { title: `${marker} three`, created_at: "2001-01-01T00:00:03.000Z" }),
    ];
    await h.ok(curator, "POST", `${base}/story/${stories[0]!.id}/hide`);
    const seen: CurationItem[] = [];
    let cursor: string | null = null;
    do {
      const page: CurationPage = await h.ok<CurationPage>(curator, "GET", `${base}/story?q=${encodeURIComponent(marker)}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.map((i) => i.id)).toEqual([stories[2]!.id, stories[1]!.id, stories[0]!.id]);
    expect(seen.map((i) => [i.draft, i.public, i.hidden_at !== null])).toEqual([
      [false, true, false],
      [true, false, false],
      [false, false, true],
    ]);
    expect(seen[2]!.creator).toMatchObject({ id: owner.creatorId });
    const byId = await h.ok<CurationPage>(curator, "GET", `${base}/story?q=${stories[1]!.id}`);
    expect(byId.items.map((i) => i.id)).toEqual([stories[1]!.id]);
  });
});

describe("the response cache", () => {
  it("drops the store's cached pages at once when a curator features or hides a tee", async () => {
    const tee = await h.product(null, { kind: "merch", category: "clothing", created_at: "2000-01-01T00:00:00.000Z" });
    const carousel = "/api/products?kind=merch&category=clothing&limit=12";
    const read = async () => {
      const res = await t.request(carousel);
      return { first: ((await res.json()) as Page<Product>).items[0]?.id, cache: res.headers.get("x-cache") };
    };
    await read();
    const cached = await read();
    expect(cached.cache).toBe("hit");
    expect(cached.first).not.toBe(tee.id);

    const res = await t.request(`${base}/product/${tee.id}/feature`, { cookie: curator.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await read()).toEqual({ first: tee.id, cache: "miss" });

    await h.ok(curator, "POST", `${base}/product/${tee.id}/hide`);
    expect((await read()).first).not.toBe(tee.id);
    expect((await t.request(`/api/products/${tee.id}`)).status).toBe(404);
    await h.ok(curator, "POST", `${base}/product/${tee.id}/unfeature`);
    await h.ok(curator, "POST", `${base}/product/${tee.id}/unhide`);
    expect((await t.request(`/api/products/${tee.id}`)).status).toBe(200);
  });

  it("answers the list privately: never cached, never stored", async () => {
    const res = await t.request(`${base}/creator`, { cookie: curator.cookie });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-cache")).toBeNull();
    expect(new URL(`${base}/creator`, ORIGIN).pathname).toBe(`${base}/creator`);
  });
});
