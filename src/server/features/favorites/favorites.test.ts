import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t.close();
});

describe("favorites", () => {
  it("likes and unlikes stories, creators and products, idempotently", async () => {
    const { cookie } = await t.signUp();
    const story = await t.database.db.selectFrom("story").select("id").executeTakeFirstOrThrow();
    const creator = await t.database.db.selectFrom("creator").select("id").executeTakeFirstOrThrow();
    const product = await t.database.db.selectFrom("product").select("id").executeTakeFirstOrThrow();
    for (const [kind, id] of [["story", story.id], ["creator", creator.id], ["product", product.id], ["product", product.id]]) {
      expect((await t.request(`/api/favorites/${kind}/${id}`, { method: "PUT", cookie })).status).toBe(200);
    }
    const liked = await (await t.request("/api/favorites", { cookie })).json();
    expect(liked).toEqual({ stories: [story.id], creators: [creator.id], products: [product.id] });

    const res = await t.request(`/api/favorites/product/${product.id}`, { method: "DELETE", cookie });
    expect(await res.json()).toEqual({ stories: [story.id], creators: [creator.id], products: [] });
  });

  it("refuses unknown items and kinds, and visitors", async () => {
    const { cookie } = await t.signUp();
    expect((await t.request("/api/favorites/story/nope", { method: "PUT", cookie })).status).toBe(404);
    expect((await t.request("/api/favorites/shoe/x", { method: "PUT", cookie })).status).toBe(400);
    expect((await t.request("/api/favorites/story/x", { method: "PUT" })).status).toBe(401);
  });

  it("keeps one user's likes from another", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const story = await t.database.db.selectFrom("story").select("id").executeTakeFirstOrThrow();
    await t.request(`/api/favorites/story/${story.id}`, { method: "PUT", cookie: a.cookie });
    expect(((await (await t.request("/api/favorites", { cookie: b.cookie })).json()) as { stories: string[] }).stories).toEqual([]);
  });
});

describe("POST /api/me/subscribe", () => {
  it("subscribes a signed-in user who was not subscribed", async () => {
    const { cookie, user } = await t.signUp();
    await t.database.db.updateTable("user").set({ subscribed: t.database.dialect === "sqlite" ? 0 : false }).where("id", "=", user.uid).execute();
    expect(((await (await t.request("/api/me", { cookie })).json()) as { subscribed: boolean }).subscribed).toBe(false);
    const res = await t.request("/api/me/subscribe", { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { subscribed: boolean }).subscribed).toBe(true);
    expect((await t.request("/api/me/subscribe", { method: "POST" })).status).toBe(401);
  });
});
