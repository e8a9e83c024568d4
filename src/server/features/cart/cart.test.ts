import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t.close();
});

async function productWithStock(stock: number) {
  const row = await t.database.db.selectFrom("product").select(["id", "price_cents"]).where("stock", "=", stock).executeTakeFirst();
  if (row) return row;
  const any = await t.database.db.selectFrom("product").select(["id", "price_cents"]).executeTakeFirstOrThrow();
  await t.database.db.updateTable("product").set({ stock }).where("id", "=", any.id).execute();
  return any;
}

const add = (cookie: string, product_id: unknown) => t.request("/api/cart/items", { cookie, json: { product_id } });

describe("POST /api/cart/items", () => {
  it("adds a line, then adds 1 to it, priced from the store", async () => {
    const { cookie } = await t.signUp();
    const product = await productWithStock(5);
    expect((await add(cookie, product.id)).status).toBe(200);
    const res = await add(cookie, product.id);
    expect(res.status).toBe(200);
    const cart = (await res.json()) as { items: { id: string; quantity: number; price_cents: number }[]; count: number; subtotal_cents: number };
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: product.id, quantity: 2, price_cents: product.price_cents });
    expect(cart.count).toBe(2);
    expect(cart.subtotal_cents).toBe(2 * product.price_cents);
    expect(((await (await t.request("/api/cart", { cookie })).json()) as { count: number }).count).toBe(2);
  });

  it("never holds more than the stock, and refuses a sold-out item", async () => {
    const { cookie } = await t.signUp();
    const low = await productWithStock(1);
    expect((await add(cookie, low.id)).status).toBe(200);
    const again = await add(cookie, low.id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("OUT_OF_STOCK");
    const soldOut = await productWithStock(0);
    expect((await add(cookie, soldOut.id)).status).toBe(409);
    const cart = (await (await t.request("/api/cart", { cookie })).json()) as { count: number };
    expect(cart.count).toBe(1);
  });

  it("answers 404 for an unknown product, 400 for a bad body, 401 signed out", async () => {
    const { cookie } = await t.signUp();
    expect((await add(cookie, "prod-nope")).status).toBe(404);
    for (const bad of [undefined, "", 42, "x".repeat(201)]) expect((await add(cookie, bad)).status).toBe(400);
    expect((await t.request("/api/cart/items", { json: { product_id: "x" } })).status).toBe(401);
  });
});
