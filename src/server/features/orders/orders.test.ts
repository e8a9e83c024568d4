import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressPrefill, Order, OrderSummary } from "../../../common/api/orders.js";
import { CHECKOUT_MESSAGES as M } from "../../../common/checkout.js";
import { boolValue } from "../../db/dialect.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { ADDRESS, errorOf, newKey, ordersHelpers } from "./orders.fixtures.js";
import { moveOrder } from "./order-moves.service.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const h = ordersHelpers(() => t);

async function buyer() {
  const { cookie, user, account } = await t.signUp();
  return { cookie, uid: user.uid, account };
}

describe("POST /api/orders", () => {
  it("places the cart as an order: priced from the store, stock taken, cart emptied, address kept", async () => {
    const b = await buyer();
    const print = await h.product(5, 2800, "Harbor Print");
    const tee = await h.product(3, 1999, "Night Tee");
    await h.cartLine(b.uid, print.id, 2);
    await h.cartLine(b.uid, tee.id, 1);

    const res = await h.place(b.cookie, newKey());
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(res.headers.get("location")).toBe(`/api/orders/${order.id}`);
    expect(order.id).toMatch(/^MB-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order).toMatchObject({
      status: "placed",
      item_count: 3,
      subtotal_cents: 2 * 2800 + 1999,
      shipping_cents: 599,
      total_cents: 2 * 2800 + 1999 + 599,
      payment: { method: "invoice", status: "due" },
      can_cancel: true,
      shipping: { ...ADDRESS },
    });
    expect(order.items).toEqual([
      { product_id: print.id, variant_id: print.id, size: null, edition: null, name: "Harbor Print", price_cents: 2800, price: "$28.00", quantity: 2, line_total_cents: 5600 },
      { product_id: tee.id, variant_id: tee.id, size: null, edition: null, name: "Night Tee", price_cents: 1999, price: "$19.99", quantity: 1, line_total_cents: 1999 },
    ]);
    expect(Date.parse(order.created_at)).toBeGreaterThan(Date.now() - 60_000);

    expect(await h.stockOf(print.id)).toBe(3);
    expect(await h.stockOf(tee.id)).toBe(2);
    expect(await h.cartOf(b.uid)).toEqual([]);
    const cart = await t.request("/api/me/cart", { cookie: b.cookie });
    expect(await cart.json()).toMatchObject({ items: [], count: 0, total_cents: 0 });

    const detail = await t.request(`/api/orders/${order.id}`, { cookie: b.cookie });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual(order);

    const address = (await (await t.request("/api/me/address", { cookie: b.cookie })).json()) as AddressPrefill;
    expect(address).toEqual({ saved: true, address: ADDRESS });
  });

  it("keeps the price of the moment: a later price change does not touch the order", async () => {
    const b = await buyer();
    const p = await h.product(5, 1000);
    await h.cartLine(b.uid, p.id, 1);
    const order = (await (await h.place(b.cookie, newKey())).json()) as Order;
    await t.database.db.updateTable("product").set({ price_cents: 9999, title: "Renamed" }).where("id", "=", p.id).execute();
    const again = (await (await t.request(`/api/orders/${order.id}`, { cookie: b.cookie })).json()) as Order;
    expect(again.items[0]).toMatchObject({ name: order.items[0]!.name, price_cents: 1000 });
    expect(again.total_cents).toBe(1599);
  });

  it("answers a repeat of the same Idempotency-Key with the same order (200), taking stock once", async () => {
    const b = await buyer();
    const p = await h.product(4, 500);
    await h.cartLine(b.uid, p.id, 2);
    const key = newKey();
    const first = await h.place(b.cookie, key);
    expect(first.status).toBe(201);
    const order = (await first.json()) as Order;
    // The cart is filled again, as if the buyer went on shopping: a repeat must not order it.
    await h.cartLine(b.uid, p.id, 1);
    const repeat = await h.place(b.cookie, key, { ...ADDRESS, name: "Someone Else" });
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(order);
    expect(await h.stockOf(p.id)).toBe(2);
    expect(await h.orderCount(b.uid)).toBe(1);
    expect(await h.cartOf(b.uid)).toEqual([{ product_id: p.id, quantity: 1 }]);
  });

  it("keys are per user: another buyer's key never finds this buyer's order", async () => {
    const [a, b] = [await buyer(), await buyer()];
    const p = await h.product(5, 700);
    await h.cartLine(a.uid, p.id, 1);
    await h.cartLine(b.uid, p.id, 1);
    const key = newKey();
    const first = (await (await h.place(a.cookie, key)).json()) as Order;
    const res = await h.place(b.cookie, key);
    expect(res.status).toBe(201);
    expect(((await res.json()) as Order).id).not.toBe(first.id);
  });

  it("requires a well-formed Idempotency-Key and changes nothing without one", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    for (const key of [null, "", "short", "x".repeat(101), "has space in it", "ünïcödé-key-123"]) {
      const res = await h.place(b.cookie, key);
      expect(res.status, String(key)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields?.["idempotency-key"]).toMatch(/Idempotency-Key header/);
    }
    expect(await h.stockOf(p.id)).toBe(5);
    expect(await h.orderCount(b.uid)).toBe(0);
  });

  it("ignores tampered bodies: prices, totals, user, status and lines come from the server", async () => {
    const victim = await buyer();
    const b = await buyer();
    const p = await h.product(10, 3333);
    const q = await h.product(10, 125);
    await h.cartLine(b.uid, p.id, 2);
    await h.cartLine(b.uid, q.id, 3);
    const res = await h.place(b.cookie, newKey(), {
      ...ADDRESS,
      price_cents: 1,
      subtotal_cents: 1,
      shipping_cents: 0,
      total_cents: 1,
      user_id: victim.uid,
      userId: victim.uid,
      status: "delivered",
      payment_status: "paid",
      payment: { method: "card", status: "paid" },
      id: "MB-CHOSEN00",
      items: [{ product_id: p.id, price_cents: 1, quantity: 99 }],
    });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(order.id).not.toBe("MB-CHOSEN00");
    expect(order).toMatchObject({ status: "placed", payment: { method: "invoice", status: "due" } });
    expect(order.subtotal_cents).toBe(2 * 3333 + 3 * 125);
    expect(order.total_cents).toBe(order.subtotal_cents + 599);
    expect(order.items.map((i) => [i.product_id, i.quantity, i.price_cents])).toEqual([
      [p.id, 2, 3333],
      [q.id, 3, 125],
    ]);
    expect(order.items.reduce((sum, i) => sum + i.price_cents * i.quantity, 0)).toBe(order.subtotal_cents);
    expect(await h.orderCount(victim.uid)).toBe(0);
    expect(await h.orderCount(b.uid)).toBe(1);
  });

  it("names every line it cannot fill with what is left, and keeps nothing", async () => {
    const b = await buyer();
    const short = await h.product(1, 1000, "Last Poster");
    const gone = await h.product(0, 2000, "Gone Zine");
    const fine = await h.product(9, 3000, "Plenty Mug");
    await h.cartLine(b.uid, short.id, 3);
    await h.cartLine(b.uid, gone.id, 2);
    await h.cartLine(b.uid, fine.id, 1);
    const cartBefore = await h.cartOf(b.uid);
    const key = newKey();

    const res = await h.place(b.cookie, key);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("OUT_OF_STOCK");
    expect(error.message).toBe(
      "Some items in your cart sold out while you were checking out. Nothing was charged and no order was placed.",
    );
    expect(error.details).toEqual(
      expect.arrayContaining([
        { product_id: short.id, variant_id: short.id, name: "Last Poster", requested: 3, available: 1 },
        { product_id: gone.id, variant_id: gone.id, name: "Gone Zine", requested: 2, available: 0 },
      ]),
    );
    expect(error.details).toHaveLength(2);
    expect([await h.stockOf(short.id), await h.stockOf(gone.id), await h.stockOf(fine.id)]).toEqual([1, 0, 9]);
    expect(await h.cartOf(b.uid)).toEqual(cartBefore);
    expect(await h.orderCount(b.uid)).toBe(0);
    expect(((await (await t.request("/api/me/address", { cookie: b.cookie })).json()) as AddressPrefill).saved).toBe(false);

    // With the buyer's consent the cart takes what is left; the same key then goes through.
    await t.request(`/api/me/cart/items/${short.id}`, { method: "PUT", cookie: b.cookie, json: { quantity: 1 } });
    await t.request(`/api/me/cart/items/${gone.id}`, { method: "DELETE", cookie: b.cookie });
    const retry = await h.place(b.cookie, key);
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as Order).total_cents).toBe(1000 + 3000 + 599);
    expect(await h.stockOf(short.id)).toBe(0);
  });

  it("refuses an empty cart with a clear message", async () => {
    const b = await buyer();
    const res = await h.place(b.cookie, newKey());
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "EMPTY_CART",
      message: "Your cart is empty. Add something from the store before checking out.",
    });
  });

  it("is for subscribers, signed in, from the site itself", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    expect((await t.request("/api/orders", { json: ADDRESS, headers: { "idempotency-key": newKey() } })).status).toBe(401);
    const crossSite = await t.request("/api/orders", {
      cookie: b.cookie,
      json: ADDRESS,
      origin: "https://evil.example",
      headers: { "idempotency-key": newKey() },
    });
    expect(crossSite.status).toBe(403);
    await t.database.db.updateTable("user").set({ subscribed: boolValue(t.database.dialect, false) }).where("id", "=", b.uid).execute();
    const res = await h.place(b.cookie, newKey());
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "NOT_SUBSCRIBED" });
    expect(await h.stockOf(p.id)).toBe(5);
  });
});

describe("checkout validation", () => {
  it.each([
    ["email", "", M.emailRequired],
    ["email", "ada@", M.emailInvalid],
    ["email", `${"a".repeat(250)}@example.com`, M.emailInvalid],
    ["name", "  ", M.nameRequired],
    ["name", "x".repeat(101), M.nameTooLong],
    ["address_line1", "", M.line1Required],
    ["address_line1", "x".repeat(201), M.lineTooLong],
    ["address_line2", "x".repeat(201), M.lineTooLong],
    ["city", "", M.cityRequired],
    ["city", "x".repeat(101), M.cityTooLong],
    ["state", "", M.stateRequired],
    ["state", "Illinois", M.stateInvalid],
    ["state", "il", M.stateInvalid],
    ["state", "ZZ", M.stateInvalid],
    ["state", "DC", M.stateInvalid],
    ["zip", "", M.zipRequired],
    ["zip", "6270", M.zipInvalid],
    ["zip", "62701-12", M.zipInvalid],
    ["zip", "ABCDE", M.zipInvalid],
    ["phone", "", M.phoneRequired],
    ["phone", "555-1234", M.phoneInvalid],
    ["phone", "1".repeat(31), M.phoneInvalid],
  ])("%s = %j → %s", async (field, value, message) => {
    const b = await buyer();
    const res = await h.place(b.cookie, newKey(), { ...ADDRESS, [field]: value });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({ [field]: message });
  });

  it("accepts ZIP+4, an empty second line, and trims what it keeps", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    const res = await h.place(b.cookie, newKey(), { ...ADDRESS, zip: " 62701-1234 ", address_line2: undefined, name: "  Ada  ", email: "ADA@Example.com" });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Order).shipping).toMatchObject({ zip: "62701-1234", address_line2: "", name: "Ada", email: "ada@example.com" });
  });

  it("names every missing field at once", async () => {
    const b = await buyer();
    const res = await h.place(b.cookie, newKey(), {});
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      email: M.emailRequired,
      name: M.nameRequired,
      address_line1: M.line1Required,
      city: M.cityRequired,
      state: M.stateRequired,
      zip: M.zipRequired,
      phone: M.phoneRequired,
    });
  });

  it("never answers 500 to bad input: wrong types, huge strings, control characters, junk bodies", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    const bodies: unknown[] = [
      { ...ADDRESS, name: 42 },
      { ...ADDRESS, city: ["Springfield"] },
      { ...ADDRESS, state: { code: "IL" } },
      { ...ADDRESS, zip: 62701 },
      { ...ADDRESS, phone: null },
      { ...ADDRESS, email: true },
      { ...ADDRESS, address_line2: 7 },
      { ...ADDRESS, name: "x".repeat(60_000) },
      { ...ADDRESS, name: "Ada\u0007Buyer" },
      { ...ADDRESS, address_line1: "12 Main\nStreet" },
      { ...ADDRESS, city: "Spring\u0000field" },
      [],
      "order please",
      null,
      12,
    ];
    for (const body of bodies) {
      const res = await h.place(b.cookie, newKey(), body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await errorOf(res)).code).toBe("VALIDATION_FAILED");
    }
    const huge = await h.place(b.cookie, newKey(), { ...ADDRESS, name: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    const notJson = await t.request("/api/orders", {
      method: "POST",
      cookie: b.cookie,
      body: "{not json",
      headers: { "content-type": "application/json", "idempotency-key": newKey() },
    });
    expect(notJson.status).toBe(400);
    expect(await h.stockOf(p.id)).toBe(5);
    expect(await h.orderCount(b.uid)).toBe(0);
  });
});

describe("GET /api/orders and /api/orders/{id}", () => {
  it("lists the buyer's own orders newest first, a page at a time", async () => {
    const b = await buyer();
    const p = await h.product(10, 1000);
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      await h.cartLine(b.uid, p.id, i);
      ids.push(((await (await h.place(b.cookie, newKey())).json()) as Order).id);
    }
    const first = await t.request("/api/orders?limit=2", { cookie: b.cookie });
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as { items: OrderSummary[]; next_cursor: string | null };
    expect(page1.items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(page1.items[0]).toMatchObject({ status: "placed", item_count: 3, total_cents: 3599, payment_status: "due" });
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await (await t.request(`/api/orders?limit=2&cursor=${page1.next_cursor}`, { cookie: b.cookie })).json()) as {
      items: OrderSummary[];
      next_cursor: string | null;
    };
    expect(page2).toEqual({ items: [expect.objectContaining({ id: ids[0], item_count: 1 })], next_cursor: null });

    for (const bad of ["limit=0", "limit=101", "limit=two", "cursor=nope", `cursor=${"A".repeat(700)}`]) {
      expect((await t.request(`/api/orders?${bad}`, { cookie: b.cookie })).status, bad).toBe(400);
    }
  });

  it("keeps another buyer's orders out of reach: not listed, not readable, not cancellable", async () => {
    const owner = await buyer();
    const other = await buyer();
    const p = await h.product(5);
    await h.cartLine(owner.uid, p.id, 2);
    const order = (await (await h.place(owner.cookie, newKey())).json()) as Order;

    const list = (await (await t.request("/api/orders", { cookie: other.cookie })).json()) as { items: OrderSummary[] };
    expect(list.items).toEqual([]);
    const read = await t.request(`/api/orders/${order.id}`, { cookie: other.cookie });
    expect(read.status).toBe(404);
    expect(await errorOf(read)).toMatchObject({ code: "NOT_FOUND", message: "We could not find that order." });
    const cancel = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: other.cookie });
    expect(cancel.status).toBe(404);
    expect(await h.stockOf(p.id)).toBe(3);
    const mine = (await (await t.request(`/api/orders/${order.id}`, { cookie: owner.cookie })).json()) as Order;
    expect(mine.status).toBe("placed");
  });

  it("answers 404 for unknown orders, 400 for ids that cannot be one, 401 signed out", async () => {
    const b = await buyer();
    expect((await t.request("/api/orders/MB-NOPE0000", { cookie: b.cookie })).status).toBe(404);
    expect((await t.request(`/api/orders/${"x".repeat(41)}`, { cookie: b.cookie })).status).toBe(400);
    expect((await t.request("/api/orders/MB-%07", { cookie: b.cookie })).status).toBe(400);
    expect((await t.request("/api/orders")).status).toBe(401);
    expect((await t.request("/api/orders/MB-NOPE0000")).status).toBe(401);
    expect((await t.request("/api/orders/MB-NOPE0000/cancel", { method: "POST" })).status).toBe(401);
    expect((await t.request("/api/me/address")).status).toBe(401);
  });
});

describe("POST /api/orders/{id}/cancel", () => {
  it("cancels a placed order and puts its stock back; a second cancel is refused", async () => {
    const b = await buyer();
    const p = await h.product(5, 800);
    const q = await h.product(2, 900);
    await h.cartLine(b.uid, p.id, 3);
    await h.cartLine(b.uid, q.id, 2);
    const order = (await (await h.place(b.cookie, newKey())).json()) as Order;
    expect([await h.stockOf(p.id), await h.stockOf(q.id)]).toEqual([2, 0]);

    const res = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: b.cookie });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as Order;
    expect(cancelled).toMatchObject({ id: order.id, status: "cancelled", can_cancel: false, payment: { method: "invoice", status: "void" } });
    expect(Date.parse(cancelled.updated_at)).toBeGreaterThanOrEqual(Date.parse(order.updated_at));
    expect([await h.stockOf(p.id), await h.stockOf(q.id)]).toEqual([5, 2]);

    const again = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: b.cookie });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "NOT_CANCELLABLE", message: "This order is cancelled and can no longer be cancelled." });
    expect([await h.stockOf(p.id), await h.stockOf(q.id)]).toEqual([5, 2]);
  });

  it("moves only forward, placed → paid → shipped → delivered, and only a placed order can be cancelled", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    const order = (await (await h.place(b.cookie, newKey())).json()) as Order;
    const parcel = { carrier: "usps" as const, trackingNumber: "9400111899223344556677" };
    expect(await moveOrder(t.database, { orderId: order.id, action: "ship", parcel })).toEqual({ ok: false, reason: "conflict", current: "placed" });
    expect((await moveOrder(t.database, { orderId: order.id, action: "pay" })).ok).toBe(true);
    const paid = (await (await t.request(`/api/orders/${order.id}`, { cookie: b.cookie })).json()) as Order;
    expect(paid).toMatchObject({ status: "paid", payment: { status: "paid" }, can_cancel: false, tracking: null });
    expect(paid.paid_at).toEqual(expect.any(String));

    const res = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: b.cookie });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("This order is paid and can no longer be cancelled.");
    expect(await h.stockOf(p.id)).toBe(4);

    expect(await moveOrder(t.database, { orderId: order.id, action: "pay" })).toEqual({ ok: false, reason: "conflict", current: "paid" });
    expect((await moveOrder(t.database, { orderId: order.id, action: "ship", parcel })).ok).toBe(true);
    expect((await moveOrder(t.database, { orderId: order.id, action: "deliver" })).ok).toBe(true);
    const list = (await (await t.request("/api/orders", { cookie: b.cookie })).json()) as { items: OrderSummary[] };
    expect(list.items[0]).toMatchObject({
      id: order.id,
      status: "delivered",
      payment_status: "paid",
      tracking: {
        carrier: "usps",
        carrier_label: "USPS",
        number: parcel.trackingNumber,
        url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${parcel.trackingNumber}`,
      },
    });
  });
});

describe("GET /api/me/address", () => {
  it("starts from the account's email and phone before any order", async () => {
    const b = await buyer();
    const res = await t.request("/api/me/address", { cookie: b.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      saved: false,
      address: { email: b.account.email, name: "", address_line1: "", address_line2: "", city: "", state: "", zip: "", phone: b.account.phone },
    });
  });

  it("remembers the latest order's details", async () => {
    const b = await buyer();
    const p = await h.product(5);
    await h.cartLine(b.uid, p.id, 1);
    await h.place(b.cookie, newKey());
    await h.cartLine(b.uid, p.id, 1);
    const moved = { ...ADDRESS, address_line1: "99 Oak Avenue", address_line2: "", city: "Portland", state: "OR", zip: "97201-0001" };
    await h.place(b.cookie, newKey(), moved);
    expect(await (await t.request("/api/me/address", { cookie: b.cookie })).json()).toEqual({ saved: true, address: moved });
  });
});

describe("OpenAPI", () => {
  it("describes the order routes and the error details of OUT_OF_STOCK", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/orders", "/api/orders/{orderId}", "/api/orders/{orderId}/cancel", "/api/me/address"]),
    );
    expect(doc.paths["/api/orders"]!.post!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "idempotency-key", in: "header", required: true })]),
    );
    expect(doc.components.schemas.StockShortfall).toBeDefined();
    expect(Object.keys(doc.components.schemas.Error!.properties!)).toEqual(["error"]);
  });
});
