/**
 * Curation's effects everywhere (docs/decisions/0019): a hidden story, product or creator and a
 * suspended creator's content leave every public list, page, search, favorites, facets and the
 * creator pages; a hidden product cannot be bought; the studio refuses a suspended creator's
 * publishing while sign-in and orders still work; unhiding and reinstating bring everything back.
 * Featured items lead the public lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORY_MESSAGES } from "../../../../common/story-fields.js";
import type { Product, ProductFacets, Story } from "../../../../common/api/catalog.js";
import type { Creator, CreatorFacets, CreatorPage, CreatorProfilePage } from "../../../../common/api/creators.js";
import type { Cart } from "../../../../common/api/cart.js";
import type { FavoriteIds, FavoriteItems } from "../../../../common/api/favorites.js";
import type { Order } from "../../../../common/api/orders.js";
import type { Page } from "../../../../common/api/paging.js";
import type { SearchResults } from "../../../../common/api/search.js";
import type { StudioProfile, StudioStory } from "../../../../common/api/studio.js";
import { insertCartItem, insertFavorite, insertOrder } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { ADDRESS, newKey } from "../../orders/orders.fixtures.js";
import { staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

let t: TestApp;
const h = staffKit(() => t);
let curator: Person;

beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
  curator = await h.person("curator");
});
afterAll(async () => {
  await t?.close();
});

const base = "/api/admin/curation";
const get = <T>(path: string, who: Person | null = null) => h.ok<T>(who, "GET", path);
const status = async (path: string, who: Person | null = null) => (await t.request(path, { cookie: who?.cookie })).status;

/** Every item of a keyset-paged public list, following next_cursor to the end. */
async function everything<T extends { id: string }>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const page: Page<T> = await get<Page<T>>(`${path}${path.includes("?") ? "&" : "?"}limit=100${cursor ? `&cursor=${cursor}` : ""}`);
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) return items;
  }
  throw new Error(`${path} did not end`);
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** Where a story can be found by the public; each true while it is public. */
async function storySeen(storyId: string, title: string, creatorId: string, member: Person) {
  const search = await get<SearchResults>(`/api/search?q=${encodeURIComponent(title)}`);
  const page = await get<CreatorProfilePage>(`/api/creators/${creatorId}/page`);
  const creator = await get<Creator>(`/api/creators/${creatorId}`);
  const favorites = await get<FavoriteIds>("/api/me/favorites", member);
  const items = await get<FavoriteItems>(`/api/favorites/items?stories=${storyId}`);
  return {
    list: ids(await everything<Story>("/api/stories")).includes(storyId),
    page: (await status(`/api/stories/${storyId}`)) === 200,
    search: ids(search.stories).includes(storyId),
    creatorPage: ids(page.stories).includes(storyId),
    featuredIn: creator.story_ids.includes(storyId),
    favorites: favorites.stories.includes(storyId),
    favoriteItems: ids(items.stories).includes(storyId),
  };
}

/** Where a product can be found by the public; each true while it is public. */
async function productSeen(product: { id: string; title: string; kind: string; category: string }, creatorId: string, member: Person) {
  const search = await get<SearchResults>(`/api/search?q=${encodeURIComponent(product.title)}`);
  const page = await get<CreatorProfilePage>(`/api/creators/${creatorId}/page`);
  const favorites = await get<FavoriteIds>("/api/me/favorites", member);
  const items = await get<FavoriteItems>(`/api/favorites/items?products=${product.id}`);
  const first = await get<Page<Product>>(`/api/products?kind=${product.kind}&category=${product.category}&limit=12`);
  return {
    list: ids(await everything<Product>(`/api/products?kind=${product.kind}`)).includes(product.id),
    firstPage: ids(first.items).includes(product.id),
    item: (await status(`/api/products/${product.id}`)) === 200,
    search: ids(search.products).includes(product.id),
    creatorPage: ids(page.products).includes(product.id),
    favorites: favorites.products.includes(product.id),
    favoriteItems: ids(items.products).includes(product.id),
  };
}

const everywhere = <K extends string>(keys: Record<K, boolean>, value: boolean) =>
  Object.fromEntries(Object.keys(keys).map((k) => [k, value])) as Record<K, boolean>;

describe("a hidden story", () => {
  it("leaves /api/stories, its page, the search, favorites and the creator page; unhiding brings it back", async () => {
    const owner = await h.creator();
    const title = `Lanternfish ${h.unique()}`;
    const story = await h.story(owner.creatorId, { title });
    const member = await h.person();
    await insertFavorite(t.database, { user_id: member.id, kind: "story", item_id: story.id });

    const before = await storySeen(story.id, title, owner.creatorId!, member);
    expect(before).toEqual(everywhere(before, true));
    await h.ok(curator, "POST", `${base}/story/${story.id}/hide`);
    expect(await storySeen(story.id, title, owner.creatorId!, member)).toEqual(everywhere(before, false));
    // Liking it now is "not found", as an unknown story; the favorite itself is kept.
    expect((await h.call<ErrorBody>(member, "PUT", `/api/me/favorites/story/${story.id}`)).status).toBe(404);
    expect(await t.database.db.selectFrom("favorite").select("item_id").where("user_id", "=", member.id).execute()).toEqual([{ item_id: story.id }]);

    await h.ok(curator, "POST", `${base}/story/${story.id}/unhide`);
    expect(await storySeen(story.id, title, owner.creatorId!, member)).toEqual(before);
  });

  it("drops a product's link to it, and leaves the store's story filter", async () => {
    const story = await h.story(null, { title: `Tidepool ${h.unique()}` });
    const product = await h.product(null, { story_id: story.id });
    const facets = async () => ids((await get<ProductFacets>("/api/products/facets?kind=artifact")).stories);
    expect((await get<Product>(`/api/products/${product.id}`)).story).toEqual({ id: story.id, title: story.title });
    expect(await facets()).toContain(story.id);
    await h.ok(curator, "POST", `${base}/story/${story.id}/hide`);
    expect((await get<Product>(`/api/products/${product.id}`)).story).toBeNull();
    expect(await facets()).not.toContain(story.id);
    await h.ok(curator, "POST", `${base}/story/${story.id}/unhide`);
  });
});

describe("a hidden product", () => {
  it("leaves the products list, the carousel, its page, the search, favorites and the creator page; unhiding brings it back", async () => {
    const owner = await h.creator();
    // The newest tee, so the carousel's first page shows it.
    const product = await h.product(owner.creatorId, { kind: "merch", category: "clothing", title: `Mooncalf tee ${h.unique()}`, created_at: new Date() });
    const member = await h.person();
    await insertFavorite(t.database, { user_id: member.id, kind: "product", item_id: product.id });

    const before = await productSeen(product, owner.creatorId!, member);
    expect(before).toEqual(everywhere(before, true));
    await h.ok(curator, "POST", `${base}/product/${product.id}/hide`);
    expect(await productSeen(product, owner.creatorId!, member)).toEqual(everywhere(before, false));
    await h.ok(curator, "POST", `${base}/product/${product.id}/unhide`);
    expect(await productSeen(product, owner.creatorId!, member)).toEqual(before);
  });

  it("cannot be added to a cart or liked (404); a line already in a cart says it is no longer available until it is back", async () => {
    const product = await h.product(null, { stock: 5, price_cents: 2000 });
    const other = await h.product(null, { stock: 5 });
    const buyer = await h.person();
    await insertCartItem(t.database, { user_id: buyer.id, product_id: product.id, quantity: 2 });
    await h.ok(curator, "POST", `${base}/product/${product.id}/hide`);

    const add = await h.call<ErrorBody>(buyer, "POST", "/api/me/cart/items", { product_id: product.id });
    expect(add.status).toBe(404);
    expect(add.body.error.code).toBe("NOT_FOUND");
    expect((await h.call(buyer, "PUT", `/api/me/favorites/product/${product.id}`)).status).toBe(404);
    // A visitor's cart and likes, merged on sign-in, skip it as they skip unknown ids.
    await h.ok(buyer, "POST", "/api/me/cart/merge", { items: [{ product_id: product.id, quantity: 1 }, { product_id: other.id, quantity: 1 }] });
    await h.ok(buyer, "POST", "/api/me/favorites/merge", { products: [product.id, other.id] });
    expect((await get<FavoriteIds>("/api/me/favorites", buyer)).products).toEqual([other.id]);

    const cart = await get<Cart>("/api/me/cart", buyer);
    expect(cart.items.find((l) => l.id === product.id)).toMatchObject({ quantity: 2, stock: 0, available: false });
    expect(cart.items.find((l) => l.id === other.id)).toMatchObject({ available: true });
    // It cannot be bought, so it counts for nothing in the totals.
    const otherLine = cart.items.find((l) => l.id === other.id)!;
    expect(cart).toMatchObject({ count: otherLine.quantity, subtotal_cents: otherLine.price_cents * otherLine.quantity });
    expect((await h.call<ErrorBody>(buyer, "PUT", `/api/me/cart/items/${product.id}`, { quantity: 1 })).status).toBe(409);

    const stockBefore = await t.database.db.selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow();
    const refused = await t.request("/api/orders", { cookie: buyer.cookie, json: ADDRESS, headers: { "idempotency-key": newKey() } });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; message: string; details: { product_id: string; available: number }[] } };
    expect(body.error.code).toBe("OUT_OF_STOCK");
    expect(body.error.message).toBe("Some items in your cart are no longer available. Nothing was charged and no order was placed.");
    expect(body.error.details).toEqual([expect.objectContaining({ product_id: product.id, available: 0, requested: 2, unavailable: true })]);
    expect(await t.database.db.selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).toEqual(stockBefore);

    await h.ok(curator, "POST", `${base}/product/${product.id}/unhide`);
    expect((await get<Cart>("/api/me/cart", buyer)).items.find((l) => l.id === product.id)).toMatchObject({ quantity: 2, stock: 5, available: true });
    const placed = await t.request("/api/orders", { cookie: buyer.cookie, json: ADDRESS, headers: { "idempotency-key": newKey() } });
    expect(placed.status).toBe(201);
  });
});

describe("a hidden creator", () => {
  it("leaves the directory, its page, the search and favorites; their stories stay, credited to no one", async () => {
    const owner = await h.creator("Oriel");
    const story = await h.story(owner.creatorId);
    const member = await h.person();
    await insertFavorite(t.database, { user_id: member.id, kind: "creator", item_id: owner.creatorId! });
    const name = (await get<Creator>(`/api/creators/${owner.creatorId}`)).artist_name;
    const directory = async () => ids(await everything<Creator>("/api/creators"));

    expect(await directory()).toContain(owner.creatorId);
    const total = (await get<CreatorPage>("/api/creators?limit=1")).total!;
    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/hide`);
    expect(await directory()).not.toContain(owner.creatorId);
    expect((await get<CreatorPage>("/api/creators?limit=1")).total).toBe(total - 1);
    expect((await get<CreatorFacets>("/api/creators/facets")).total).toBe(total - 1);
    expect(await status(`/api/creators/${owner.creatorId}`)).toBe(404);
    expect(await status(`/api/creators/${owner.creatorId}/page`)).toBe(404);
    expect(ids((await get<SearchResults>(`/api/search?q=${encodeURIComponent(name)}`)).creators)).not.toContain(owner.creatorId);
    expect((await get<FavoriteIds>("/api/me/favorites", member)).creators).not.toContain(owner.creatorId);
    expect((await get<FavoriteItems>(`/api/favorites/items?creators=${owner.creatorId}`)).creators).toEqual([]);
    // The story stays public, without a link to the hidden profile.
    expect((await get<Story>(`/api/stories/${story.id}`)).creator).toBeNull();

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/unhide`);
    expect(await directory()).toContain(owner.creatorId);
    expect((await get<Story>(`/api/stories/${story.id}`)).creator).toEqual({ id: owner.creatorId, artist_name: name });
    expect((await get<FavoriteIds>("/api/me/favorites", member)).creators).toContain(owner.creatorId);
  });
});

describe("a suspended creator", () => {
  it("leaves the site with their stories and products; reinstating brings all back", async () => {
    const owner = await h.creator("Thessaly");
    const title = `Glasswing ${h.unique()}`;
    const story = await h.story(owner.creatorId, { title });
    const product = await h.product(owner.creatorId, { kind: "merch", category: "clothing", title: `${title} tee`, created_at: new Date() });
    const member = await h.person();
    await insertFavorite(t.database, [
      { user_id: member.id, kind: "story", item_id: story.id },
      { user_id: member.id, kind: "product", item_id: product.id },
      { user_id: member.id, kind: "creator", item_id: owner.creatorId! },
    ]);
    const creatorSeen = async () => ({
      directory: ids(await everything<Creator>("/api/creators")).includes(owner.creatorId!),
      item: (await status(`/api/creators/${owner.creatorId}`)) === 200,
      page: (await status(`/api/creators/${owner.creatorId}/page`)) === 200,
      favorite: (await get<FavoriteIds>("/api/me/favorites", member)).creators.includes(owner.creatorId!),
    });
    const storyWhere = async () => ({
      list: ids(await everything<Story>("/api/stories")).includes(story.id),
      page: (await status(`/api/stories/${story.id}`)) === 200,
      search: ids((await get<SearchResults>(`/api/search?q=${encodeURIComponent(title)}`)).stories).includes(story.id),
      favorite: (await get<FavoriteIds>("/api/me/favorites", member)).stories.includes(story.id),
    });
    const productWhere = async () => ({
      list: ids(await everything<Product>("/api/products?kind=merch")).includes(product.id),
      item: (await status(`/api/products/${product.id}`)) === 200,
      search: ids((await get<SearchResults>(`/api/search?q=${encodeURIComponent(title)}`)).products).includes(product.id),
      favorite: (await get<FavoriteIds>("/api/me/favorites", member)).products.includes(product.id),
    });
    const all = async () => ({ creator: await creatorSeen(), story: await storyWhere(), product: await productWhere() });
    const visible = await all();
    expect(JSON.stringify(visible)).not.toContain("false");

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/suspend`, { note: "Copied work" });
    const gone = await all();
    expect(JSON.stringify(gone)).not.toContain("true");
    const buyer = await h.person();
    expect((await h.call(buyer, "POST", "/api/me/cart/items", { product_id: product.id })).status).toBe(404);

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/unsuspend`);
    expect(await all()).toEqual(visible);
  });

  it("cannot publish, save a published story or edit the profile (403 SUSPENDED), but writes drafts, signs in and sees orders", async () => {
    const owner = await h.creator("Ines");
    const story = await h.ok<StudioStory>(owner, "POST", "/api/studio/stories", {
      title: "Before the ban",
      city: "Chicago",
      date: "2001-02-03",
      description: "Written before.",
      body: "Some words.",
    }, 201);
    const live = await h.ok<StudioStory>(owner, "POST", `/api/studio/stories/${story.id}/publish`, { version: story.version });
    const draft = await h.ok<StudioStory>(owner, "POST", "/api/studio/stories", { title: "A draft", city: "Chicago", description: "Later.", body: "Text." }, 201);
    const { order } = await insertOrder(t.database, { user_id: owner.id, lines: [{ product_id: (await h.product()).id }] });
    const profile = await get<StudioProfile>("/api/studio/profile", owner);
    expect(profile).toMatchObject({ suspended: false, hidden: false });

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/suspend`);
    const before = await t.database.db.selectFrom("story").selectAll().where("creator_id", "=", owner.creatorId).orderBy("id").execute();
    const refusals: [string, string, unknown][] = [
      ["POST", `/api/studio/stories/${draft.id}/publish`, { version: draft.version }],
      ["PUT", `/api/studio/stories/${live.id}`, { title: "Changed", city: "Chicago", description: "Changed.", body: "Changed.", version: live.version }],
      ["PUT", "/api/studio/profile", { ...profile, first_name: "Changed" }],
    ];
    for (const [method, path, json] of refusals) {
      const res = await h.call<ErrorBody>(owner, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toEqual({ code: "SUSPENDED", message: STORY_MESSAGES.suspended });
    }
    expect(await t.database.db.selectFrom("story").selectAll().where("creator_id", "=", owner.creatorId).orderBy("id").execute()).toEqual(before);
    expect((await get<StudioProfile>("/api/studio/profile", owner)).first_name).toBe(profile.first_name);

    // Still open: the studio's reads, drafts, taking a story down, signing in, orders.
    expect(await get<StudioProfile>("/api/studio/profile", owner)).toMatchObject({ suspended: true });
    expect(await get<{ items: StudioStory[] }>("/api/studio/stories", owner)).toMatchObject({ suspended: true, hidden: false, items: [{}, {}] });
    await h.ok(owner, "PUT", `/api/studio/stories/${draft.id}`, { title: "A draft, edited", city: "Chicago", description: "Later.", body: "More.", version: draft.version });
    await h.ok(owner, "POST", "/api/studio/stories", { title: "Another draft", city: "Chicago", description: "Soon.", body: "" }, 201);
    await h.ok(owner, "POST", `/api/studio/stories/${live.id}/unpublish`, { version: live.version });
    const cookie = await h.signIn(owner.email);
    expect(await get<{ items: Order[] }>("/api/orders", { ...owner, cookie })).toMatchObject({ items: [{ id: order.id }] });
    expect((await get<Order>(`/api/orders/${order.id}`, { ...owner, cookie })).id).toBe(order.id);

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/unsuspend`);
    const again = await h.ok<StudioStory>(owner, "GET", `/api/studio/stories/${live.id}`);
    await h.ok(owner, "POST", `/api/studio/stories/${live.id}/publish`, { version: again.version });
    expect((await get<Story>(`/api/stories/${live.id}`)).title).toBe("Before the ban");
  });
});

describe("the studio says what the public sees", () => {
  it("marks each story public or not, and why not: hidden, its creator suspended, no text; never published with a page that is a 404", async () => {
    const owner = await h.creator("Odile");
    const write = async (title: string, body: string, publish: boolean) => {
      const made = await h.ok<StudioStory>(owner, "POST", "/api/studio/stories", { title, city: "Chicago", date: "2001-04-05", description: "A card.", body }, 201);
      return publish ? h.ok<StudioStory>(owner, "POST", `/api/studio/stories/${made.id}/publish`, { version: made.version }) : made;
    };
    const live = await write("Out in the open", "Words.", true);
    const hidden = await write("Taken down", "Words.", true);
    const emptied = await write("Emptied", "Words.", true);
    const draft = await write("Not yet", "Words.", false);
    await h.ok(curator, "POST", `${base}/story/${hidden.id}/hide`);
    await h.ok(owner, "PUT", `/api/studio/stories/${emptied.id}`, { title: "Emptied", city: "Chicago", description: "A card.", body: "", version: emptied.version });

    /** What the studio's list says of each story, beside whether its public page answers. */
    const studio = async () => {
      const list = await get<{ items: StudioStory[] }>("/api/studio/stories", owner);
      const seen: Record<string, { status: string; public: boolean; off_site: string | null; page: boolean }> = {};
      for (const story of list.items) {
        seen[story.title] = { status: story.status, public: story.public, off_site: story.off_site, page: (await status(`/api/stories/${story.id}`)) === 200 };
        // The editor's own read says the same as the list.
        const one = await get<StudioStory>(`/api/studio/stories/${story.id}`, owner);
        expect({ public: one.public, off_site: one.off_site }).toEqual({ public: story.public, off_site: story.off_site });
      }
      return seen;
    };

    const before = await studio();
    expect(before).toEqual({
      "Out in the open": { status: "published", public: true, off_site: null, page: true },
      "Taken down": { status: "published", public: false, off_site: "hidden", page: false },
      Emptied: { status: "published", public: false, off_site: "no_text", page: false },
      "Not yet": { status: "draft", public: false, off_site: null, page: false },
    });
    // Every answer that changes a story says it too.
    const saved = await h.ok<StudioStory>(owner, "PUT", `/api/studio/stories/${live.id}`, { title: "Out in the open", city: "Chicago", description: "A card.", body: "More words.", version: live.version });
    expect({ public: saved.public, off_site: saved.off_site }).toEqual({ public: true, off_site: null });

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/suspend`);
    expect(await studio()).toEqual({
      "Out in the open": { status: "published", public: false, off_site: "suspended", page: false },
      "Taken down": { status: "published", public: false, off_site: "hidden", page: false },
      Emptied: { status: "published", public: false, off_site: "suspended", page: false },
      "Not yet": { status: "draft", public: false, off_site: null, page: false },
    });

    await h.ok(curator, "POST", `${base}/creator/${owner.creatorId}/unsuspend`);
    await h.ok(curator, "POST", `${base}/story/${hidden.id}/unhide`);
    expect(await studio()).toEqual({
      "Out in the open": { status: "published", public: true, off_site: null, page: true },
      "Taken down": { status: "published", public: true, off_site: null, page: true },
      Emptied: { status: "published", public: false, off_site: "no_text", page: false },
      "Not yet": { status: "draft", public: false, off_site: null, page: false },
    });
    expect(draft).toMatchObject({ public: false, off_site: null });
  });
});

describe("featured first", () => {
  it("leads /api/stories, the products list and the directory with the featured items, in order, under filters and across pages", async () => {
    const stories = [await h.story(), await h.story()];
    const tees = [
      await h.product(null, { kind: "merch", category: "clothing" }),
      await h.product(null, { kind: "merch", category: "clothing" }),
    ];
    const creators = [await h.creator(), await h.creator()];
    const storyIds = ids(await everything<Story>("/api/stories"));
    const merchIds = ids(await everything<Product>("/api/products?kind=merch"));
    const creatorIds = ids(await everything<Creator>("/api/creators"));
    for (const s of [stories[1]!, stories[0]!]) await h.ok(curator, "POST", `${base}/story/${s.id}/feature`);
    for (const p of [tees[1]!, tees[0]!]) await h.ok(curator, "POST", `${base}/product/${p.id}/feature`);
    for (const c of [creators[1]!, creators[0]!]) await h.ok(curator, "POST", `${base}/creator/${c.creatorId}/feature`);

    /** The list with the featured ids moved to the front, in order. */
    const withFirst = (list: string[], first: string[]) => [...first, ...list.filter((id) => !first.includes(id))];
    expect(ids(await everything<Story>("/api/stories"))).toEqual(withFirst(storyIds, [stories[1]!.id, stories[0]!.id]));
    expect(ids(await everything<Product>("/api/products?kind=merch"))).toEqual(withFirst(merchIds, [tees[1]!.id, tees[0]!.id]));
    expect(ids(await everything<Creator>("/api/creators"))).toEqual(withFirst(creatorIds, [creators[1]!.creatorId!, creators[0]!.creatorId!]));
    // Pages of one walk through the featured part and on into the rest, each item once.
    const small: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Story> = await get<Page<Story>>(`/api/stories?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      small.push(...ids(page.items));
      cursor = page.next_cursor;
    } while (cursor);
    expect(small).toEqual(withFirst(storyIds, [stories[1]!.id, stories[0]!.id]));
    // A filter narrows both parts: artifacts show none of the featured tees.
    expect(ids(await everything<Product>("/api/products?kind=artifact"))).not.toContain(tees[0]!.id);
    const chicago = await get<CreatorPage>("/api/creators?city=Chicago&limit=2");
    expect(ids(chicago.items)).toEqual([creators[1]!.creatorId, creators[0]!.creatorId]);
    // A hidden featured item keeps its place in the order but shows nowhere.
    await h.ok(curator, "POST", `${base}/product/${tees[1]!.id}/hide`);
    expect(ids((await get<Page<Product>>("/api/products?kind=merch&category=clothing&limit=12")).items)[0]).toBe(tees[0]!.id);
    await h.ok(curator, "POST", `${base}/product/${tees[1]!.id}/unhide`);

    for (const s of stories) await h.ok(curator, "POST", `${base}/story/${s.id}/unfeature`);
    for (const p of tees) await h.ok(curator, "POST", `${base}/product/${p.id}/unfeature`);
    for (const c of creators) await h.ok(curator, "POST", `${base}/creator/${c.creatorId}/unfeature`);
    expect(ids(await everything<Story>("/api/stories"))).toEqual(storyIds);
    expect(ids(await everything<Creator>("/api/creators"))).toEqual(creatorIds);
  });
});
