/**
 * Scheduled drops and limits per buyer (docs/decisions/0025), on whichever database TEST_DB names:
 * the server's clock (a fake Date here; no test waits for a drop) decides when a product opens, and
 * one buyer racing themselves never gets past a limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../common/api/catalog.js";
import type { Cart } from "../../../common/api/cart.js";
import { insertProduct } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { errorOf, newKey, ordersHelpers } from "./orders.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const h = ordersHelpers(() => t);
const HOUR = 3_600_000;
let n = 0;

async function scheduled(o: { dropsAt?: string; limit?: number; stock?: number }) {
  n += 1;
  const id = `drop-${process.pid}-${n}`;
  await insertProduct(t.database, {
    id,
    kind: "artifact",
    category: "art",
    title: `Night Print ${n}`,
    description: "A print",
    price_cents: 4000,
    stock: o.stock ?? 10,
    drops_at: o.dropsAt ?? null,
    limit_per_buyer: o.limit ?? null,
  });
  return { id, title: `Night Print ${n}` };
}

async function buyer() {
  const { cookie, user } = await t.signUp();
  return { cookie, uid: user.uid };
}

const add = (cookie: string, productId: string) => t.request("/api/me/cart/items", { cookie, json: { product_id: productId } });

describe("a scheduled drop", () => {
  it("is shown with its time, refused before it (409 DROP_NOT_OPEN) and sold once the server's clock reaches it", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const dropsAt = new Date(start + HOUR).toISOString();
    const drop = await scheduled({ dropsAt });
    const b = await buyer();

    const listed = (await (await t.request(`/api/products/${drop.id}`)).json()) as Product;
    expect(listed).toMatchObject({ id: drop.id, drops_at: dropsAt, limit_per_buyer: null, stock: 10 });

    const early = await add(b.cookie, drop.id);
    expect(early.status).toBe(409);
    const refusal = await errorOf(early);
    expect(refusal.code).toBe("DROP_NOT_OPEN");
    expect(refusal.message).toMatch(/^This drop opens at \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M UTC\.$/);
    // A visitor's cart joining the account before the time leaves the drop out, as a sold-out line.
    await t.request("/api/me/cart/merge", { cookie: b.cookie, json: { items: [{ product_id: drop.id, quantity: 2 }] } });
    expect(await h.cartOf(b.uid)).toEqual([]);
    // A line that got into the cart anyway (the drop moved later after it was added) is not ordered.
    await h.cartLine(b.uid, drop.id, 1);
    const order = await h.place(b.cookie, newKey());
    expect(order.status).toBe(409);
    expect(await errorOf(order)).toMatchObject({ code: "DROP_NOT_OPEN", message: expect.stringMatching(new RegExp(`^${drop.title}: This drop opens at `)) });
    expect(await h.stockOf(drop.id)).toBe(10);
    expect(await h.orderCount(b.uid)).toBe(0);

    vi.setSystemTime(start + HOUR);
    const opened = await add(b.cookie, drop.id);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as Cart).items).toMatchObject([{ id: drop.id, quantity: 2 }]);
    expect((await h.place(b.cookie, newKey())).status).toBe(201);
    expect(await h.stockOf(drop.id)).toBe(8);
  });

  it("leaves products without a time on sale as before", async () => {
    const plain = await scheduled({});
    const b = await buyer();
    expect((await add(b.cookie, plain.id)).status).toBe(200);
    const listed = (await (await t.request(`/api/products/${plain.id}`)).json()) as Product;
    expect(listed.drops_at).toBeNull();
  });
});

describe("a limit per buyer", () => {
  it("caps the cart at what is left of it and refuses an order past it, counting orders not cancelled", async () => {
    const limited = await scheduled({ limit: 2 });
    const b = await buyer();
    expect((await add(b.cookie, limited.id)).status).toBe(200);
    expect((await add(b.cookie, limited.id)).status).toBe(200);
    const third = await add(b.cookie, limited.id);
    expect(third.status).toBe(409);
    expect(await errorOf(third)).toMatchObject({ code: "LIMIT_PER_BUYER", message: `${limited.title} is limited to 2 per person, and you have reached it.` });
    const set = await t.request(`/api/me/cart/items/${limited.id}`, { method: "PUT", cookie: b.cookie, json: { quantity: 5 } });
    expect(((await set.json()) as Cart).items).toMatchObject([{ id: limited.id, quantity: 2 }]);

    const first = await h.place(b.cookie, newKey());
    expect(first.status).toBe(201);
    const { id: orderId } = (await first.json()) as { id: string };
    expect((await add(b.cookie, limited.id)).status).toBe(409);
    // Straight into the cart, past the add's check: checkout decides, counting the earlier order.
    await h.cartLine(b.uid, limited.id, 1);
    const second = await h.place(b.cookie, newKey());
    expect(second.status).toBe(409);
    expect((await errorOf(second)).code).toBe("LIMIT_PER_BUYER");
    expect(await h.stockOf(limited.id)).toBe(8);

    // A cancelled order no longer counts.
    expect((await t.request(`/api/orders/${orderId}/cancel`, { method: "POST", cookie: b.cookie })).status).toBe(200);
    expect((await h.place(b.cookie, newKey())).status).toBe(201);
    expect(await h.stockOf(limited.id)).toBe(9);
  });

  it("holds when one buyer races themselves in several tabs: never more than the limit ordered", async () => {
    const limited = await scheduled({ limit: 2, stock: 50 });
    const b = await buyer();
    await h.cartLine(b.uid, limited.id, 2);
    // Each tab fills the cart again (straight in, past the add's check) and places an order, all at once.
    const tabs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        if (i > 0) {
          const quantity = 1 + (i % 2);
          await t.database.db
            .insertInto("cart_item")
            .values({ user_id: b.uid, product_id: limited.id, variant_id: limited.id, quantity })
            .onConflict((oc) => oc.columns(["user_id", "variant_id"]).doUpdateSet({ quantity }))
            .execute();
        }
        return h.place(b.cookie, newKey());
      }),
    );
    expect(tabs.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const refused of tabs.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(["LIMIT_PER_BUYER", "EMPTY_CART"]).toContain((await errorOf(refused)).code);
    }
    const ordered = await t.database.db
      .selectFrom("order_item")
      .innerJoin("order", "order.id", "order_item.order_id")
      .select("order_item.quantity")
      .where("order.user_id", "=", b.uid)
      .where("order_item.product_id", "=", limited.id)
      .execute();
    expect(ordered.reduce((sum, line) => sum + line.quantity, 0)).toBeLessThanOrEqual(2);
    expect(await h.stockOf(limited.id)).toBe(50 - ordered.reduce((sum, line) => sum + line.quantity, 0));
  });
});
