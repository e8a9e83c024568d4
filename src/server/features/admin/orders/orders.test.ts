/**
 * The back office's orders: who may call them, every move from every status, the audit entry of
 * each, validation, the list's filters, search and pages, and what the buyer sees afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder, AdminOrderPage } from "../../../../common/api/admin-orders.js";
import type { Order, OrderPage } from "../../../../common/api/orders.js";
import { ORDER_ACTIONS, type OrderAction } from "../../../../common/fulfilment.js";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "../../../../common/orders.js";
import { insertUser } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, errorOf, PARCEL, type Person } from "../admin.fixtures.js";

let t: TestApp;
const h = staffKit(() => t);
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await h.person("admin"))!;
});
afterAll(async () => {
  await t?.close();
});

const ACTIONS = Object.keys(ORDER_ACTIONS) as OrderAction[];
/** A valid body for each move. */
const BODY: Record<OrderAction, unknown> = {
  pay: undefined,
  ship: PARCEL,
  deliver: undefined,
  cancel: { note: "Buyer asked by phone" },
  refund: { note: "Returned unopened" },
};
const get = (who: Person | null, path: string) => t.request(path, { cookie: who?.cookie });

describe("who may use the back office's orders", () => {
  const calls = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/admin/orders"],
    ["GET", "/api/admin/orders?status=placed&q=mb"],
    ["GET", `/api/admin/orders/${id}`],
    ...ACTIONS.map((a): [string, string, unknown?] => ["POST", `/api/admin/orders/${id}/${a}`, BODY[a]]),
    // Bad input gets the same refusal: the gate answers before anything is validated.
    ["POST", `/api/admin/orders/${id}/ship`, { carrier: "pigeon" }],
    ["GET", "/api/admin/orders?status=lost&limit=0"],
  ];

  for (const who of ["visitor", "member", "creator", "curator"] as const) {
    it(`refuses a ${who} every route, and nothing changes`, async () => {
      const person = await h.person(who);
      const placed = await h.order("placed");
      const paid = await h.order("paid");
      const before = [await h.orderRow(placed.id), await h.orderRow(paid.id)];
      for (const order of [placed, paid]) {
        for (const [method, path, json] of calls(order.id)) {
          const res = await t.request(path, { method, cookie: person?.cookie, json });
          const expected = who === "visitor" ? 401 : 403;
          expect(res.status, `${who} ${method} ${path}`).toBe(expected);
          expect((await errorOf(res)).code).toBe(who === "visitor" ? "UNAUTHORIZED" : "NOT_STAFF");
        }
      }
      expect([await h.orderRow(placed.id), await h.orderRow(paid.id)]).toEqual(before);
      expect([await h.stockOf(placed.productId), await h.stockOf(paid.productId)]).toEqual([5, 5]);
      expect([...(await h.auditOf(placed.id)), ...(await h.auditOf(paid.id))]).toEqual([]);
    });
  }

  it("refuses a write from another site, and nothing changes", async () => {
    const order = await h.order("placed");
    const before = await h.orderRow(order.id);
    const res = await t.request(`/api/admin/orders/${order.id}/cancel`, { method: "POST", cookie: admin.cookie, json: {}, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("FORBIDDEN_ORIGIN");
    expect(await h.orderRow(order.id)).toEqual(before);
    expect(await h.stockOf(order.productId)).toBe(5);
  });

  it("takes a role away at once: an admin made a member is refused on the next request", async () => {
    const person = (await h.person("admin"))!;
    expect((await get(person, "/api/admin/orders")).status).toBe(200);
    await t.database.db.updateTable("user").set({ role: "member" }).where("id", "=", person.id).execute();
    expect((await get(person, "/api/admin/orders")).status).toBe(403);
  });
});

describe("every move from every status (the one state machine)", () => {
  const expectedPayment: Record<OrderAction, string> = { pay: "paid", ship: "paid", deliver: "paid", cancel: "void", refund: "refunded" };
  const stamp: Record<OrderAction, keyof AdminOrder> = { pay: "paid_at", ship: "shipped_at", deliver: "delivered_at", cancel: "closed_at", refund: "closed_at" };

  for (const status of ORDER_STATUSES) {
    for (const action of ACTIONS) {
      const to = ORDER_ACTIONS[action];
      const allowed = ORDER_TRANSITIONS[status].includes(to);
      it(`${action} a ${status} order: ${allowed ? `200, now ${to}` : "409, nothing changed"}`, async () => {
        const order = await h.order(status, { quantity: 2, stock: 5 });
        const before = await h.orderRow(order.id);
        const res = await h.move(admin, order.id, action, BODY[action]);
        if (!allowed) {
          expect(res.status).toBe(409);
          const error = await errorOf(res);
          expect(error.code).toBe("ORDER_CONFLICT");
          expect(error.message).toContain(`Order ${order.id} is ${to === status ? "already " : ""}${status};`);
          expect(await h.orderRow(order.id)).toEqual(before);
          expect(await h.stockOf(order.productId)).toBe(5);
          expect(await h.auditOf(order.id)).toEqual([]);
          return;
        }
        expect(res.status, await res.clone().text()).toBe(200);
        const body = (await res.json()) as AdminOrder;
        expect(body).toMatchObject({ id: order.id, status: to, payment: { method: "invoice", status: expectedPayment[action] } });
        expect(body[stamp[action]]).toEqual(expect.any(String));
        expect(body.actions).toEqual(ACTIONS.filter((a) => ORDER_TRANSITIONS[to].includes(ORDER_ACTIONS[a])));
        // Cancel and refund put the stock back; the other moves leave it.
        expect(await h.stockOf(order.productId)).toBe(action === "cancel" || action === "refund" ? 7 : 5);
        const audit = await h.auditOf(order.id);
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ action: `order.${action}`, actor_id: admin.id, actor_email: admin.email, target_kind: "order" });
        expect(JSON.parse(audit[0]!.before!)).toMatchObject({ status });
        expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: to, payment_status: expectedPayment[action] });
        expect(body.history).toEqual([expect.objectContaining({ action: `order.${action}`, actor_email: admin.email })]);
        // What the answer says is what the database keeps (refunded stays 'paid' in the ledger).
        const row = await h.orderRow(order.id);
        expect(row.status).toBe(to);
        expect(row.payment_status).toBe(action === "refund" ? "paid" : expectedPayment[action]);
      });
    }
  }

  it("the whole way: placed → paid → shipped → delivered → refunded, with every step's time and the audit trail", async () => {
    const order = await h.order("placed", { quantity: 3, stock: 1 });
    for (const action of ["pay", "ship", "deliver", "refund"] as const) {
      expect((await h.move(admin, order.id, action, BODY[action])).status).toBe(200);
    }
    const res = await get(admin, `/api/admin/orders/${order.id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminOrder;
    expect(body).toMatchObject({
      status: "refunded",
      payment: { status: "refunded" },
      actions: [],
      tracking: { carrier: "ups", carrier_label: "UPS", number: PARCEL.tracking_number, url: `https://www.ups.com/track?tracknum=${PARCEL.tracking_number}` },
    });
    for (const key of ["paid_at", "shipped_at", "delivered_at", "closed_at"] as const) expect(body[key]).toEqual(expect.any(String));
    expect(body.history.map((e) => [e.action, e.note])).toEqual([
      ["order.pay", ""],
      ["order.ship", ""],
      ["order.deliver", ""],
      ["order.refund", "Returned unopened"],
    ]);
    const ship = (await h.auditOf(order.id))[1]!;
    expect(JSON.parse(ship.before!)).toEqual({ status: "paid", payment_status: "paid", carrier: null, tracking_number: null });
    expect(JSON.parse(ship.after!)).toEqual({ status: "shipped", payment_status: "paid", carrier: "ups", tracking_number: PARCEL.tracking_number });
    expect(await h.stockOf(order.productId)).toBe(4);
  });

  it("names what happened: paying twice, shipping a cancelled order", async () => {
    const order = await h.order("placed");
    expect((await h.move(admin, order.id, "pay")).status).toBe(200);
    const twice = await h.move(admin, order.id, "pay");
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(`Order ${order.id} is already paid; it cannot be marked paid again.`);

    const cancelled = await h.order("cancelled");
    const ship = await h.move(admin, cancelled.id, "ship", PARCEL);
    expect(ship.status).toBe(409);
    expect((await errorOf(ship)).message).toBe(`Order ${cancelled.id} is cancelled; it cannot be shipped.`);
  });

  it("answers 404 for an order that does not exist, for the detail and every move", async () => {
    expect((await get(admin, "/api/admin/orders/MB-NOPE0000")).status).toBe(404);
    for (const action of ACTIONS) {
      const res = await h.move(admin, "MB-NOPE0000", action, BODY[action]);
      expect(res.status, action).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: "NOT_FOUND", message: "We could not find that order." });
    }
  });

  it("cancels and refunds without a body or a note", async () => {
    const placed = await h.order("placed");
    expect((await t.request(`/api/admin/orders/${placed.id}/cancel`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const paid = await h.order("paid");
    expect((await h.move(admin, paid.id, "refund", {})).status).toBe(200);
    expect((await h.auditOf(paid.id))[0]!.note).toBe("");
  });
});

describe("what the moves accept", () => {
  it("ship: a carrier from the list and a tracking number, each with its own message; nothing changes on a refusal", async () => {
    const order = await h.order("paid");
    const before = await h.orderRow(order.id);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { carrier: "Choose a carrier: USPS, UPS, FedEx, DHL", tracking_number: "Enter the tracking number" }],
      [{ carrier: "pigeon", tracking_number: "1Z999AA10123456784" }, { carrier: "Choose a carrier: USPS, UPS, FedEx, DHL" }],
      [{ carrier: "ups", tracking_number: "   " }, { tracking_number: "Enter the tracking number" }],
      [{ carrier: "ups", tracking_number: "1Z-999" }, { tracking_number: "A tracking number is 8 to 40 letters and digits" }],
      [{ carrier: "ups", tracking_number: "X".repeat(41) }, { tracking_number: "A tracking number is 8 to 40 letters and digits" }],
      [{ carrier: "dhl", tracking_number: 1234567890 }, { tracking_number: "Enter the tracking number" }],
    ];
    for (const [body, fields] of cases) {
      const res = await h.move(admin, order.id, "ship", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields).toEqual(fields);
    }
    expect(await h.orderRow(order.id)).toEqual(before);
    expect(await h.auditOf(order.id)).toEqual([]);
  });

  it("ship: the tracking number is kept without spaces, in upper case", async () => {
    const order = await h.order("paid");
    const res = await h.move(admin, order.id, "ship", { carrier: "fedex", tracking_number: "  7712 3456 7890 ab " });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminOrder).tracking).toEqual({
      carrier: "fedex",
      carrier_label: "FedEx",
      number: "771234567890AB",
      url: "https://www.fedex.com/fedextrack/?trknbr=771234567890AB",
    });
  });

  it("cancel and refund: a note of at most 500 characters", async () => {
    const order = await h.order("placed");
    const res = await h.move(admin, order.id, "cancel", { note: "x".repeat(501) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ note: "The note must be at most 500 characters" });
    const bad = await h.move(admin, order.id, "cancel", { note: "a\u0007b" });
    expect((await errorOf(bad)).fields).toEqual({ note: "The note must not contain control characters" });
    expect((await h.orderRow(order.id)).status).toBe("placed");
    expect(await h.stockOf(order.productId)).toBe(5);
    const ok = await h.move(admin, order.id, "cancel", { note: "  Two lines\nof note  " });
    expect(ok.status).toBe(200);
    expect((await h.auditOf(order.id))[0]!.note).toBe("Two lines\nof note");
  });
});

describe("GET /api/admin/orders", () => {
  // Orders of their own, dated in a year no other test uses, found by the buyer's e-mail.
  let shopper: { id: string; email: string };
  const made: { id: string; status: OrderStatus }[] = [];
  const list = async (query: string) => {
    const res = await get(admin, `/api/admin/orders${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as AdminOrderPage;
  };

  beforeAll(async () => {
    const { user } = await insertUser(t.database, { email: "Lister.Shopper@Example.com", username: "listershopper" });
    shopper = { id: user.id, email: user.email };
    const statuses: OrderStatus[] = ["placed", "paid", "shipped", "placed", "cancelled"];
    for (const [i, status] of statuses.entries()) {
      const order = await h.order(status, {
        buyerId: shopper.id,
        contactEmail: i === 4 ? "Gift.Recipient@Example.org" : "lister.home@example.net",
        createdAt: `2021-03-0${i + 1}T10:00:00.000Z`,
      });
      made.push({ id: order.id, status });
    }
  });
  const newestFirst = () => made.map((o) => o.id).reverse();

  it("lists every buyer's orders newest first, each with its buyer's e-mails, items and total", async () => {
    const page = await list(`?q=${encodeURIComponent(shopper.email)}`);
    expect(page.items.map((o) => o.id)).toEqual(newestFirst());
    expect(page.items[0]).toEqual({
      id: made[4]!.id,
      status: "cancelled",
      created_at: "2021-03-05T10:00:00.000Z",
      contact_email: "Gift.Recipient@Example.org",
      account_email: "lister.shopper@example.com",
      item_count: 2,
      total_cents: 4599,
      payment_status: "void",
    });
    expect(page.next_cursor).toBeNull();
  });

  it("pages with the cursor, without repeats or gaps", async () => {
    const first = await list(`?q=lister.shopper&limit=2`);
    expect(first.items.map((o) => o.id)).toEqual(newestFirst().slice(0, 2));
    const second = await list(`?q=lister.shopper&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((o) => o.id)).toEqual(newestFirst().slice(2, 4));
    const third = await list(`?q=lister.shopper&limit=2&cursor=${second.next_cursor}`);
    expect(third).toEqual({ items: [expect.objectContaining({ id: newestFirst()[4] })], next_cursor: null });
  });

  it("filters by status", async () => {
    const placed = await list(`?q=lister.shopper&status=placed`);
    expect(placed.items.map((o) => o.id)).toEqual([made[3]!.id, made[0]!.id]);
    expect((await list(`?q=lister.shopper&status=refunded`)).items).toEqual([]);
    // Without a search, the status filter alone: every order listed is in it.
    const all = await list("?status=shipped&limit=100");
    expect(all.items.length).toBeGreaterThan(0);
    expect(all.items.every((o) => o.status === "shipped")).toBe(true);
  });

  it("searches by the order number's beginning in any case, with or without MB-", async () => {
    const id = made[2]!.id;
    for (const q of [id, id.toLowerCase(), id.slice(0, 7).toLowerCase(), id.slice(3), ` ${id.slice(3, 9)} `]) {
      const found = (await list(`?limit=100&q=${encodeURIComponent(q)}`)).items.map((o) => o.id);
      expect(found, q).toContain(id);
      // Every order found begins so (or is found by an e-mail, which these terms are not).
      const prefix = q.trim().toUpperCase().replace(/^MB-/, "");
      expect(found.filter((other) => !other.startsWith(`MB-${prefix}`)), q).toEqual([]);
    }
    expect((await list(`?q=${id}`)).items.map((o) => o.id)).toEqual([id]);
  });

  it("searches by the contact e-mail (as typed or in lower case) and the account's, exactly or by its beginning", async () => {
    const ids = (page: AdminOrderPage) => page.items.map((o) => o.id);
    expect(ids(await list("?q=Gift.Recipient@Example.org"))).toEqual([made[4]!.id]);
    expect(ids(await list("?q=Gift.Recipient@"))).toEqual([made[4]!.id]);
    expect(ids(await list("?q=lister.home@example.net"))).toEqual(newestFirst().slice(1));
    expect(ids(await list("?q=LISTER.SHOPPER@EXAMPLE.COM"))).toEqual(newestFirst());
    expect(ids(await list("?q=nobody-at-all@example.com"))).toEqual([]);
    // Wildcards are plain text.
    expect(ids(await list(`?q=${encodeURIComponent("lister%")}`))).toEqual([]);
    expect(ids(await list(`?q=${encodeURIComponent("lister_shopper")}`))).toEqual([]);
    expect(ids(await list(`?q=${encodeURIComponent("lister*")}`))).toEqual([]);
  });

  it("refuses a bad status, limit or cursor with a message per field", async () => {
    const res = await get(admin, "/api/admin/orders?status=lost&limit=0&cursor=nonsense");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({
      status: "status must be one of placed, paid, shipped, delivered, cancelled, refunded",
      limit: "limit must be a whole number from 1 to 100",
      cursor: "cursor is not valid; pass the next_cursor of the previous page",
    });
    expect((await get(admin, `/api/admin/orders?q=${"x".repeat(255)}`)).status).toBe(400);
  });
});

describe("the buyer's side after the shop's moves", () => {
  it("shows the tracking on /api/orders and /api/orders/{id} once shipped, and refunded when refunded", async () => {
    const { cookie, user } = await t.signUp();
    const order = await h.order("paid", { buyerId: user.uid });
    const mine = async () => {
      const one = (await (await t.request(`/api/orders/${order.id}`, { cookie })).json()) as Order;
      const page = (await (await t.request("/api/orders", { cookie })).json()) as OrderPage;
      return { one, row: page.items.find((o) => o.id === order.id)! };
    };
    expect((await mine()).one.tracking).toBeNull();

    expect((await h.move(admin, order.id, "ship", { carrier: "usps", tracking_number: "9400 1118 9922 3344 5566 77" })).status).toBe(200);
    const tracking = {
      carrier: "usps",
      carrier_label: "USPS",
      number: "9400111899223344556677",
      url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223344556677",
    };
    const shipped = await mine();
    expect(shipped.one).toMatchObject({ status: "shipped", tracking, can_cancel: false });
    expect(shipped.one.shipped_at).toEqual(expect.any(String));
    expect(shipped.row).toMatchObject({ status: "shipped", tracking, payment_status: "paid" });
    expect(shipped.row.shipped_at).toBe(shipped.one.shipped_at);

    // The buyer cannot cancel a shipped order; the same state machine says so.
    const cancel = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie });
    expect(cancel.status).toBe(409);
    expect((await errorOf(cancel)).message).toBe("This order is shipped and can no longer be cancelled.");

    expect((await h.move(admin, order.id, "refund", {})).status).toBe(200);
    const refunded = await mine();
    expect(refunded.one).toMatchObject({ status: "refunded", payment: { status: "refunded" }, tracking });
    expect(refunded.row).toMatchObject({ status: "refunded", payment_status: "refunded" });
    expect(refunded.one.closed_at).toEqual(expect.any(String));
  });

  it("the buyer's own cancel goes through the same move: restocked once, and no audit entry (it is not the shop's action)", async () => {
    const { cookie, user } = await t.signUp();
    const order = await h.order("placed", { buyerId: user.uid, quantity: 3, stock: 0 });
    const res = await t.request(`/api/orders/${order.id}/cancel`, { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect((await res.json()) as Order).toMatchObject({ status: "cancelled", payment: { status: "void" }, closed_at: expect.any(String) });
    expect(await h.stockOf(order.productId)).toBe(3);
    expect(await h.auditOf(order.id)).toEqual([]);
    // And the shop cannot cancel it again, nor restock it twice.
    expect((await h.move(admin, order.id, "cancel", {})).status).toBe(409);
    expect(await h.stockOf(order.productId)).toBe(3);
  });

  it("a cancel by the shop refreshes the store's cached stock at once", async () => {
    const order = await h.order("placed", { quantity: 2, stock: 1 });
    const stock = async () => ((await (await t.request(`/api/products/${order.productId}`)).json()) as { stock: number }).stock;
    expect(await stock()).toBe(1);
    expect((await h.move(admin, order.id, "cancel", {})).status).toBe(200);
    expect(await stock()).toBe(3);
  });
});

describe("the OpenAPI document", () => {
  it("describes every back-office order route, each refusing visitors and non-admins", async () => {
    const doc = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; "x-invalidates"?: string[] }>>;
    };
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/admin/orders"));
    expect(paths.sort()).toEqual([
      "/api/admin/orders",
      "/api/admin/orders/{orderId}",
      ...ACTIONS.map((a) => `/api/admin/orders/{orderId}/${a}`),
    ].sort());
    for (const path of paths) {
      for (const operation of Object.values(doc.paths[path]!)) {
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["401", "403"]));
      }
    }
    expect(doc.paths["/api/admin/orders/{orderId}/cancel"]!.post!["x-invalidates"]).toEqual(["stock"]);
    expect(doc.paths["/api/admin/orders/{orderId}/ship"]!.post!["x-invalidates"]).toEqual([]);
  });
});
