/**
 * Sizes and editions through the cart and checkout (issue 31, docs/decisions/0026), on whichever
 * database TEST_DB names: each size is its own line with its own stock, the last M goes to one of
 * 50 racers while L is untouched, a size taken away is refused like a sold-out line, and each unit
 * of a numbered edition gets the next number.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../../common/api/cart.js";
import type { Product } from "../../../common/api/catalog.js";
import type { Order } from "../../../common/api/orders.js";
import { insertCartItem, insertProduct } from "../../db/seed/factories.js";
import { writeTransaction } from "../../db/dialect.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { setSizes } from "../catalog/stock.service.js";
import { ADDRESS, errorOf, newKey, ordersHelpers } from "./orders.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const h = ordersHelpers(() => t);
let next = 0;

/** A tee of its own in the given sizes and stocks. */
async function tee(sizes: Partial<Record<"XS" | "S" | "M" | "L" | "XL" | "XXL", number>>, extra: { limit_per_buyer?: number } = {}) {
  next += 1;
  const id = `prod-size-${process.pid}-${next}`;
  await insertProduct(t.database, { id, kind: "merch", category: "clothing", title: `Size Tee ${next}`, price_cents: 2500, sizes, ...extra });
  await t.responseCache.invalidate(["catalog", "stock"]);
  return id;
}

const add = (cookie: string, body: Record<string, unknown>) => t.request("/api/me/cart/items", { cookie, json: body });
const variantStock = async (id: string) =>
  (await t.database.db.selectFrom("product_variant").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;
const productStock = async (id: string) => (await t.database.db.selectFrom("product").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock;


describe("a product sold in sizes", () => {
  it("lists its sizes in order with their own stock; the total is their sum", async () => {
    const id = await tee({ L: 3, S: 0, M: 2 });
    const product = (await (await t.request(`/api/products/${id}`)).json()) as Product;
    expect(product.variants).toEqual([
      { id: `${id}.s`, size: "S", stock: 0 },
      { id: `${id}.m`, size: "M", stock: 2 },
      { id: `${id}.l`, size: "L", stock: 3 },
    ]);
    expect(product.stock).toBe(5);
  });

  it("needs a size to be added; each size is its own line, capped at its own stock", async () => {
    const id = await tee({ M: 1, L: 5 });
    const { cookie } = await t.signUp();
    const without = await add(cookie, { product_id: id });
    expect(without.status).toBe(400);
    expect(await errorOf(without)).toMatchObject({ code: "VALIDATION_FAILED", message: "Choose a size", fields: { size: "Choose a size" } });
    expect((await add(cookie, { product_id: id, size: "XS" })).status).toBe(404);
    expect((await add(cookie, { product_id: id, size: "M" })).status).toBe(200);
    const again = await add(cookie, { product_id: id, size: "M" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("OUT_OF_STOCK");
    const cart = (await (await add(cookie, { product_id: id, size: "L" })).json()) as Cart;
    expect(cart.items.map((l) => [l.id, l.product_id, l.size, l.quantity, l.stock])).toEqual([
      [`${id}.m`, id, "M", 1, 1],
      [`${id}.l`, id, "L", 1, 5],
    ]);
    const capped = (await (await t.request(`/api/me/cart/items/${id}.l`, { method: "PUT", cookie, json: { quantity: 9 } })).json()) as Cart;
    expect(capped.items.find((l) => l.size === "L")!.quantity).toBe(5);
  });

  it("keeps sizes when a visitor's cart joins the account's", async () => {
    const id = await tee({ S: 2, XL: 2 });
    const { cookie } = await t.signUp();
    const res = await t.request("/api/me/cart/merge", {
      cookie,
      json: { items: [{ product_id: id, size: "S", quantity: 1 }, { product_id: id, size: "XL", quantity: 5 }, { product_id: id, quantity: 1 }] },
    });
    const cart = (await res.json()) as Cart;
    expect(cart.items.map((l) => [l.size, l.quantity])).toEqual([
      ["S", 1],
      ["XL", 2],
    ]);
  });

  it("sells the last M to exactly one of 50 racers while L keeps its stock, and never goes below 0", async () => {
    const id = await tee({ M: 1, L: 10 });
    const crowd = await h.buyers(50);
    await insertCartItem(t.database, crowd.map((b) => ({ user_id: b.uid, product_id: id, variant_id: `${id}.m`, quantity: 1 })));
    const results = await Promise.all(crowd.map((b) => h.place(b.cookie, newKey())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const refusal = await errorOf(results.find((r) => r.status === 409)!);
    expect(refusal.details).toEqual([{ product_id: id, variant_id: `${id}.m`, name: `Size Tee ${next} (M)`, requested: 1, available: 0 }]);
    expect([await variantStock(`${id}.m`), await variantStock(`${id}.l`), await productStock(id)]).toEqual([0, 10, 10]);
    const sold = await t.database.db.selectFrom("order_item").select(["variant_id", "size", "quantity"]).where("product_id", "=", id).execute();
    expect(sold).toEqual([{ variant_id: `${id}.m`, size: "M", quantity: 1 }]);
  });

  it("refuses one buyer's M after another bought the last, leaving their L and everything else as it was", async () => {
    const id = await tee({ M: 1, L: 1 });
    const [first, second] = await h.buyers(2);
    await insertCartItem(t.database, [
      { user_id: second!.uid, product_id: id, variant_id: `${id}.m`, quantity: 1 },
      { user_id: second!.uid, product_id: id, variant_id: `${id}.l`, quantity: 1 },
    ]);
    expect((await add(first!.cookie, { product_id: id, size: "M" })).status).toBe(200);
    const bought = (await (await h.place(first!.cookie, newKey())).json()) as Order;
    expect(bought.items).toEqual([expect.objectContaining({ variant_id: `${id}.m`, size: "M", quantity: 1 })]);
    const refused = await h.place(second!.cookie, newKey());
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).details).toEqual([{ product_id: id, variant_id: `${id}.m`, name: `Size Tee ${next} (M)`, requested: 1, available: 0 }]);
    expect([await variantStock(`${id}.m`), await variantStock(`${id}.l`)]).toEqual([0, 1]);
    expect(await h.orderCount(second!.uid)).toBe(0);
  });

  it("reports a size the seller took away like a line that is no longer available, and sells it no more", async () => {
    const id = await tee({ M: 3, L: 3 });
    const { cookie, user } = await t.signUp();
    expect((await add(cookie, { product_id: id, size: "M" })).status).toBe(200);
    await writeTransaction(t.database.db, t.database.dialect, (trx) => setSizes(trx, id, ["L"]));
    await t.responseCache.invalidate(["catalog", "stock"]);
    const cart = (await (await t.request("/api/me/cart", { cookie })).json()) as Cart;
    expect(cart.items).toEqual([expect.objectContaining({ id: `${id}.m`, available: false, stock: 0 })]);
    const refused = await h.place(cookie, newKey());
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).details).toEqual([
      { product_id: id, variant_id: `${id}.m`, name: `Size Tee ${next} (M)`, requested: 1, available: 0, unavailable: true },
    ]);
    expect((await add(cookie, { product_id: id, size: "M" })).status).toBe(404);
    expect(await productStock(id)).toBe(3);
    const product = (await (await t.request(`/api/products/${id}`)).json()) as Product;
    expect(product.variants.map((v) => v.size)).toEqual(["L"]);
    expect(await h.orderCount(user.uid)).toBe(0);
  });

  it("names a price the seller changed since the buyer saw it, orders nothing, and charges the new price once seen", async () => {
    const id = await tee({ M: 3 });
    const { cookie, user } = await t.signUp();
    expect((await add(cookie, { product_id: id, size: "M" })).status).toBe(200);
    await t.database.db.updateTable("product").set({ price_cents: 2700 }).where("id", "=", id).execute();
    const seen = [{ line_id: `${id}.m`, price_cents: 2500 }];
    const refused = await h.place(cookie, newKey(), { ...ADDRESS, prices_seen: seen });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "PRICE_CHANGED",
      message: `The price of Size Tee ${next} (M) changed from $25.00 to $27.00. Nothing was ordered: check your cart and place the order again.`,
    });
    expect([await h.orderCount(user.uid), await variantStock(`${id}.m`)]).toEqual([0, 3]);
    const placed = await h.place(cookie, newKey(), { ...ADDRESS, prices_seen: [{ line_id: `${id}.m`, price_cents: 2700 }] });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as Order).items[0]).toMatchObject({ size: "M", price_cents: 2700 });
  });

  it("counts the limit per buyer over all sizes", async () => {
    const id = await tee({ M: 5, L: 5 }, { limit_per_buyer: 2 });
    const { cookie } = await t.signUp();
    expect((await add(cookie, { product_id: id, size: "M" })).status).toBe(200);
    expect((await add(cookie, { product_id: id, size: "L" })).status).toBe(200);
    const third = await add(cookie, { product_id: id, size: "L" });
    expect(third.status).toBe(409);
    expect((await errorOf(third)).code).toBe("LIMIT_PER_BUYER");
  });
});

describe("a numbered edition", () => {
  it("gives each unit sold the next number, kept on the order line; a cancelled order's numbers are not sold again", async () => {
    next += 1;
    const id = `prod-edition-${process.pid}-${next}`;
    await insertProduct(t.database, { id, kind: "artifact", category: "art", title: "Edition Print", price_cents: 4000, stock: 10, edition_size: 10 });
    await t.responseCache.invalidate(["catalog", "stock"]);
    const [a, b, c] = await h.buyers(3);
    const buy = async (who: { cookie: string }, quantity: number) => {
      for (let i = 0; i < quantity; i++) expect((await add(who.cookie, { product_id: id })).status).toBe(200);
      const res = await h.place(who.cookie, newKey());
      expect(res.status).toBe(201);
      return (await res.json()) as Order;
    };
    const first = await buy(a!, 1);
    expect(first.items[0]!.edition).toEqual({ first: 1, last: 1, of: 10 });
    const second = await buy(b!, 2);
    expect(second.items[0]!.edition).toEqual({ first: 2, last: 3, of: 10 });
    expect((await t.request(`/api/orders/${second.id}/cancel`, { cookie: b!.cookie, json: {} })).status).toBe(200);
    const third = await buy(c!, 1);
    expect(third.items[0]!.edition).toEqual({ first: 4, last: 4, of: 10 });
    // The buyer's order page reads the numbers back from the order line.
    const read = (await (await t.request(`/api/orders/${first.id}`, { cookie: a!.cookie })).json()) as Order;
    expect(read.items[0]!.edition).toEqual({ first: 1, last: 1, of: 10 });
    const product = (await (await t.request(`/api/products/${id}`)).json()) as Product;
    expect(product).toMatchObject({ edition_size: 10, stock: 8 });
  });
});
