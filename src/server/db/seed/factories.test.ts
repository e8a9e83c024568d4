/**
 * The row factories against the real app on the database under test: every insertX gives rows
 * the API reads back as the app's own writes would be, and every built row's search_text is the
 * fold of its fields (decision 0011), whatever the text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../../common/api/cart.js";
import type { Product, Story } from "../../../common/api/catalog.js";
import type { Creator } from "../../../common/api/creators.js";
import type { FavoriteIds } from "../../../common/api/favorites.js";
import type { Order } from "../../../common/api/orders.js";
import type { Page } from "../../../common/api/paging.js";
import type { Profile } from "../../../common/api/profile.js";
import { FIELD_SEPARATOR, foldSearchText } from "../../search/search-text.js";
import { createTestApp, sessionCookie, type TestApp } from "../../test/harness.js";
import { toBool } from "../dialect.js";
import {
  buildCreator,
  buildCreatorApplication,
  buildProduct,
  buildStory,
  DEFAULT_PASSWORD,
  insertCartItem,
  insertCreator,
  insertCreatorApplication,
  insertFavorite,
  insertOrder,
  insertProduct,
  insertStory,
  insertUser,
  withTransaction,
} from "./factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function getJson<T>(path: string, cookie?: string): Promise<T> {
  const res = await t.request(path, { cookie });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", { json: { email, password } });
  expect(res.status, await res.clone().text()).toBe(200);
  return sessionCookie(res);
}

/** The rule of decision 0011, spelt out here rather than borrowed from the code under test. */
const folded = (...fields: string[]) => fields.map(foldSearchText).join(FIELD_SEPARATOR);

/** Text that folds differently from its own lower case: accents, ß, Turkish i's, a ligature, a payload. */
const AWKWARD = ["Café Señora", "STRASSE Straße", "İSTANBUL ıstanbul", "ﬁre ①", "<img src=x onerror=alert(1)>", ""];

describe("search_text", () => {
  it("is the fold of the fields of every built product, story and creator", () => {
    for (const dialect of ["sqlite", "postgres"] as const) {
      for (const [i, a] of AWKWARD.entries()) {
        const b = AWKWARD[(i + 1) % AWKWARD.length]!;
        const c = AWKWARD[(i + 2) % AWKWARD.length]!;
        const product = buildProduct(dialect, { title: a, description: b });
        expect(product.search_text).toBe(folded(a, b));
        const story = buildStory(dialect, { title: a, description: b, city: c });
        expect(story.search_text).toBe(folded(a, b));
        const { creator } = buildCreator(dialect, { first_name: a, last_name: b, bio: c, city: a });
        expect(creator.search_text).toBe(folded(`${a} ${b}`, c, a));
      }
      const applied = buildCreatorApplication(dialect, { first_name: "zoë", last_name: "ÇELIK", bio: "Weaves  rugs.", state: "il", city: "chicago" });
      expect(applied.creator.search_text).toBe(folded("Zoë Çelik", "Weaves  rugs.", "Chicago"));
      // Defaults too.
      const plain = buildProduct(dialect);
      expect(plain.search_text).toBe(folded(plain.title, plain.description));
    }
  });

  it("is what the database holds and what search finds", async () => {
    await insertProduct(t.database, { id: "fx-fold", kind: "merch", category: "other", title: "Straße Café", description: "İSTANBUL" });
    const row = await t.database.db.selectFrom("product").select(["title", "description", "search_text"]).where("id", "=", "fx-fold").executeTakeFirstOrThrow();
    expect(row.search_text).toBe(folded(row.title, row.description));
    for (const q of ["STRASSE", "cafe", "istanbul"]) {
      const page = await getJson<Page<Product>>(`/api/products?kind=merch&q=${encodeURIComponent(q)}`);
      expect(page.items.map((p) => p.id), q).toEqual(["fx-fold"]);
    }
  });
});

describe("defaults", () => {
  it("are unique and complete, timestamps newest last and never equal", () => {
    const a = buildProduct("sqlite");
    const b = buildProduct("sqlite");
    expect(a.id).not.toBe(b.id);
    expect(a.title).not.toBe(b.title);
    expect(Date.parse(String(b.created_at))).toBeGreaterThan(Date.parse(String(a.created_at)));
    expect(a.limited_edition).toBe(0);
    expect(buildProduct("postgres").limited_edition).toBe(false);
    for (const value of Object.values(a)) expect(value).not.toBeUndefined();
  });

  it("write a Date as canonical ISO text and a string as given", () => {
    expect(buildStory("sqlite", { date: new Date("2025-03-14T12:00Z") }).date).toBe("2025-03-14T12:00:00.000Z");
    expect(buildProduct("sqlite", { created_at: "2099-01-01T00:00:00.000006Z" }).created_at).toBe("2099-01-01T00:00:00.000006Z");
  });
});

describe("insertX round-trips through the API", () => {
  it("stories and products", async () => {
    const story = await insertStory(t.database, { id: "fx-story", title: "Night Market", description: "Lanterns.", city: "Austin", date: new Date("2024-05-01T12:00:00Z"), body: "A page." });
    expect(story.id).toBe("fx-story");
    expect(await getJson<Story>("/api/stories/fx-story")).toEqual({
      id: "fx-story",
      title: "Night Market",
      description: "Lanterns.",
      city: "Austin",
      date: "2024-05-01T12:00:00.000Z",
      image_url: null,
      cover: null,
      has_page: true,
      creator: null,
      comment_count: 0,
      body: "A page.",
      published_at: expect.any(String),
      images: [],
      comments_open: true,
    });
    await insertProduct(t.database, { id: "fx-product", kind: "artifact", category: "music", title: "Tape", description: "Side A.", price_cents: 1299, stock: 3, limited_edition: true, story_id: "fx-story" });
    expect(await getJson<Product>("/api/products/fx-product")).toMatchObject({
      id: "fx-product",
      kind: "artifact",
      category: "music",
      name: "Tape",
      price: "$12.99",
      stock: 3,
      limited_edition: true,
      image_url: null,
      story: { id: "fx-story", title: "Night Market" },
    });
  });

  it("many rows in one call, in chunks, all or nothing", async () => {
    const many = await insertProduct(
      t.database,
      Array.from({ length: 1_234 }, (_, i) => ({ id: `fx-many-${i}`, kind: "merch" as const, category: "clothing" as const, title: `Many ${i}` })),
    );
    expect(many).toHaveLength(1_234);
    const count = async () =>
      Number((await t.database.db.selectFrom("product").select((eb) => eb.fn.countAll<number>().as("n")).where("id", "like", "fx-many-%").executeTakeFirstOrThrow()).n);
    expect(await count()).toBe(1_234);
    // The last row clashes with the first: the call writes nothing at all.
    const clash = Array.from({ length: 700 }, (_, i) => ({ id: `fx-clash-${i}` }));
    clash.push({ id: "fx-clash-0" });
    await expect(insertProduct(t.database, clash)).rejects.toThrow();
    expect(await t.database.db.selectFrom("product").select("id").where("id", "like", "fx-clash-%").execute()).toEqual([]);
    // Inside a caller's transaction the rows commit with it.
    await withTransaction(t.database, async (trx) => {
      await insertStory(trx, { id: "fx-trx-story" });
      await insertProduct(trx, { id: "fx-trx-product", story_id: "fx-trx-story" });
    });
    expect((await getJson<Product>("/api/products/fx-trx-product")).story?.id).toBe("fx-trx-story");
  });

  it("creators with their disciplines and featured stories", async () => {
    await insertStory(t.database, { id: "fx-feature", title: "Feature" });
    const rows = await insertCreator(t.database, [
      { id: "fx_creator", first_name: "Rosa", last_name: "Díaz", bio: "Screens posters.", city: "Denver", state: "CO", instagram: "rosa.prints", disciplines: ["design", "visual_art"], stories: ["fx-feature"] },
      { id: "fx_hidden", approved: false },
    ]);
    expect(rows.map((r) => r.creator.id)).toEqual(["fx_creator", "fx_hidden"]);
    expect(await getJson<Creator>("/api/creators/fx_creator")).toMatchObject({
      id: "fx_creator",
      artist_name: "Rosa Díaz",
      disciplines: ["visual_art", "design"],
      story_ids: ["fx-feature"],
      stories: [{ id: "fx-feature", title: "Feature" }],
      instagram: "rosa.prints",
      website: null,
      profile_image_url: null,
      approved: true,
    });
    expect((await getJson<Page<Creator>>("/api/creators?q=diaz")).items.map((c) => c.id)).toEqual(["fx_creator"]);
    expect((await t.request("/api/creators/fx_hidden")).status).toBe(404);
  });

  it("a creator application, stored as the application endpoint stores it", async () => {
    const form = {
      first_name: "  mAYA ",
      last_name: "o'brien",
      email: " Maya.OBrien@Example.com ",
      bio: "Letterpress and\r\nlinocuts.",
      state: "ny",
      city: "new york",
      art_type: ["writing", "visual_art", "writing"],
      instagram: "@maya_prints",
      website: "https://example.com/maya",
      image_url: "",
    };
    const res = await t.request("/api/creators/applications", { json: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const viaApi = (await res.json()) as Creator;
    const stored = await t.database.db.selectFrom("creator").selectAll().where("id", "=", viaApi.id).executeTakeFirstOrThrow();
    const storedDisciplines = await t.database.db.selectFrom("creator_discipline").selectAll().where("creator_id", "=", viaApi.id).orderBy("discipline").execute();
    await t.database.db.deleteFrom("creator").where("id", "=", viaApi.id).execute();

    const { creator, disciplines } = await insertCreatorApplication(t.database, { ...form, joined: viaApi.joined });
    expect(creator.id).toBe(viaApi.id);
    expect(await t.database.db.selectFrom("creator").selectAll().where("id", "=", viaApi.id).executeTakeFirstOrThrow()).toEqual(stored);
    expect(await t.database.db.selectFrom("creator_discipline").selectAll().where("creator_id", "=", viaApi.id).orderBy("discipline").execute()).toEqual(storedDisciplines);
    expect(disciplines.map((d) => d.discipline)).toEqual(["writing", "visual_art"]);
    expect(await getJson<Creator>(`/api/creators/${viaApi.id}`)).toEqual(viaApi);

    // Invalid form values are refused as the form refuses them.
    expect(() => buildCreatorApplication("sqlite", { website: "javascript:alert(1)" })).toThrow();
  });

  it("users who sign in with their password; an applicant's user becomes the creator", async () => {
    const { user, password } = await insertUser(t.database, { username: "fixture_fan", email: "Fixture.Fan@Example.com", phone: "+1 (555) 010-3333" });
    expect(password).toBe(DEFAULT_PASSWORD);
    const cookie = await signIn("fixture.fan@example.com", password);
    expect(await getJson<Profile>("/api/me", cookie)).toEqual({
      uid: user.id,
      email: "fixture.fan@example.com",
      email_verified: false,
      newsletter: false,
      comment_mail: true,
      username: "fixture_fan",
      phone: "+1 (555) 010-3333",
      subscribed: true,
      creator: false,
      creator_id: null,
      joined: user.created_at,
      role: "member",
    });
    const others = await insertUser(t.database, [{ password: "another secret", subscribed: false }, {}]);
    expect(new Set(others.map((o) => o.user.id)).size).toBe(2);
    const other = await signIn(others[0]!.user.email, "another secret");
    expect((await getJson<Profile>("/api/me", other)).subscribed).toBe(false);
    expect((await t.request("/api/auth/sign-in/email", { json: { email: others[1]!.user.email, password: "another secret" } })).status).toBe(401);

    const { creator } = await insertCreatorApplication(t.database, { email: user.email, user_id: user.id });
    const me = await getJson<Profile>("/api/me", cookie);
    expect(me).toMatchObject({ creator: true, creator_id: creator.id });
    const row = await t.database.db.selectFrom("creator").select(["user_id", "approved"]).where("id", "=", creator.id).executeTakeFirstOrThrow();
    expect({ user_id: row.user_id, approved: toBool(row.approved) }).toEqual({ user_id: user.id, approved: true });
  });

  it("cart items, favorites and orders belong to their user", async () => {
    const { user, password } = await insertUser(t.database);
    const cookie = await signIn(user.email, password);
    const [tee, print] = await insertProduct(t.database, [
      { title: "Fixture tee", kind: "merch", category: "clothing", price_cents: 2800, stock: 5 },
      { title: "Fixture print", price_cents: 1250, stock: 2 },
    ]);

    await insertCartItem(t.database, [
      { user_id: user.id, product_id: tee!.id, quantity: 2 },
      { user_id: user.id, product_id: print!.id },
    ]);
    const cart = await getJson<Cart>("/api/me/cart", cookie);
    expect(cart.items.map((l) => [l.id, l.quantity])).toEqual(expect.arrayContaining([[tee!.id, 2], [print!.id, 1]]));
    expect(cart).toMatchObject({ count: 3, subtotal_cents: 6850 });

    await insertFavorite(t.database, [
      { user_id: user.id, item_id: print!.id },
      { user_id: user.id, kind: "story", item_id: "fx-story" },
    ]);
    expect(await getJson<FavoriteIds>("/api/me/favorites", cookie)).toEqual({ stories: ["fx-story"], creators: [], products: [print!.id], tracks: [] });

    const { order, items } = await insertOrder(t.database, {
      user_id: user.id,
      lines: [
        { product_id: tee!.id, title: tee!.title, price_cents: tee!.price_cents, quantity: 2 },
        { product_id: print!.id, title: print!.title, price_cents: print!.price_cents },
      ],
    });
    expect(items).toHaveLength(2);
    const read = await getJson<Order>(`/api/orders/${order.id}`, cookie);
    expect(read).toMatchObject({
      id: order.id,
      status: "placed",
      item_count: 3,
      subtotal_cents: 6850,
      shipping_cents: order.shipping_cents,
      total_cents: 6850 + order.shipping_cents,
      payment: { method: "invoice", status: "due" },
      can_cancel: true,
    });
    expect(read.items.map((l) => [l.name, l.quantity])).toEqual([["Fixture print", 1], ["Fixture tee", 2]]);
    expect((await getJson<Page<{ id: string }>>("/api/orders", cookie)).items.map((o) => o.id)).toEqual([order.id]);
    // Another buyer does not see it.
    const stranger = await insertUser(t.database);
    expect((await t.request(`/api/orders/${order.id}`, { cookie: await signIn(stranger.user.email, stranger.password) })).status).toBe(404);
  });
});
