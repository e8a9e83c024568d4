import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap } from "../bootstrap.js";
import { ADDRESS, newKey, ordersHelpers } from "../features/orders/orders.fixtures.js";
import { createTestApp, ORIGIN, type TestApp } from "../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../test/redis.js";
import { etagOf, productTag, ResponseStore, storyTag, type CacheTag } from "./response-cache.js";

const PRODUCTS = "/api/products?kind=artifact&limit=24";

function entry(bytes: number, tags: CacheTag[] = ["catalog"]) {
  const body = new Uint8Array(bytes);
  return { body, etag: etagOf(body), headers: {}, tags, storedAt: Date.now() };
}

describe("ResponseStore", () => {
  it("keeps at most maxEntries, dropping the least recently used first", () => {
    const store = new ResponseStore({ maxEntries: 2, maxBytes: 1_000 });
    store.set("a", entry(10), store.mark());
    store.set("b", entry(10), store.mark());
    store.get("a"); // a is now the most recently used
    store.set("c", entry(10), store.mark());
    expect([store.get("a") !== undefined, store.get("b") !== undefined, store.get("c") !== undefined]).toEqual([true, false, true]);
    expect(store.size).toBe(2);
  });

  it("keeps at most maxBytes and refuses one entry larger than an eighth of it", () => {
    const store = new ResponseStore({ maxEntries: 100, maxBytes: 800 });
    for (const key of ["a", "b", "c", "d", "e", "f", "g", "h", "i"]) store.set(key, entry(100), store.mark());
    expect(store.bytes).toBe(800);
    expect(store.get("a")).toBeUndefined();
    expect(store.set("big", entry(101), store.mark())).toBe(false);
    expect(store.bytes).toBe(800);
  });

  it("drops only the invalidated tags, and refuses a read that started before the invalidation", () => {
    const store = new ResponseStore();
    store.set("products", entry(10, ["catalog"]), store.mark());
    store.set("creators", entry(10, ["creators"]), store.mark());
    const before = store.mark();
    store.invalidate(["catalog"]);
    expect(store.get("products")).toBeUndefined();
    expect(store.get("creators")).toBeDefined();
    // A page read from the database before the write must not be stored after it.
    expect(store.set("products", entry(10, ["catalog"]), before)).toBe(false);
    expect(store.set("products", entry(10, ["catalog"]), store.mark())).toBe(true);
  });

  it("drops one story's own entries for its tag, and nothing of another story or the catalogue", () => {
    const store = new ResponseStore();
    const tagsOf = (id: string): CacheTag[] => ["catalog", storyTag(id)];
    store.set("page:a", entry(10, tagsOf("a")), store.mark());
    store.set("page:b", entry(10, tagsOf("b")), store.mark());
    store.set("stories", entry(10, ["catalog"]), store.mark());
    store.invalidate([storyTag("a")]);
    expect([store.get("page:a"), store.get("page:b"), store.get("stories")].map((e) => e !== undefined)).toEqual([false, true, true]);
  });

  it("refuses a read whose tags learned while reading (a list's products) were dropped after its mark", () => {
    const store = new ResponseStore();
    const mark = store.mark();
    store.invalidate([productTag("p1")]);
    // The list read before the order showed p1's old stock: not kept.
    expect(store.set("list", entry(10, ["catalog", productTag("p1"), productTag("p2")]), mark)).toBe(false);
    // A list of other products read over the same time is kept, and an order of p2 drops it alone.
    expect(store.set("other", entry(10, ["catalog", productTag("p2")]), mark)).toBe(true);
    expect(store.set("third", entry(10, ["catalog", productTag("p3")]), store.mark())).toBe(true);
    store.invalidate([productTag("p2")]);
    expect([store.get("other"), store.get("third")].map((e) => e !== undefined)).toEqual([false, true]);
  });

  it("forgets long-past invalidations once there are many, and then stores no read marked before them", () => {
    const store = new ResponseStore();
    const old = store.mark();
    const start = Date.now();
    for (let i = 0; i < 10_001; i++) store.invalidate([productTag(`p${i}`)], start);
    const recent = store.mark();
    // A minute on, the next order's invalidation forgets the oldest half: their numbers are unknown now.
    store.invalidate([productTag("late")], start + 61_000);
    expect(store.set("from-long-ago", entry(10, ["catalog", productTag("unrelated")]), old)).toBe(false);
    expect(store.set("fresh", entry(10, ["catalog", productTag("unrelated")]), store.mark())).toBe(true);
    expect(store.set("before-late", entry(10, ["catalog", productTag("late")]), recent)).toBe(false);
  });
});

describe("the response cache in the app (in-process bus)", () => {
  let t: TestApp;
  const h = ordersHelpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a repeat from the cache with the same bytes and headers, and 304 for a matching If-None-Match", async () => {
    await h.product(4);
    const path = `${PRODUCTS}&q=order`;
    const first = await t.request(path);
    const second = await t.request(path);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["miss", "hit"]);
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(a.length).toBeGreaterThan(0);
    expect(b.equals(a)).toBe(true);
    const etag = first.headers.get("etag")!;
    expect(etag).toBe(etagOf(a));
    const headersOf = (res: Response) =>
      [...res.headers].filter(([name]) => !["x-cache", "x-request-id"].includes(name)).sort();
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    const notModified = await t.request(path, { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
    expect((await t.request(path, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("shows a product's new stock right after an order takes it and after a cancellation returns it", async () => {
    const product = await h.product(3);
    const stock = async () => ((await (await t.request(`/api/products/${product.id}`)).json()) as { stock: number }).stock;
    expect(await stock()).toBe(3);
    expect((await t.request(`/api/products/${product.id}`)).headers.get("x-cache")).toBe("hit");
    // Reads that show no stock: an order leaves them cached.
    const stockless = ["/api/stories?limit=24", "/api/search?q=order"];
    for (const path of stockless) await t.request(path);

    const { cookie, user } = await t.signUp();
    await h.cartLine(user.uid, product.id, 2);
    const placed = await h.place(cookie, newKey(), ADDRESS);
    expect(placed.status).toBe(201);
    expect(await stock()).toBe(1);
    for (const path of stockless) expect((await t.request(path)).headers.get("x-cache"), path).toBe("hit");

    const { id } = (await placed.json()) as { id: string };
    expect((await t.request(`/api/orders/${id}/cancel`, { method: "POST", cookie })).status).toBe(200);
    expect(await stock()).toBe(3);
  });

  it("an order drops the cached reads that show what it bought and keeps every other product's; a sold-out size drops them all", async () => {
    const bought = await h.product(3, 1250, "Cache Bought Print");
    const other = await h.product(3, 1250, "Cache Other Print");
    const reads = {
      bought: `/api/products/${bought.id}`,
      other: `/api/products/${other.id}`,
      boughtList: `${PRODUCTS}&q=${encodeURIComponent("Cache Bought")}`,
      otherList: `${PRODUCTS}&q=${encodeURIComponent("Cache Other")}`,
      both: `${PRODUCTS}&q=${encodeURIComponent("Cache")}`,
    };
    const cacheOf = async () => {
      const seen: Record<string, string | null> = {};
      for (const [name, path] of Object.entries(reads)) seen[name] = (await t.request(path)).headers.get("x-cache");
      return seen;
    };
    await cacheOf();
    expect(Object.values(await cacheOf())).toEqual(["hit", "hit", "hit", "hit", "hit"]);

    // Two of three: the count changes, no size sells out.
    const buyer = await t.signUp();
    await h.cartLine(buyer.user.uid, bought.id, 2);
    expect((await h.place(buyer.cookie, newKey(), ADDRESS)).status).toBe(201);
    expect(await cacheOf()).toEqual({ bought: "miss", other: "hit", boughtList: "miss", otherList: "hit", both: "miss" });
    const listed = (await (await t.request(reads.both)).json()) as { items: { id: string; stock: number }[] };
    expect(listed.items.find((p) => p.id === bought.id)?.stock).toBe(1);

    // The last one: sold out, which every read of stock shows (a badge, a disabled button).
    await h.cartLine(buyer.user.uid, bought.id, 1);
    expect((await h.place(buyer.cookie, newKey(), ADDRESS)).status).toBe(201);
    expect(await cacheOf()).toEqual({ bought: "miss", other: "miss", boughtList: "miss", otherList: "miss", both: "miss" });
    expect(((await (await t.request(reads.bought)).json()) as { stock: number }).stock).toBe(0);
  });

  it("shows a new creator right after an application approves it", async () => {
    const count = async () => ((await (await t.request("/api/creators?limit=50")).json()) as { total: number }).total;
    const before = await count();
    const res = await t.request("/api/creators/applications", {
      json: {
        first_name: "Cache",
        last_name: "Tester",
        email: `cache-${newKey()}@example.org`,
        bio: "Makes prints about caches and the things they forget to drop.",
        city: "Tucson",
        state: "AZ",
        art_type: ["visual_art"],
        instagram: "",
        website: "",
        image_url: "",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it("never caches or shares a per-user route: each signed-in user gets their own cart", async () => {
    const [p1, p2] = [await h.product(5), await h.product(5)];
    const [u1, u2] = [await t.signUp(), await t.signUp()];
    await h.cartLine(u1.user.uid, p1.id, 1);
    await h.cartLine(u2.user.uid, p2.id, 2);
    const cart = async (cookie: string) => {
      const res = await t.request("/api/me/cart", { cookie });
      expect(res.headers.get("x-cache")).toBeNull();
      expect(res.headers.get("etag")).toBeNull();
      return ((await res.json()) as { items: { id: string; quantity: number }[] }).items;
    };
    for (let round = 0; round < 2; round++) {
      expect(await cart(u1.cookie)).toMatchObject([{ id: p1.id, quantity: 1 }]);
      expect(await cart(u2.cookie)).toMatchObject([{ id: p2.id, quantity: 2 }]);
    }
    expect((await t.request("/api/me/cart")).status).toBe(401);
  });
});

// Two instances sharing one database and one Redis, as behind a load balancer.
const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisForTests("the two-instance cache invalidation test");

describe.skipIf(!redisUp)("the response cache across two instances (Redis bus)", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof bootstrap>>;
  const h = ordersHelpers(() => a);
  const getOnB = (path: string) => b.app.request(`${ORIGIN}${path}`, {}, { incoming: { socket: { remoteAddress: "127.0.0.1" } } });

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    b = await bootstrap(a.config); // same database, its own cache and Redis connections
  });
  afterAll(async () => {
    b?.responseCache.close();
    b?.redis?.disconnect();
    await b?.database.close();
    await a?.close();
  });

  it("an order placed on one instance empties the other's cached page", async () => {
    const product = await h.product(3);
    const stockOnB = async () => {
      const res = await getOnB(`/api/products/${product.id}`);
      return { stock: ((await res.json()) as { stock: number }).stock, cache: res.headers.get("x-cache") };
    };
    expect(await stockOnB()).toEqual({ stock: 3, cache: "miss" });
    expect(await stockOnB()).toEqual({ stock: 3, cache: "hit" });

    const { cookie, user } = await a.signUp();
    await h.cartLine(user.uid, product.id, 1);
    expect((await h.place(cookie, newKey(), ADDRESS)).status).toBe(201);

    // The message reaches B asynchronously: B answers from its cache until it arrives.
    await expect.poll(async () => (await stockOnB()).stock, { timeout: 5_000, interval: 20 }).toBe(2);
  });
});
