/**
 * Invoices (docs/decisions/0009, "Invoices"), on whichever database TEST_DB names: issued with the
 * order, numbered without gaps even under concurrent checkouts and rollbacks, readable only by the
 * buyer, kept as issued; and the e-mail every move of an order writes into the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Invoice } from "../../../common/api/invoices.js";
import type { Order } from "../../../common/api/orders.js";
import { CheckoutSchema } from "../../../common/checkout.js";
import { writeTransaction } from "../../db/dialect.js";
import { insertCartItem } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit, PARCEL, type Person } from "../admin/admin.fixtures.js";
import { nextInvoiceNumber, paymentLinkFor } from "./invoices.queries.js";
import { ADDRESS, errorOf, newKey, ordersHelpers } from "./orders.fixtures.js";
import { placeOrder } from "./place-order.js";

const SELLER = {
  SELLER_NAME: "MAYBE Community LLC",
  SELLER_ADDRESS: "100 Market St|Brooklyn, NY 11201",
  SELLER_EMAIL: "billing@maybe.test",
  SELLER_TAX_ID: "12-3456789",
  PAYMENT_BANK_DETAILS: "Account name: MAYBE Community LLC|Account number: 123456789",
  PAYMENT_LINK: "https://pay.example/maybe?ref={invoice}&order={order}&amount={amount}",
  PAYMENT_DUE_DAYS: "30",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SELLER);
});
afterAll(async () => {
  await t.close();
});

const h = ordersHelpers(() => t);
const admin = staffKit(() => t);
const year = new Date().getUTCFullYear();
const INVOICE_NUMBER = new RegExp(`^INV-${year}-\\d{6}$`);
const sequenceOf = (number: string) => Number(number.slice(-6));

async function buyer() {
  const { cookie, user } = await t.signUp();
  return { cookie, uid: user.uid };
}

/** A buyer with one line of a product of its own in the cart, and the order placed from it. */
async function placed(quantity = 2, price = 2800, name?: string) {
  const b = await buyer();
  const p = await h.product(10, price, name);
  await h.cartLine(b.uid, p.id, quantity);
  const res = await h.place(b.cookie, newKey());
  expect(res.status).toBe(201);
  return { ...b, product: p, order: (await res.json()) as Order };
}

async function invoiceOf(cookie: string, orderId: string) {
  return t.request(`/api/orders/${encodeURIComponent(orderId)}/invoice`, { cookie });
}

/** The numbers of every invoice issued so far, in order. */
async function allNumbers(): Promise<string[]> {
  return (await t.database.db.selectFrom("invoice").select("number").orderBy("number").execute()).map((r) => r.number);
}

describe("an order's invoice", () => {
  it("is issued with the order: numbered, with the seller and payment of the settings, billed to the checkout's contact and address", async () => {
    const { cookie, order, product } = await placed(2, 2800, "Harbor Print");
    expect(order.invoice_number).toMatch(INVOICE_NUMBER);
    const res = await invoiceOf(cookie, order.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const invoice = (await res.json()) as Invoice;
    const number = order.invoice_number!;
    const { phone: _phone, ...billedTo } = ADDRESS;
    expect(invoice).toEqual({
      number,
      order_id: order.id,
      issued_at: expect.any(String),
      due_at: expect.any(String),
      status: "due",
      paid_at: null,
      seller: { name: "MAYBE Community LLC", address: ["100 Market St", "Brooklyn, NY 11201"], email: "billing@maybe.test", tax_id: "12-3456789" },
      buyer: { ...billedTo, address_line2: ADDRESS.address_line2 ?? "" },
      items: [{ product_id: product.id, variant_id: product.id, size: null, edition: null, name: "Harbor Print", price_cents: 2800, price: "$28.00", quantity: 2, line_total_cents: 5600 }],
      subtotal_cents: 5600,
      shipping_cents: 599,
      total_cents: 6199,
      payment: {
        bank_details: ["Account name: MAYBE Community LLC", "Account number: 123456789"],
        link: `https://pay.example/maybe?ref=${number}&order=${order.id}&amount=61.99`,
        reference: number,
      },
    });
    // Issued when the order was placed; due PAYMENT_DUE_DAYS later.
    expect(invoice.issued_at).toBe(order.created_at);
    expect(Date.parse(invoice.due_at) - Date.parse(invoice.issued_at)).toBe(30 * 24 * 60 * 60 * 1000);
    // The order's own answers name it.
    const detail = (await (await t.request(`/api/orders/${order.id}`, { cookie })).json()) as Order;
    expect(detail.invoice_number).toBe(number);
  });

  it("follows the order's payment: paid when the shop marks it paid, void when the order is cancelled", async () => {
    const staff = (await admin.person("admin"))!;
    const first = await placed();
    expect((await admin.move(staff, first.order.id, "pay")).status).toBe(200);
    const paid = (await (await invoiceOf(first.cookie, first.order.id)).json()) as Invoice;
    expect(paid).toMatchObject({ status: "paid", number: first.order.invoice_number, paid_at: expect.any(String) });

    const second = await placed();
    expect((await t.request(`/api/orders/${second.order.id}/cancel`, { method: "POST", cookie: second.cookie })).status).toBe(200);
    const cancelled = (await (await invoiceOf(second.cookie, second.order.id)).json()) as Invoice;
    // The number stays the order's: an issued number is never given again.
    expect(cancelled).toMatchObject({ status: "void", number: second.order.invoice_number });
  });

  it("is the buyer's alone: another buyer, a visitor and an unknown order get the same refusal, and nothing of it", async () => {
    const { cookie, order } = await placed(1, 1500, "Private Print");
    const other = await buyer();
    const theirs = await invoiceOf(other.cookie, order.id);
    expect(theirs.status).toBe(404);
    const body = await theirs.text();
    expect(JSON.parse(body)).toEqual({ error: { code: "NOT_FOUND", message: "We could not find that order." } });
    for (const secret of [order.invoice_number!, "Private Print", ADDRESS.name, ADDRESS.email]) expect(body).not.toContain(secret);
    const unknown = await invoiceOf(other.cookie, "MB-NOPE0000");
    expect([unknown.status, await unknown.text()]).toEqual([404, body]);
    expect((await invoiceOf("", order.id)).status).toBe(401);
    expect((await t.request(`/api/orders/${"x".repeat(41)}/invoice`, { cookie })).status).toBe(400);
    // The owner still reads it.
    expect((await invoiceOf(cookie, order.id)).status).toBe(200);
  });

  it("does not exist for an order placed before invoices were issued: 404, and the order says so with null", async () => {
    const b = await buyer();
    const old = await admin.order("placed", { buyerId: b.uid });
    const res = await invoiceOf(b.cookie, old.id);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("NOT_FOUND");
    expect(((await (await t.request(`/api/orders/${old.id}`, { cookie: b.cookie })).json()) as Order).invoice_number).toBeNull();
  });

  it("keeps the seller and payment of the day it was issued when the settings change later", async () => {
    const before = await placed();
    // A second instance on the same database, started with new settings, as after a redeploy.
    const later = await createTestApp({ ...SELLER, SELLER_NAME: "MAYBE Holdings Inc.", PAYMENT_LINK: "" }, { shareDatabaseWith: t });
    try {
      const old = (await (await later.request(`/api/orders/${before.order.id}/invoice`, { cookie: before.cookie })).json()) as Invoice;
      expect(old.seller.name).toBe("MAYBE Community LLC");
      expect(old.payment.link).toContain("https://pay.example/maybe");
      const p = await h.product(5, 1000);
      await h.cartLine(before.uid, p.id, 1);
      const res = await later.request("/api/orders", { cookie: before.cookie, json: ADDRESS, headers: { "idempotency-key": newKey() } });
      expect(res.status).toBe(201);
      const order = (await res.json()) as Order;
      const fresh = (await (await later.request(`/api/orders/${order.id}/invoice`, { cookie: before.cookie })).json()) as Invoice;
      expect(fresh.seller.name).toBe("MAYBE Holdings Inc.");
      expect(fresh.payment.link).toBeNull();
    } finally {
      await later.close();
    }
  });

  it("fills the payment link's placeholders, each encoded", () => {
    expect(paymentLinkFor("https://pay.example/{invoice}?o={order}&a={amount}&again={invoice}", { number: "INV-2026-000007", orderId: "MB-7K2Q9XDM", totalCents: 8699 })).toBe(
      "https://pay.example/INV-2026-000007?o=MB-7K2Q9XDM&a=86.99&again=INV-2026-000007",
    );
  });
});

describe("invoice numbers", () => {
  it("are consecutive and unique under concurrent checkouts, and a refused checkout takes none", async () => {
    const crowd = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const soldOut = await h.product(0, 1000);
    const before = await allNumbers();
    // Ten buyers of a product each, and ten more at once who find it sold out (their checkouts roll back).
    for (const b of crowd) {
      const p = await h.product(3, 1200);
      await h.cartLine(b.uid, p.id, 1);
    }
    const losers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    await insertCartItem(t.database, losers.map((b) => ({ user_id: b.uid, product_id: soldOut.id, quantity: 1 })));
    const results = await Promise.all([...crowd, ...losers].map((b) => h.place(b.cookie, newKey())));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);

    const orders = (await Promise.all(results.filter((r) => r.status === 201).map((r) => r.json()))) as Order[];
    const issued = orders.map((o) => o.invoice_number!).sort();
    expect(new Set(issued).size).toBe(10);
    const last = before.length > 0 ? sequenceOf(before.at(-1)!) : 0;
    expect(issued.map(sequenceOf)).toEqual(Array.from({ length: 10 }, (_, i) => last + i + 1));
    expect(await allNumbers()).toEqual([...before, ...issued]);
  });

  it("a checkout that fails just before its commit gives its number back: the next order gets it", async () => {
    const b = await buyer();
    const p = await h.product(5, 1000);
    await h.cartLine(b.uid, p.id, 1);
    const before = await allNumbers();
    const expected = `INV-${year}-${String(sequenceOf(before.at(-1) ?? `INV-${year}-000000`) + 1).padStart(6, "0")}`;
    await expect(
      placeOrder(
        t.database,
        { userId: b.uid, idempotencyKey: newKey(), details: CheckoutSchema.parse(ADDRESS), invoicing: t.config.invoice },
        {
          beforeCommit: () => {
            throw new Error("injected failure");
          },
        },
      ),
    ).rejects.toThrow("injected failure");
    expect(await allNumbers()).toEqual(before);
    const res = await h.place(b.cookie, newKey());
    expect(((await res.json()) as Order).invoice_number).toBe(expected);
  });

  it("start again at 000001 each year (UTC), and the unique index refuses a number given twice", async () => {
    const take = (iso: string) => writeTransaction(t.database.db, t.database.dialect, (trx) => nextInvoiceNumber(trx, new Date(iso)));
    // Years no other test issues invoices in.
    expect(await take("2091-12-31T23:59:59.999Z")).toBe("INV-2091-000001");
    expect(await take("2091-06-01T00:00:00.000Z")).toBe("INV-2091-000002");
    expect(await take("2092-01-01T00:00:00.000Z")).toBe("INV-2092-000001");
    expect(await take("2091-12-31T23:59:59.999Z")).toBe("INV-2091-000003");
    const { order } = await placed();
    await expect(
      t.database.db
        .insertInto("invoice")
        .values({ order_id: order.id, number: order.invoice_number!, issued_at: new Date().toISOString(), due_at: new Date().toISOString(), seller: "{}", payment: "{}" })
        .execute(),
    ).rejects.toThrow();
    const other = await admin.order("placed");
    await expect(
      t.database.db
        .insertInto("invoice")
        .values({ order_id: other.id, number: order.invoice_number!, issued_at: new Date().toISOString(), due_at: new Date().toISOString(), seller: "{}", payment: "{}" })
        .execute(),
    ).rejects.toThrow();
  });
});

describe("the buyer's e-mails in the outbox", () => {
  let staff: Person;
  beforeAll(async () => {
    staff = (await admin.person("admin"))!;
  });

  /** The outbox rows about one order: template, recipient, account and props. */
  async function mailsOf(orderId: string) {
    const rows = await t.database.db.selectFrom("outbox").select(["template", "recipient", "user_id", "payload", "dedupe_key"]).execute();
    return rows
      .filter((r) => r.dedupe_key?.endsWith(`:${orderId}`))
      .map((r) => ({ template: r.template, to: r.recipient, userId: r.user_id, props: JSON.parse(r.payload) as Record<string, unknown> }));
  }

  it("placing writes the confirmation and the invoice; paying, shipping and delivering each write theirs", async () => {
    const { order, uid } = await placed();
    const atPlacing = await mailsOf(order.id);
    expect(atPlacing.map((m) => m.template).sort()).toEqual(["order-confirmation", "order-invoice"]);
    for (const mail of atPlacing) expect(mail).toMatchObject({ to: ADDRESS.email, userId: uid });
    const invoiceMail = atPlacing.find((m) => m.template === "order-invoice")!;
    expect(invoiceMail.props).toMatchObject({ invoice: { number: order.invoice_number, order_id: order.id, total_cents: order.total_cents } });
    expect(atPlacing.find((m) => m.template === "order-confirmation")!.props).toMatchObject({ order: { id: order.id, invoice_number: order.invoice_number } });

    expect((await admin.move(staff, order.id, "pay")).status).toBe(200);
    expect((await admin.move(staff, order.id, "ship", PARCEL)).status).toBe(200);
    expect((await admin.move(staff, order.id, "deliver")).status).toBe(200);
    // A refused move writes nothing.
    expect((await admin.move(staff, order.id, "pay")).status).toBe(409);
    const all = await mailsOf(order.id);
    expect(all.map((m) => m.template).sort()).toEqual(["order-confirmation", "order-delivered", "order-invoice", "order-paid", "order-shipped"]);
    expect(all.find((m) => m.template === "order-paid")!.props).toMatchObject({ order: { status: "paid", payment: { status: "paid" } } });
    expect(all.find((m) => m.template === "order-delivered")!.props).toMatchObject({ order: { status: "delivered", tracking: { number: PARCEL.tracking_number } } });
  });

  it("the buyer's own cancel is confirmed by e-mail, marked as theirs; the shop's cancel and refund write their own", async () => {
    const mine = await placed();
    expect((await t.request(`/api/orders/${mine.order.id}/cancel`, { method: "POST", cookie: mine.cookie })).status).toBe(200);
    const cancelled = (await mailsOf(mine.order.id)).find((m) => m.template === "order-cancelled");
    expect(cancelled).toMatchObject({ to: ADDRESS.email, userId: mine.uid, props: { by: "buyer", order: { id: mine.order.id, status: "cancelled", invoice_number: mine.order.invoice_number } } });
    // A refused second cancel writes no second e-mail.
    expect((await t.request(`/api/orders/${mine.order.id}/cancel`, { method: "POST", cookie: mine.cookie })).status).toBe(409);
    expect((await mailsOf(mine.order.id)).filter((m) => m.template === "order-cancelled")).toHaveLength(1);

    const byShop = await placed();
    expect((await admin.move(staff, byShop.order.id, "cancel", {})).status).toBe(200);
    const shopCancel = (await mailsOf(byShop.order.id)).find((m) => m.template === "order-cancelled")!;
    expect(shopCancel.props.by).toBeUndefined();

    const refunded = await placed();
    expect((await admin.move(staff, refunded.order.id, "pay")).status).toBe(200);
    expect((await admin.move(staff, refunded.order.id, "refund", {})).status).toBe(200);
    expect((await mailsOf(refunded.order.id)).map((m) => m.template).sort()).toEqual(["order-confirmation", "order-invoice", "order-paid", "order-refunded"]);
  });

  it("another buyer's cancel of the order writes nothing", async () => {
    const { order } = await placed();
    const other = await buyer();
    expect((await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await mailsOf(order.id)).map((m) => m.template).sort()).toEqual(["order-confirmation", "order-invoice"]);
  });
});
