import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FavoriteIds, FavoriteItems } from "../../../common/api/favorites.js";
import { createTestApp, sessionCookie, type TestApp } from "../../test/harness.js";

let t: TestApp;
let ids: { stories: string[]; creators: string[]; products: string[] };
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
  const { db } = t.database;
  ids = {
    stories: (await db.selectFrom("story").select("id").orderBy("id").limit(3).execute()).map((r) => r.id),
    creators: (await db.selectFrom("creator").select("id").orderBy("id").limit(3).execute()).map((r) => r.id),
    products: (await db.selectFrom("product").select("id").orderBy("id").limit(3).execute()).map((r) => r.id),
  };
});
afterAll(async () => {
  await t.close();
});

const like = (cookie: string, kind: string, id: string) => t.request(`/api/me/favorites/${kind}/${id}`, { method: "PUT", cookie });
const unlike = (cookie: string, kind: string, id: string) =>
  t.request(`/api/me/favorites/${kind}/${id}`, { method: "DELETE", cookie });
async function likedBy(cookie: string): Promise<FavoriteIds> {
  return (await (await t.request("/api/me/favorites", { cookie })).json()) as FavoriteIds;
}

describe("favorites of the signed-in user", () => {
  it("likes and unlikes stories, creators and products, idempotently", async () => {
    const { cookie } = await t.signUp();
    const [story, creator, product] = [ids.stories[0]!, ids.creators[0]!, ids.products[0]!];
    for (const [kind, id] of [["story", story], ["creator", creator], ["product", product], ["product", product]]) {
      expect((await like(cookie, kind!, id!)).status).toBe(200);
    }
    expect(await likedBy(cookie)).toEqual({ stories: [story], creators: [creator], products: [product], tracks: [] });
    const res = await unlike(cookie, "product", product);
    expect(await res.json()).toEqual({ stories: [story], creators: [creator], products: [], tracks: [] });
    expect((await unlike(cookie, "product", product)).status).toBe(200);
  });

  it("refuses unknown items and kinds, and visitors", async () => {
    const { cookie } = await t.signUp();
    expect((await like(cookie, "story", "nope")).status).toBe(404);
    expect((await like(cookie, "shoe", "x")).status).toBe(400);
    expect((await like(cookie, "story", "x".repeat(201))).status).toBe(400);
    expect((await t.request("/api/me/favorites/story/x", { method: "PUT" })).status).toBe(401);
    expect((await t.request("/api/me/favorites/story/x", { method: "DELETE" })).status).toBe(401);
  });

  it("loses no like when two sessions of one account like at once", async () => {
    const { cookie, account } = await t.signUp();
    const signIn = await t.request("/api/auth/sign-in/email", { json: { email: account.email, password: account.password } });
    const other = sessionCookie(signIn);
    const all = [
      ...ids.stories.map((id) => ["story", id] as const),
      ...ids.creators.map((id) => ["creator", id] as const),
      ...ids.products.map((id) => ["product", id] as const),
    ];
    await Promise.all(all.map(([kind, id], i) => like(i % 2 ? cookie : other, kind, id)));
    const liked = await likedBy(cookie);
    expect([...liked.stories].sort()).toEqual(ids.stories);
    expect([...liked.creators].sort()).toEqual(ids.creators);
    expect([...liked.products].sort()).toEqual(ids.products);
  });
});

describe("POST /api/me/favorites/merge", () => {
  it("unions a visitor's likes into the account's, skipping ids that do not exist", async () => {
    const { cookie } = await t.signUp();
    await like(cookie, "story", ids.stories[0]!);
    const res = await t.request("/api/me/favorites/merge", {
      cookie,
      json: { stories: [ids.stories[0], ids.stories[1], "story-gone"], products: [ids.products[2]] },
    });
    expect(res.status).toBe(200);
    const liked = (await res.json()) as FavoriteIds;
    expect([...liked.stories].sort()).toEqual([ids.stories[0], ids.stories[1]].sort());
    expect(liked.creators).toEqual([]);
    expect(liked.products).toEqual([ids.products[2]]);
  });

  it("refuses a bad body and visitors, changing nothing", async () => {
    const { cookie } = await t.signUp();
    for (const json of [{ stories: "a" }, { stories: [1] }, { products: Array(201).fill("x") }, { creators: ["a\u0001"] }]) {
      expect((await t.request("/api/me/favorites/merge", { cookie, json })).status).toBe(400);
    }
    expect(await likedBy(cookie)).toEqual({ stories: [], creators: [], products: [], tracks: [] });
    expect((await t.request("/api/me/favorites/merge", { json: {} })).status).toBe(401);
  });
});

describe("GET /api/favorites/items", () => {
  it("resolves ids to records in the order asked, leaving out unknown ones", async () => {
    const [s1, s2] = [ids.stories[1]!, ids.stories[0]!];
    const res = await t.request(
      `/api/favorites/items?stories=${s1},nope,${s2}&creators=${ids.creators[0]}&products=${ids.products[0]},${ids.products[0]}`,
    );
    expect(res.status).toBe(200);
    const items = (await res.json()) as FavoriteItems;
    expect(items.stories.map((s) => s.id)).toEqual([s1, s2]);
    expect(items.stories[0]).toHaveProperty("title");
    expect(items.creators).toHaveLength(1);
    const creator = items.creators[0]!;
    expect(creator.artist_name).toBe(`${creator.first_name} ${creator.last_name}`);
    expect(creator).not.toHaveProperty("email");
    expect(items.products.map((p) => p.id)).toEqual([ids.products[0]]);
    expect(items.products[0]).toMatchObject({ price: expect.stringMatching(/^\$\d+\.\d\d$/) });
  });

  it("answers empty lists for no ids, and 400 for too many", async () => {
    expect(await (await t.request("/api/favorites/items")).json()).toEqual({ stories: [], creators: [], products: [], tracks: [] });
    const many = Array.from({ length: 201 }, (_, i) => `s${i}`).join(",");
    expect((await t.request(`/api/favorites/items?stories=${many}`)).status).toBe(400);
  });
});

describe("one account's favorites are out of another's reach", () => {
  it("keeps each user's likes to themselves, whatever ids a request names", async () => {
    const owner = await t.signUp();
    const attacker = await t.signUp();
    const story = ids.stories[0]!;
    await like(owner.cookie, "story", story);
    await unlike(attacker.cookie, "story", story);
    await t.request(`/api/me/favorites/merge?user_id=${owner.user.uid}`, {
      cookie: attacker.cookie,
      json: { user_id: owner.user.uid, stories: [ids.stories[1]] },
    });
    expect(await likedBy(owner.cookie)).toEqual({ stories: [story], creators: [], products: [], tracks: [] });
    expect((await likedBy(attacker.cookie)).stories).toEqual([ids.stories[1]]);
  });
});
