/**
 * Orders under contention, on whichever database TEST_DB names: many buyers for the last unit,
 * repeats of one idempotency key, a failure in the middle of the transaction, racing cancels.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressPrefill, Order } from "../../../common/api/orders.js";
import { CheckoutSchema } from "../../../common/checkout.js";
import { insertCartItem } from "../../db/seed/factories.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/harness.js";
import { ADDRESS, errorOf, newKey, ordersHelpers } from "./orders.fixtures.js";
import { placeOrder } from "./place-order.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const h = ordersHelpers(() => t);


describe("the last unit", () => {
  it("goes to exactly one of 50 concurrent buyers, 20 rounds running; the rest get a clear 409", async () => {
    const crowd = await h.buyers(50);
    const timings: number[] = [];
    const invoices: string[] = [];
    for (let round = 1; round <= 20; round++) {
      const p = await h.product(1, 4200, `Last one, round ${round}`);
      await t.database.db.deleteFrom("cart_item").where("user_id", "in", crowd.map((b) => b.uid)).execute();
      await insertCartItem(t.database, crowd.map((b) => ({ user_id: b.uid, product_id: p.id, quantity: 1 })));

      const started = performance.now();
      const results = await Promise.all(crowd.map((b) => h.place(b.cookie, newKey())));
      timings.push(performance.now() - started);

      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201), `round ${round}`).toHaveLength(1);
      expect(statuses.filter((s) => s === 409), `round ${round}`).toHaveLength(49);
      const refusal = await errorOf(results.find((r) => r.status === 409)!);
      expect(refusal).toMatchObject({
        code: "OUT_OF_STOCK",
        message: "Some items in your cart sold out while you were checking out. Nothing was charged and no order was placed.",
        details: [{ product_id: p.id, name: `Last one, round ${round}`, requested: 1, available: 0 }],
      });
      expect(await h.stockOf(p.id)).toBe(0);
      const orders = await t.database.db.selectFrom("order_item").select("order_id").where("product_id", "=", p.id).execute();
      expect(orders).toHaveLength(1);
      invoices.push(((await results.find((r) => r.status === 201)!.json()) as Order).invoice_number!);
    }
    // The 980 refused checkouts took no invoice number: the 20 orders' invoices follow each other
    // without a gap, however the rounds interleaved.
    const sequences = invoices.map((n) => Number(n.slice(-6)));
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => sequences[0]! + i));
    const sorted = [...timings].sort((a, b) => a - b);
    console.log(
      `[${TEST_DB}] 50 buyers for the last unit, 20 rounds: median ${sorted[10]!.toFixed(0)} ms a round, ` +
        `slowest ${sorted[19]!.toFixed(0)} ms`,
    );
  }, 240_000);
});

describe("idempotency under concurrency", () => {
  it("10 concurrent repeats of one key make one order, the same id in every answer, stock taken once", async () => {
    const [b] = await h.buyers(1);
    const p = await h.product(10, 1500);
    await h.cartLine(b!.uid, p.id, 3);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => h.place(b!.cookie, key)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(await h.stockOf(p.id)).toBe(7);
    expect(await h.orderCount(b!.uid)).toBe(1);
  });

  it("two different keys of one buyer at once never order the same cart twice", async () => {
    const [b] = await h.buyers(1);
    const p = await h.product(10, 1500);
    await h.cartLine(b!.uid, p.id, 2);
    const results = await Promise.all([h.place(b!.cookie, newKey()), h.place(b!.cookie, newKey())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect((await errorOf(refused)).code).toBe("EMPTY_CART");
    expect(await h.stockOf(p.id)).toBe(8);
    expect(await h.orderCount(b!.uid)).toBe(1);
  });
});

// On PostgreSQL at most the pool less four checkouts run their transactions at once (Db.checkout);
// SQLite runs one write transaction at a time, and its one connection serves the reads too.
if (TEST_DB === "postgres") {
  describe("checkouts in line", () => {
    it("answers a cart the stock plainly cannot fill at once, while every place in line is taken", async () => {
      const holders = await h.buyers(6);
      // A product each: two checkouts of one product would wait on its row, not in line.
      const stocked = await Promise.all(holders.map(() => h.product(5, 1000)));
      const gone = await h.product(0, 1000);
      const [late] = await h.buyers(1);
      for (const [i, b] of holders.entries()) await h.cartLine(b.uid, stocked[i]!.id, 1);
      await h.cartLine(late!.uid, gone.id, 1);

      let entered = 0;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const place = (uid: string, hooks = {}) =>
        placeOrder(t.database, { userId: uid, idempotencyKey: newKey(), details: CheckoutSchema.parse(ADDRESS), invoicing: t.config.invoice }, hooks);
      const held = holders.map((b) =>
        // Held before the stock and the invoice's counter, whose rows would make them wait on each other.
        place(b.uid, {
          afterOrderInsert: async () => {
            entered += 1;
            await released;
          },
        }),
      );
      await expect.poll(() => entered).toBe(6);

      // Every place is held until `release`: the answer can only come from outside the line.
      const answer = await place(late!.uid);
      expect(answer).toMatchObject({ status: "out-of-stock", shortfalls: [{ product_id: gone.id, requested: 1, available: 0 }] });
      release();
      expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(6).fill("created"));
      expect(await Promise.all(stocked.map((p) => h.stockOf(p.id)))).toEqual(Array(6).fill(4));
    });
  });
}

describe("a failure inside the order transaction", () => {
  for (const hook of ["afterOrderInsert", "beforeCommit"] as const) {
    it(`${hook}: rolls everything back (no order, stock, cart and address unchanged)`, async () => {
      const [b] = await h.buyers(1);
      const p = await h.product(5, 1000);
      const q = await h.product(2, 2000);
      await h.cartLine(b!.uid, p.id, 2);
      await h.cartLine(b!.uid, q.id, 1);
      const cartBefore = await h.cartOf(b!.uid);
      const key = newKey();
      let reached = false;

      await expect(
        placeOrder(
          t.database,
          { userId: b!.uid, idempotencyKey: key, details: CheckoutSchema.parse(ADDRESS), invoicing: t.config.invoice },
          {
            [hook]: () => {
              reached = true;
              throw new Error("injected failure");
            },
          },
        ),
      ).rejects.toThrow("injected failure");

      expect(reached).toBe(true);
      expect(await h.orderCount(b!.uid)).toBe(0);
      expect(await t.database.db.selectFrom("order_item").select("order_id").where("product_id", "in", [p.id, q.id]).execute()).toEqual([]);
      expect([await h.stockOf(p.id), await h.stockOf(q.id)]).toEqual([5, 2]);
      expect(await h.cartOf(b!.uid)).toEqual(cartBefore);
      const address = (await (await t.request("/api/me/address", { cookie: b!.cookie })).json()) as AddressPrefill;
      expect(address.saved).toBe(false);

      // The database is usable afterwards, and the same key still places the order.
      const res = await h.place(b!.cookie, key);
      expect(res.status).toBe(201);
      expect([await h.stockOf(p.id), await h.stockOf(q.id)]).toEqual([3, 1]);
    });
  }
});

describe("racing cancels", () => {
  it("10 concurrent cancels of one order: one succeeds, stock comes back once", async () => {
    const [b] = await h.buyers(1);
    const p = await h.product(6, 1000);
    await h.cartLine(b!.uid, p.id, 4);
    const order = (await (await h.place(b!.cookie, newKey())).json()) as Order;
    expect(await h.stockOf(p.id)).toBe(2);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: b!.cookie })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await h.stockOf(p.id)).toBe(6);
  });
});
