/** The buyer's e-mails of the shop's moves, through a real SMTP server on loopback. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "../../../../common/api/admin-orders.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { startSmtp, until, type TestSmtp } from "../../../test/smtp.js";
import type { MailedOrder } from "../../../emails/catalog.js";
import { renderMail } from "../../../emails/render.js";
import { staffKit, PARCEL, type Person } from "../admin.fixtures.js";

describe("with SMTP_URL set", () => {
  let smtp: TestSmtp;
  let t: TestApp;
  const h = staffKit(() => t);
  let admin: Person;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "MAYBE Orders <orders@maybe.test>", CONTACT_EMAIL: "help@maybe.test" });
    admin = (await h.person("admin"))!;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailsTo = (email: string) => smtp.inbox.filter((m) => m.to.includes(email));

  it("shipping e-mails the buyer the carrier, the tracking number and link, and the order's page", async () => {
    const order = await h.order("paid", { contactEmail: "ship.to@example.com" });
    const res = await h.move(admin, order.id, "ship", { carrier: "ups", tracking_number: "1z999aa1 0123456784" });
    expect(res.status).toBe(200);
    const mail = await until(() => mailsTo("ship.to@example.com")[0], "the shipping e-mail");
    expect(mail.from).toBe("orders@maybe.test");
    expect(mail.raw).toContain(`Subject: Your MAYBE order ${order.id} is on its way`);
    expect(mail.raw).toContain(`Your order ${order.id} has shipped with UPS.`);
    expect(mail.raw).toContain(`Tracking number: ${PARCEL.tracking_number}`);
    expect(mail.raw).toContain(`Track your parcel with UPS: https://www.ups.com/track?tracknum=${PARCEL.tracking_number}`);
    expect(mail.raw).toContain(`href="https://www.ups.com/track?tracknum=${PARCEL.tracking_number}"`);
    expect(mail.raw).toContain(`See your order: http://localhost:3000/orders/${order.id}`);
    expect(mail.raw).toContain("Questions? Write to help@maybe.test.");
  });

  it("a cancel by the shop tells the buyer nothing will be invoiced and lists what was cancelled", async () => {
    const order = await h.order("placed", { contactEmail: "cancel.me@example.com", quantity: 2 });
    expect((await h.move(admin, order.id, "cancel", { note: "Out of ink: internal" })).status).toBe(200);
    const mail = await until(() => mailsTo("cancel.me@example.com")[0], "the cancellation e-mail");
    expect(mail.raw).toContain(`Subject: Your MAYBE order ${order.id} was cancelled`);
    expect(mail.raw).toContain(`We have cancelled your order ${order.id}. Nothing will be invoiced and nothing was charged.`);
    expect(mail.raw).toMatch(/2 x Admin test print [^\n]+\$40\.00/);
    expect(mail.raw).toContain("Total not invoiced: $45.99");
    // The note is the shop's own, for the audit log.
    expect(mail.raw).not.toContain("Out of ink");
  });

  it("a refund tells the buyer what was refunded, and nothing of the store's stock", async () => {
    const order = await h.order("delivered", { contactEmail: "refund.me@example.com", quantity: 1 });
    expect((await h.move(admin, order.id, "refund", {})).status).toBe(200);
    const mail = await until(() => mailsTo("refund.me@example.com")[0], "the refund e-mail");
    expect(mail.raw).toContain(`Subject: Your MAYBE order ${order.id} was refunded`);
    expect(mail.raw).toContain(`We have refunded your order ${order.id}: $25.99 goes back to you the way you paid the invoice.`);
    expect(mail.raw).toContain("Refunded:");
    expect(mail.raw).toContain("Total refunded: $25.99");
    expect(mail.raw).not.toMatch(/stock|back in the store/i);
  });

  it("marking paid and delivered e-mail the buyer too; a refused move sends nothing", async () => {
    const order = await h.order("placed", { contactEmail: "quiet@example.com" });
    expect((await h.move(admin, order.id, "pay")).status).toBe(200);
    expect((await h.move(admin, order.id, "pay")).status).toBe(409);
    expect((await h.move(admin, order.id, "ship", PARCEL)).status).toBe(200);
    expect((await h.move(admin, order.id, "deliver")).status).toBe(200);
    expect((await h.move(admin, order.id, "ship", PARCEL)).status).toBe(409);
    // Everything the moves wrote into the outbox is sent once drain() resolves.
    await t.outbox.drain();
    await until(() => mailsTo("quiet@example.com")[2], "the three e-mails");
    expect(mailsTo("quiet@example.com").map((m) => /Subject: ([^\r\n]+)/.exec(m.raw)![1])).toEqual([
      `Payment received for your MAYBE order ${order.id}`,
      `Your MAYBE order ${order.id} is on its way`,
      `Your MAYBE order ${order.id} was delivered`,
    ]);
    const paid = mailsTo("quiet@example.com")[0]!;
    expect(paid.raw).toContain(`Thank you: we have received your payment of $45.99 for order ${order.id}.`);
    const delivered = mailsTo("quiet@example.com")[2]!;
    expect(delivered.raw).toContain(`Your order ${order.id} has been delivered (UPS, tracking number ${PARCEL.tracking_number}).`);
  });
});

describe("when the mail cannot be sent", () => {
  it("the move still goes through (the failure is only logged)", async () => {
    const smtp = await startSmtp({ refuse: true });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const h = staffKit(() => t);
    try {
      const admin = (await h.person("admin"))!;
      const order = await h.order("paid", { quantity: 2, stock: 0 });
      const shipped = await h.move(admin, order.id, "ship", PARCEL);
      expect(shipped.status).toBe(200);
      const refunded = await h.move(admin, order.id, "refund", {});
      expect(refunded.status).toBe(200);
      expect(((await refunded.json()) as AdminOrder).status).toBe("refunded");
      expect(await h.stockOf(order.productId)).toBe(2);
      // Both e-mails wait in the outbox for their next attempt.
      await t.outbox.drain();
      const rows = await t.database.db.selectFrom("outbox").select(["template", "sent_at", "attempts"]).orderBy("template").execute();
      expect(rows.map((r) => [r.template, r.sent_at, r.attempts > 0])).toEqual([
        ["order-refunded", null, true],
        ["order-shipped", null, true],
      ]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe("the shipped e-mail", () => {
  it("escapes what the buyer typed and the product names in the HTML part", async () => {
    const order: MailedOrder = {
      id: "MB-ABCDEFGH",
      status: "shipped",
      created_at: "2025-05-01T10:00:00.000Z",
      updated_at: "2025-05-02T10:00:00.000Z",
      paid_at: "2025-05-01T12:00:00.000Z",
      shipped_at: "2025-05-02T10:00:00.000Z",
      delivered_at: null,
      closed_at: null,
      tracking: { carrier: "dhl", carrier_label: "DHL", number: "JD014600006281230704", url: "https://example.test/track?a=1&b=2" },
      items: [{ product_id: "p1", variant_id: "p1", size: null, edition: null, name: "Tee <b>", price_cents: 1000, price: "$10.00", quantity: 1, line_total_cents: 1000 }],
      item_count: 1,
      subtotal_cents: 1000,
      shipping_cents: 599,
      total_cents: 1599,
      shipping: {
        email: "ada@example.com",
        name: `<script>alert("x")</script>`,
        address_line1: "1 Main St",
        address_line2: "",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        phone: "+1 555 0100",
      },
      payment: { method: "invoice", status: "paid" },
      invoice_number: null,
    };
    const mail = await renderMail("order-shipped", { order }, { publicUrl: "https://maybe.example", contactEmail: "hello@maybe.example" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Tee &lt;b&gt;");
    expect(mail.html).toContain('href="https://example.test/track?a=1&amp;b=2"');
    expect(mail.text).toContain("Track your parcel with DHL: https://example.test/track?a=1&b=2");
    expect(mail.text).not.toContain("\n\n\n");
  });
});
