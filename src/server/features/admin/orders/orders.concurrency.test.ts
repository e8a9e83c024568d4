/**
 * Two admins acting on one order at once: one move wins, the other is told what happened (409),
 * and what a move does besides (the stock a cancel or refund returns, the audit entry) happens
 * exactly once. Requests really run at once: on PostgreSQL each holds its own connection and
 * waits on the order's row lock; on SQLite on the single writer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../../../common/api/admin-orders.js";
import { createTestApp, TEST_DB, type TestApp } from "../../../test/harness.js";
import { staffKit, errorOf, PARCEL, type Person } from "../admin.fixtures.js";

let t: TestApp;
const h = staffKit(() => t);
let ana: Person;
let ben: Person;

beforeAll(async () => {
  t = await createTestApp();
  ana = (await h.person("admin"))!;
  ben = (await h.person("admin"))!;
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 8;

/** The two answers' statuses, sorted, and the 409's message. */
async function outcome(responses: Response[]) {
  const statuses = responses.map((r) => r.status).sort();
  const refused = responses.find((r) => r.status === 409);
  return { statuses, message: refused ? (await errorOf(refused)).message : undefined };
}

describe(`racing admins (${TEST_DB})`, () => {
  it("two pays at once: exactly one 200 and one 409 saying it is already paid, round after round", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await h.order("placed");
      const { statuses, message } = await outcome(await Promise.all([h.move(ana, order.id, "pay"), h.move(ben, order.id, "pay")]));
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      expect(message).toBe(`Order ${order.id} is already paid; it cannot be marked paid again.`);
      expect((await h.auditOf(order.id)).map((e) => e.action)).toEqual(["order.pay"]);
    }
  });

  it("ship and cancel of a paid order at once: the ship goes through, the cancel is refused, no stock moves", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await h.order("paid", { quantity: 2, stock: 5 });
      const [ship, cancel] = await Promise.all([h.move(ana, order.id, "ship", PARCEL), h.move(ben, order.id, "cancel", {})]);
      expect(ship.status).toBe(200);
      expect(cancel.status).toBe(409);
      // Whichever ran first, the cancel finds an order it may not cancel, and says which.
      expect((await errorOf(cancel)).message).toMatch(new RegExp(`^Order ${order.id} is (paid|shipped); it cannot be cancelled\\.$`));
      expect((await h.orderRow(order.id)).status).toBe("shipped");
      expect(await h.stockOf(order.productId)).toBe(5);
    }
  });

  it("pay and cancel of a placed order at once: one wins, the order is in that one's state, stock back only if it was the cancel", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await h.order("placed", { quantity: 2, stock: 5 });
      const [pay, cancel] = await Promise.all([h.move(ana, order.id, "pay"), h.move(ben, order.id, "cancel", {})]);
      expect([pay.status, cancel.status].sort()).toEqual([200, 409]);
      const winner = pay.status === 200 ? "paid" : "cancelled";
      const loser = pay.status === 200 ? cancel : pay;
      expect((await errorOf(loser)).message).toBe(
        winner === "paid" ? `Order ${order.id} is paid; it cannot be cancelled.` : `Order ${order.id} is cancelled; it cannot be marked paid.`,
      );
      expect((await h.orderRow(order.id)).status).toBe(winner);
      expect(await h.stockOf(order.productId)).toBe(winner === "cancelled" ? 7 : 5);
      expect(await h.auditOf(order.id)).toHaveLength(1);
    }
  });

  it("ship and refund of a paid order at once: one wins; the stock rises only when the refund won", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await h.order("paid", { quantity: 3, stock: 1 });
      const [ship, refund] = await Promise.all([h.move(ana, order.id, "ship", PARCEL), h.move(ben, order.id, "refund", {})]);
      const statuses = [ship.status, refund.status];
      const row = await h.orderRow(order.id);
      if (refund.status === 200) {
        // A refund of a paid order may come first, or right after the ship (shipped → refunded).
        expect(row.status).toBe("refunded");
        expect(await h.stockOf(order.productId)).toBe(4);
      } else {
        expect(statuses).toEqual([200, 409]);
        expect(row.status).toBe("shipped");
        expect(await h.stockOf(order.productId)).toBe(1);
      }
      if (ship.status === 409) expect((await errorOf(ship)).message).toBe(`Order ${order.id} is refunded; it cannot be shipped.`);
      const refunds = (await h.auditOf(order.id)).filter((e) => e.action === "order.refund");
      expect(refunds).toHaveLength(refund.status === 200 ? 1 : 0);
    }
  });

  it("two refunds at once: the stock rises once, one 409 says it is already refunded", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const order = await h.order("delivered", { quantity: 2, stock: 0 });
      const { statuses, message } = await outcome(
        await Promise.all([h.move(ana, order.id, "refund", { note: "Ana" }), h.move(ben, order.id, "refund", { note: "Ben" })]),
      );
      expect(statuses).toEqual([200, 409]);
      expect(message).toBe(`Order ${order.id} is already refunded; it cannot be refunded again.`);
      expect(await h.stockOf(order.productId)).toBe(2);
      expect((await h.auditOf(order.id)).map((e) => e.action)).toEqual(["order.refund"]);
    }
  });

  it("cancel, then refund: the refund is refused and the stock came back once", async () => {
    const order = await h.order("placed", { quantity: 4, stock: 1 });
    expect((await h.move(ana, order.id, "cancel", {})).status).toBe(200);
    const refund = await h.move(ben, order.id, "refund", {});
    expect(refund.status).toBe(409);
    expect((await errorOf(refund)).message).toBe(`Order ${order.id} is cancelled; it cannot be refunded.`);
    expect(await h.stockOf(order.productId)).toBe(5);
  });

  it("the buyer's cancel and the shop's pay at once: one wins, stock back once at most", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { cookie, user } = await t.signUp();
      const order = await h.order("placed", { buyerId: user.uid, quantity: 1, stock: 0 });
      const [buyer, shop] = await Promise.all([
        t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie }),
        h.move(ana, order.id, "pay"),
      ]);
      expect([buyer.status, shop.status].sort()).toEqual([200, 409]);
      const row = await h.orderRow(order.id);
      expect(row.status).toBe(buyer.status === 200 ? "cancelled" : "paid");
      expect(await h.stockOf(order.productId)).toBe(buyer.status === 200 ? 1 : 0);
      if (buyer.status === 409) expect((await errorOf(buyer)).code).toBe("NOT_CANCELLABLE");
      if (shop.status === 200) expect(((await shop.json()) as AdminOrder).status).toBe("paid");
    }
  });
});
