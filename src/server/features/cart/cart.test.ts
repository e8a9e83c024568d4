import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../../common/api/cart.js";
import { insertProduct } from "../../db/seed/factories.js";
import { createTestApp, okBody, sessionCookie, type TestApp } from "../../test/harness.js";
import { setStockForTest } from "../catalog/catalog.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t.close();
});

/** A product of its own for each test, with the given stock, so tests never share one. */
let nextProduct = 0;
async function product(stock: number, price_cents = 1250) {
  nextProduct += 1;
  const id = `prod-cart-test-${nextProduct}`;
  await insertProduct(t.database, { id, kind: "artifact", category: "art", title: `Cart test ${nextProduct}`, description: "A test print", price_cents, stock });
  return { id, price_cents };
}

async function cartOf(cookie: string): Promise<Cart> {
  const res = await t.request("/api/me/cart", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Cart;
}
const add = (cookie: string, product_id: unknown) => t.request("/api/me/cart/items", { cookie, json: { product_id } });
const setQty = (cookie: string, id: string, quantity: unknown) =>
  t.request(`/api/me/cart/items/${encodeURIComponent(id)}`, { method: "PUT", cookie, json: { quantity } });
const remove = (cookie: string, id: string) => t.request(`/api/me/cart/items/${encodeURIComponent(id)}`, { method: "DELETE", cookie });
const merge = (cookie: string, items: unknown) => t.request("/api/me/cart/merge", { cookie, json: { items } });
/** The same writes through the typed client: paths, parameters and bodies checked by the routes' types. */
const typedSetQty = (cookie: string, productId: string, quantity: number) =>
  t.api.api.me.cart.items[":lineId"].$put({ param: { lineId: productId }, json: { quantity } }, { headers: { cookie } });
const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", { json: { email, password } });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

describe("POST /api/me/cart/items", () => {
  it("adds a line, then adds 1 to it, priced from the store", async () => {
    const { cookie } = await t.signUp();
    const p = await product(5, 2800);
    expect((await add(cookie, p.id)).status).toBe(200);
    const res = await add(cookie, p.id);
    expect(res.status).toBe(200);
    const cart = (await res.json()) as Cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ id: p.id, quantity: 2, price_cents: 2800, price: "$28.00", category: "art" });
    expect(cart).toMatchObject({ count: 2, subtotal_cents: 5600, shipping_cents: 599, total_cents: 6199 });
    expect(await cartOf(cookie)).toEqual(cart);
  });

  it("never holds more than the stock, and refuses a sold-out item", async () => {
    const { cookie } = await t.signUp();
    const low = await product(1);
    expect((await add(cookie, low.id)).status).toBe(200);
    const again = await add(cookie, low.id);
    expect(again.status).toBe(409);
    expect(await code(again)).toBe("OUT_OF_STOCK");
    const soldOut = await product(0);
    expect((await add(cookie, soldOut.id)).status).toBe(409);
    expect((await cartOf(cookie)).count).toBe(1);
  });

  it("answers 404 for an unknown product, 400 for a bad body, 401 signed out", async () => {
    const { cookie } = await t.signUp();
    expect((await add(cookie, "prod-nope")).status).toBe(404);
    for (const bad of [undefined, "", 42, "x".repeat(201), null, ["a"], { id: "a" }]) {
      expect((await add(cookie, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.request("/api/me/cart/items", { json: { product_id: "x" } })).status).toBe(401);
  });

  it("loses no add when two sessions of one account add at once", async () => {
    const { cookie, account } = await t.signUp();
    const other = await signIn(account.email, account.password);
    const p = await product(50);
    const q = await product(50);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(i % 2 === 0 ? cookie : other, i % 4 < 2 ? p.id : q.id)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const cart = await cartOf(other);
    expect(cart.items.map((i) => [i.id, i.quantity]).sort()).toEqual([
      [p.id, 10],
      [q.id, 10],
    ]);
  });

  it("never goes past the stock under racing adds", async () => {
    const { cookie, account } = await t.signUp();
    const other = await signIn(account.email, account.password);
    const p = await product(3);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => add(i % 2 ? cookie : other, p.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await cartOf(cookie)).items[0]?.quantity).toBe(3);
  });
});

describe("PUT /api/me/cart/items/{lineId}", () => {
  it("sets the quantity and reprices the totals", async () => {
    const { cookie } = await t.signUp();
    const p = await product(10, 1999);
    await add(cookie, p.id);
    const cart: Cart = await okBody(await typedSetQty(cookie, p.id, 4));
    expect(cart).toMatchObject({ count: 4, subtotal_cents: 7996, shipping_cents: 599, total_cents: 8595 });
    expect((await setQty(cookie, p.id, 1)).status).toBe(200);
    expect((await cartOf(cookie)).items[0]?.quantity).toBe(1);
  });

  it("caps the quantity at the stock, and the answer shows what was set", async () => {
    const { cookie } = await t.signUp();
    const p = await product(3);
    await add(cookie, p.id);
    const res = await setQty(cookie, p.id, 8);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Cart).items[0]).toMatchObject({ id: p.id, quantity: 3, stock: 3 });
  });

  it("refuses quantities below 1 and anything not a whole number, changing nothing", async () => {
    const { cookie } = await t.signUp();
    const p = await product(10);
    await add(cookie, p.id);
    await setQty(cookie, p.id, 2);
    for (const bad of [0, -1, 1.5, "2", null, 1e9, Number.MAX_SAFE_INTEGER + 2, undefined]) {
      const res = await setQty(cookie, p.id, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(await code(res)).toBe("VALIDATION_FAILED");
    }
    expect((await cartOf(cookie)).items[0]?.quantity).toBe(2);
  });

  it("answers 404 for a line that is not in the cart and never brings it back", async () => {
    const { cookie } = await t.signUp();
    const p = await product(10);
    expect((await setQty(cookie, p.id, 2)).status).toBe(404);
    expect((await cartOf(cookie)).items).toEqual([]);
  });

  it("answers 409 when the product sold out since it was added, keeping the line", async () => {
    const { cookie } = await t.signUp();
    const p = await product(2);
    await add(cookie, p.id);
    await setStockForTest(t.database.db, p.id, 0);
    const res = await setQty(cookie, p.id, 2);
    expect(res.status).toBe(409);
    expect(await code(res)).toBe("OUT_OF_STOCK");
    // Sold out is not gone: the product is still on sale (a hidden one says `available: false`).
    expect((await cartOf(cookie)).items[0]).toMatchObject({ quantity: 1, stock: 0, available: true });
  });
});

describe("DELETE /api/me/cart/items/{lineId} and DELETE /api/me/cart", () => {
  it("removes one line, then empties the cart", async () => {
    const { cookie } = await t.signUp();
    const [a, b] = [await product(5), await product(5)];
    await add(cookie, a.id);
    await add(cookie, b.id);
    const afterRemove = await okBody(await t.api.api.me.cart.items[":lineId"].$delete({ param: { lineId: a.id } }, { headers: { cookie } }));
    expect(afterRemove.items.map((i) => i.id)).toEqual([b.id]);
    expect((await remove(cookie, a.id)).status).toBe(200);
    const cleared = await okBody(await t.api.api.me.cart.$delete({}, { headers: { cookie } }));
    expect(cleared).toEqual({ items: [], count: 0, subtotal_cents: 0, shipping_cents: 0, total_cents: 0 });
  });
});

describe("POST /api/me/cart/merge", () => {
  it("sums quantities with the account's lines, caps at stock, skips sold-out and unknown products", async () => {
    const { cookie } = await t.signUp();
    const [kept, capped, soldOut, fresh] = [await product(10), await product(4), await product(0), await product(6)];
    await add(cookie, kept.id);
    await add(cookie, capped.id);
    const res = await merge(cookie, [
      { product_id: kept.id, quantity: 2 },
      { product_id: capped.id, quantity: 9 },
      { product_id: soldOut.id, quantity: 1 },
      { product_id: "prod-gone", quantity: 1 },
      { product_id: fresh.id, quantity: 8 },
    ]);
    expect(res.status).toBe(200);
    const cart = (await res.json()) as Cart;
    expect(Object.fromEntries(cart.items.map((i) => [i.id, i.quantity]))).toEqual({ [kept.id]: 3, [capped.id]: 4, [fresh.id]: 6 });
    expect(cart.count).toBe(13);
  });

  it("refuses a bad body as a whole and changes nothing", async () => {
    const { cookie } = await t.signUp();
    const p = await product(5);
    for (const items of [
      [{ product_id: p.id, quantity: 0 }],
      [{ product_id: p.id, quantity: "1" }],
      [{ product_id: p.id }],
      Array.from({ length: 101 }, () => ({ product_id: p.id, quantity: 1 })),
      "nope",
    ]) {
      expect((await merge(cookie, items)).status).toBe(400);
    }
    expect((await cartOf(cookie)).items).toEqual([]);
    expect((await merge(cookie, [])).status).toBe(200);
    expect((await t.request("/api/me/cart/merge", { json: { items: [] } })).status).toBe(401);
  });
});

describe("one account's cart is out of another's reach", () => {
  it("has no user id anywhere to tamper with: each write lands in the caller's cart only", async () => {
    const owner = await t.signUp();
    const attacker = await t.signUp();
    const p = await product(10);
    await add(owner.cookie, p.id);
    const before = await cartOf(owner.cookie);

    // The attacker names the owner in every way a body or query could.
    await t.request(`/api/me/cart/items?user_id=${owner.user.uid}`, {
      cookie: attacker.cookie,
      json: { product_id: p.id, user_id: owner.user.uid },
    });
    await t.request(`/api/me/cart/items/${p.id}`, {
      method: "PUT",
      cookie: attacker.cookie,
      json: { quantity: 9, user_id: owner.user.uid },
    });
    await remove(attacker.cookie, p.id);
    await t.request(`/api/me/cart?uid=${owner.user.uid}`, { method: "DELETE", cookie: attacker.cookie });
    await merge(attacker.cookie, [{ product_id: p.id, quantity: 3 }]);

    expect(await cartOf(owner.cookie)).toEqual(before);
    expect((await cartOf(attacker.cookie)).items.map((i) => [i.id, i.quantity])).toEqual([[p.id, 3]]);
  });

  it("refuses every cart route without a session, and writes from another origin", async () => {
    const { cookie } = await t.signUp();
    const p = await product(10);
    for (const [path, method] of [
      ["/api/me/cart", "GET"],
      ["/api/me/cart", "DELETE"],
      [`/api/me/cart/items/${p.id}`, "PUT"],
      [`/api/me/cart/items/${p.id}`, "DELETE"],
    ] as const) {
      expect((await t.request(path, { method, json: method === "PUT" ? { quantity: 1 } : undefined })).status).toBe(401);
    }
    const crossSite = await t.request("/api/me/cart/items", { cookie, origin: "https://evil.example", json: { product_id: p.id } });
    expect(crossSite.status).toBe(403);
    expect((await cartOf(cookie)).items).toEqual([]);
  });
});
