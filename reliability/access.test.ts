/**
 * Access control: generated owner/attacker pairs. The owner fills a cart, likes things and places
 * orders; the attacker, signed in as someone else, aims every cart, favorite and order request at
 * the owner's item ids and order ids. Each answer is a refusal or about the attacker's own data,
 * and the owner's rows are byte-for-byte what they were.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMedia } from "../src/server/db/seed/factories.js";
import { createTestApp, type TestApp } from "../src/server/test/harness.js";
import { figure, length, n } from "./lib/mode.js";
import { setEveryStockForTest } from "../src/server/features/catalog/catalog.fixtures.js";

const RUNS = length(12, 80);
const ADDRESS = { email: "owner@example.com", name: "Owner", address_line1: "1 Main St", city: "Springfield", state: "IL", zip: "62701", phone: "+1 (555) 010-0101" };

type Attack =
  | { kind: "setQuantity"; line: number; quantity: number }
  | { kind: "removeLine"; line: number }
  | { kind: "addWithUserId"; line: number }
  | { kind: "unfavorite"; fav: number }
  | { kind: "favoriteMerge"; fav: number }
  | { kind: "readOrder"; order: number }
  | { kind: "readInvoice"; order: number }
  | { kind: "cancelOrder"; order: number }
  | { kind: "listOrders" }
  | { kind: "readCart" }
  | { kind: "readFavorites" }
  | { kind: "clearCart" };

const attack: fc.Arbitrary<Attack> = fc.oneof(
  fc.record({ kind: fc.constant("setQuantity" as const), line: fc.nat(), quantity: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant("removeLine" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("addWithUserId" as const), line: fc.nat() }),
  fc.record({ kind: fc.constant("unfavorite" as const), fav: fc.nat() }),
  fc.record({ kind: fc.constant("favoriteMerge" as const), fav: fc.nat() }),
  fc.record({ kind: fc.constant("readOrder" as const), order: fc.nat() }),
  fc.record({ kind: fc.constant("readInvoice" as const), order: fc.nat() }),
  fc.record({ kind: fc.constant("cancelOrder" as const), order: fc.nat() }),
  fc.constant({ kind: "listOrders" as const }),
  fc.constant({ kind: "readCart" as const }),
  fc.constant({ kind: "readFavorites" as const }),
  fc.constant({ kind: "clearCart" as const }),
);

describe("access control between users", () => {
  let t: TestApp;
  let products: string[];
  let stories: string[];

  beforeAll(async () => {
    t = await createTestApp({ SEED_ON_START: "true" });
    // Plenty of stock, so no order in the run fails for want of it.
    await setEveryStockForTest(t.database.db, 100_000);
    products = (await t.database.db.selectFrom("product").select("id").where("drops_at", "is", null).where("category", "<>", "clothing").orderBy("id").limit(12).execute()).map((r) => r.id);
    stories = (await t.database.db.selectFrom("story").select("id").orderBy("id").limit(6).execute()).map((r) => r.id);
  });
  afterAll(() => t?.close());

  async function ownerRows(userId: string) {
    const db = t.database.db;
    const orderIds = (await db.selectFrom("order").select("id").where("user_id", "=", userId).execute()).map((r) => r.id);
    return JSON.stringify({
      cart: await db.selectFrom("cart_item").selectAll().where("user_id", "=", userId).orderBy("product_id").execute(),
      favorites: await db.selectFrom("favorite").selectAll().where("user_id", "=", userId).orderBy("kind").orderBy("item_id").execute(),
      orders: await db.selectFrom("order").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
      lines: orderIds.length ? await db.selectFrom("order_item").selectAll().where("order_id", "in", orderIds).orderBy("order_id").orderBy("product_id").execute() : [],
    });
  }

  it(`keeps ${RUNS} generated owners' carts, favorites and orders out of their attackers' reach`, async () => {
    let attacks = 0;
    const refusedOrOwn = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.nat({ max: 11 }), { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(fc.nat({ max: 5 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 2 }),
        fc.array(attack, { minLength: 4, maxLength: 12 }),
        async (cartIdx, favIdx, orderCount, attackerCartIdx, attackList) => {
          const owner = await t.signUp();
          const attacker = await t.signUp();
          const orderIds: string[] = [];
          for (let i = 0; i < orderCount; i++) {
            for (const p of cartIdx) await t.request("/api/me/cart/items", { cookie: owner.cookie, json: { product_id: products[p] } });
            const res = await t.request("/api/orders", { cookie: owner.cookie, json: ADDRESS, headers: { "idempotency-key": crypto.randomUUID() } });
            expect(res.status).toBe(201);
            orderIds.push(((await res.json()) as { id: string }).id);
          }
          // A cart left open and favorites, besides the orders.
          for (const p of cartIdx) await t.request("/api/me/cart/items", { cookie: owner.cookie, json: { product_id: products[p] } });
          const favIds = favIdx.map((i) => stories[i]!);
          for (const id of favIds) await t.request(`/api/me/favorites/story/${id}`, { method: "PUT", cookie: owner.cookie });
          // The attacker may hold some of the same products, so the answers about their own cart are real.
          for (const p of attackerCartIdx) await t.request("/api/me/cart/items", { cookie: attacker.cookie, json: { product_id: products[p] } });

          const before = await ownerRows(owner.user.uid);
          const ownerLine = (i: number) => products[cartIdx[i % cartIdx.length]!]!;
          for (const a of attackList) {
            attacks += 1;
            const c = attacker.cookie;
            let res: Response;
            switch (a.kind) {
              case "setQuantity":
                res = await t.request(`/api/me/cart/items/${ownerLine(a.line)}`, { method: "PUT", cookie: c, json: { quantity: a.quantity } });
                break;
              case "removeLine":
                res = await t.request(`/api/me/cart/items/${ownerLine(a.line)}`, { method: "DELETE", cookie: c });
                break;
              case "addWithUserId":
                // Ids of another user in the body are not believed: the session decides whose cart.
                res = await t.request("/api/me/cart/items", { cookie: c, json: { product_id: ownerLine(a.line), user_id: owner.user.uid, userId: owner.user.uid } });
                break;
              case "unfavorite":
                res = await t.request(`/api/me/favorites/story/${favIds[a.fav % Math.max(favIds.length, 1)] ?? stories[0]}`, { method: "DELETE", cookie: c });
                break;
              case "favoriteMerge":
                res = await t.request("/api/me/favorites/merge", { cookie: c, json: { stories: favIds, creators: [], products: [], user_id: owner.user.uid } });
                break;
              case "readOrder":
                res = await t.request(`/api/orders/${orderIds[a.order % orderIds.length]}`, { cookie: c });
                expect(res.status).toBe(404);
                break;
              case "readInvoice":
                res = await t.request(`/api/orders/${orderIds[a.order % orderIds.length]}/invoice`, { cookie: c });
                expect(res.status).toBe(404);
                break;
              case "cancelOrder":
                res = await t.request(`/api/orders/${orderIds[a.order % orderIds.length]}/cancel`, { method: "POST", cookie: c });
                expect(res.status).toBe(404);
                break;
              case "listOrders": {
                res = await t.request("/api/orders", { cookie: c });
                const page = (await res.clone().json()) as { items: { id: string }[] };
                expect(page.items.filter((o) => orderIds.includes(o.id))).toEqual([]);
                break;
              }
              case "readCart":
                res = await t.request("/api/me/cart", { cookie: c });
                break;
              case "readFavorites":
                res = await t.request("/api/me/favorites", { cookie: c });
                break;
              case "clearCart":
                res = await t.request("/api/me/cart", { method: "DELETE", cookie: c });
                break;
            }
            expect(res.status).toBeLessThan(500);
            refusedOrOwn.set(res.status, (refusedOrOwn.get(res.status) ?? 0) + 1);
            // Whatever cart the attacker is shown is the attacker's: the same as its rows.
            if (res.status === 200 && ["setQuantity", "removeLine", "addWithUserId", "readCart", "clearCart"].includes(a.kind)) {
              const shown = ((await res.json()) as { items: { id: string; quantity: number }[] }).items.map((i) => [i.id, i.quantity]);
              const rows = await t.database.db.selectFrom("cart_item").select(["product_id", "quantity"]).where("user_id", "=", attacker.user.uid).execute();
              expect(shown.sort()).toEqual(rows.map((r) => [r.product_id, r.quantity]).sort());
            }
          }
          expect(await ownerRows(owner.user.uid)).toBe(before);
        },
      ),
      { numRuns: RUNS, seed: 20261123 },
    );
    const statuses = [...refusedOrOwn].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${n(c)}`).join(", ");
    figure(`access control: ${RUNS} owner/attacker pairs, ${n(attacks)} attacker requests (${statuses}), 0 owner rows changed, 0 foreign orders seen`);
  });

  type StudioAttack =
    | { kind: "readStory" | "deleteStory" | "publish" | "unpublish"; story: number; version: number }
    | { kind: "editStory"; story: number; version: number; title: string }
    | { kind: "coverFromOwner"; story: number }
    | { kind: "avatarFromOwner" }
    | { kind: "listStories" };

  const studioAttack: fc.Arbitrary<StudioAttack> = fc.oneof(
    fc.record({ kind: fc.constantFrom("readStory" as const, "deleteStory" as const, "publish" as const, "unpublish" as const), story: fc.nat(), version: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ kind: fc.constant("editStory" as const), story: fc.nat(), version: fc.integer({ min: 1, max: 4 }), title: fc.string({ minLength: 1, maxLength: 20 }) }),
    fc.record({ kind: fc.constant("coverFromOwner" as const), story: fc.nat() }),
    fc.constant({ kind: "avatarFromOwner" as const }),
    fc.constant({ kind: "listStories" as const }),
  );

  let applicants = 0;
  async function creator() {
    const who = await t.signUp();
    applicants += 1;
    const res = await t.request("/api/creators/applications", {
      cookie: who.cookie,
      json: { first_name: "Owen", last_name: `Owner${applicants}`, email: who.user.email, bio: "Makes.", state: "IL", city: "Chicago", art_type: ["design"] },
    });
    expect(res.status).toBe(201);
    return { ...who, creatorId: ((await res.json()) as { id: string }).id };
  }

  async function creatorRows(creatorId: string) {
    const db = t.database.db;
    return JSON.stringify({
      creator: await db.selectFrom("creator").selectAll().where("id", "=", creatorId).execute(),
      disciplines: await db.selectFrom("creator_discipline").selectAll().where("creator_id", "=", creatorId).orderBy("discipline").execute(),
      stories: await db.selectFrom("story").selectAll().where("creator_id", "=", creatorId).orderBy("id").execute(),
      links: await db.selectFrom("creator_story").selectAll().where("creator_id", "=", creatorId).orderBy("story_id").execute(),
    });
  }

  it(`keeps ${RUNS} generated creators' stories and profiles out of other creators' and subscribers' reach`, async () => {
    let attacks = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.array(studioAttack, { minLength: 3, maxLength: 10 }), async (storyCount, attackerIsCreator, attackList) => {
        const owner = await creator();
        const attacker = attackerIsCreator ? await creator() : await t.signUp();
        const [media] = await insertMedia(t.database, [{ owner_id: owner.user.uid }]);
        const storyIds: string[] = [];
        for (let i = 0; i < storyCount; i++) {
          const res = await t.request("/api/studio/stories", {
            cookie: owner.cookie,
            json: { title: `Owned ${i}`, city: "Chicago", description: "Mine.", body: "Text.", cover_media_id: media!.id },
          });
          expect(res.status).toBe(201);
          const id = ((await res.json()) as { id: string }).id;
          if (i % 2 === 0) expect((await t.request(`/api/studio/stories/${id}/publish`, { cookie: owner.cookie, json: { version: 1 } })).status).toBe(200);
          storyIds.push(id);
        }
        const before = await creatorRows(owner.creatorId);
        const target = (i: number) => storyIds[i % storyIds.length]!;
        const c = attacker.cookie;
        for (const a of attackList) {
          attacks += 1;
          let res: Response;
          switch (a.kind) {
            case "readStory":
              res = await t.request(`/api/studio/stories/${target(a.story)}`, { cookie: c });
              break;
            case "deleteStory":
              res = await t.request(`/api/studio/stories/${target(a.story)}`, { method: "DELETE", cookie: c });
              break;
            case "publish":
            case "unpublish":
              res = await t.request(`/api/studio/stories/${target(a.story)}/${a.kind}`, { cookie: c, json: { version: a.version } });
              break;
            case "editStory":
              res = await t.request(`/api/studio/stories/${target(a.story)}`, {
                method: "PUT",
                cookie: c,
                json: { title: a.title, city: "Elsewhere", description: "Taken.", body: "Taken.", version: a.version, creator_id: owner.creatorId },
              });
              break;
            case "coverFromOwner":
              // The owner's image by id, on a story of the attacker's own: refused too.
              res = await t.request("/api/studio/stories", { cookie: c, json: { title: "Mine now", city: "X", description: "Y", cover_media_id: media!.id } });
              break;
            case "avatarFromOwner":
              res = await t.request("/api/studio/profile", {
                method: "PUT",
                cookie: c,
                json: { first_name: "Eve", last_name: "Taker", bio: "Takes.", state: "IL", city: "Chicago", art_type: ["design"], avatar_media_id: media!.id },
              });
              break;
            case "listStories": {
              res = await t.request("/api/studio/stories", { cookie: c });
              if (res.status === 200) {
                const list = (await res.clone().json()) as { items: { id: string }[] };
                expect(list.items.filter((s) => storyIds.includes(s.id))).toEqual([]);
              }
              break;
            }
          }
          expect(res.status, `${a.kind}: ${await res.clone().text()}`).toBeLessThan(500);
          if (a.kind !== "listStories") expect([400, 403, 404]).toContain(res.status);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
        expect(await creatorRows(owner.creatorId)).toBe(before);
      }),
      { numRuns: RUNS, seed: 20261125 },
    );
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, k]) => `${s}: ${n(k)}`).join(", ");
    figure(`studio access: ${RUNS} creator/attacker pairs, ${n(attacks)} attacker requests (${summary}), 0 owner rows changed`);
  });
});
