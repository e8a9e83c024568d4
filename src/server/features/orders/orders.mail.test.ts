/** The order confirmation e-mail, through a real SMTP server on loopback. */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../../common/api/orders.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { redisForTests, TEST_REDIS_URL } from "../../test/redis.js";
import { startSmtp, until } from "../../test/smtp.js";
import { renderMail } from "../../emails/render.js";
import { ADDRESS, newKey, ordersHelpers } from "./orders.fixtures.js";

describe("with SMTP_URL set", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const h = ordersHelpers(() => t);
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "MAYBE Orders <orders@maybe.test>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the buyer a confirmation and the invoice: number, lines, total, invoice payment and what comes next; a repeat sends none", async () => {
    const { cookie, user } = await t.signUp();
    const p = await h.product(5, 2800, "Harbor Print");
    await h.cartLine(user.uid, p.id, 2);
    const key = newKey();
    const res = await h.place(cookie, key, { ...ADDRESS, email: "ada.mail@example.com" });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;

    const mail = await until(() => smtp.inbox.find((m) => m.to.includes("ada.mail@example.com") && m.raw.includes(`Subject: Your MAYBE order ${order.id}`)), "the confirmation");
    expect(mail.from).toBe("orders@maybe.test");
    expect(mail.raw).toContain(`Subject: Your MAYBE order ${order.id}`);
    expect(mail.raw).toContain("From: MAYBE Orders <orders@maybe.test>");
    expect(mail.raw).toContain(`Order number: ${order.id}`);
    expect(mail.raw).toContain("2 x Harbor Print  $56.00");
    expect(mail.raw).toContain("Shipping: $5.99");
    expect(mail.raw).toContain("Total: $61.99");
    expect(order.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(mail.raw).toContain(
      `Payment is due by invoice: we have e-mailed invoice ${order.invoice_number} for $61.99 to ada.mail@example.com. Nothing has been charged.`,
    );
    expect(mail.raw).toContain("What happens next:");
    expect(mail.raw).toContain(`http://localhost:3000/orders/${order.id}`);
    const invoice = await until(() => smtp.inbox.find((m) => m.to.includes("ada.mail@example.com") && m.raw.includes("Subject: Invoice ")), "the invoice");
    expect(invoice.raw).toContain(`Subject: Invoice ${order.invoice_number} for your MAYBE order ${order.id}`);
    expect(invoice.raw).toContain("2 x Harbor Print  $28.00 each  $56.00");
    expect(invoice.raw).toContain("Total due: $61.99");
    expect(invoice.raw).toContain(`http://localhost:3000/orders/${order.id}/invoice`);

    expect((await h.place(cookie, key)).status).toBe(200);
    // Whatever the outbox holds is sent by the time drain() resolves: there is no second message.
    await t.outbox.drain();
    expect(smtp.inbox.filter((m) => m.to.includes("ada.mail@example.com"))).toHaveLength(2);
    const rows = await t.database.db.selectFrom("outbox").selectAll().where("recipient", "=", "ada.mail@example.com").orderBy("template").execute();
    expect(rows.map((r) => r.template)).toEqual(["order-confirmation", "order-invoice"]);
    for (const row of rows) {
      expect(row).toMatchObject({ user_id: user.uid, attempts: 0 });
      expect(row.sent_at).not.toBeNull();
    }
  });

  it("an order that is refused (out of stock) writes no e-mail", async () => {
    const { cookie, user } = await t.signUp();
    const p = await h.product(1, 1000);
    await h.cartLine(user.uid, p.id, 2);
    expect((await h.place(cookie, newKey(), { ...ADDRESS, email: "refused.order@example.com" })).status).toBe(409);
    expect(await t.database.db.selectFrom("outbox").select("id").where("recipient", "=", "refused.order@example.com").execute()).toHaveLength(0);
  });
});

const hasRedis = await redisForTests("the order confirmation through BullMQ");

describe.runIf(hasRedis)("with QUEUE=bullmq (several instances)", () => {
  it("the confirmation goes through the queue and arrives once", async () => {
    const smtp = await startSmtp();
    const prefix = `maybe-test-${newKey().slice(0, 8)}:`;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, QUEUE: "bullmq", REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    const h = ordersHelpers(() => t);
    try {
      const { cookie, user } = await t.signUp();
      const p = await h.product(5, 1000, "Queued Print");
      await h.cartLine(user.uid, p.id, 1);
      const res = await h.place(cookie, newKey(), { ...ADDRESS, email: "queued@example.com" });
      expect(res.status).toBe(201);
      const order = (await res.json()) as Order;
      const mail = await until(() => smtp.inbox.find((m) => m.to.includes("queued@example.com") && m.raw.includes("Order number:")), "the confirmation");
      expect(mail.raw).toContain(`Order number: ${order.id}`);
      const unsent = async () =>
        (await t.database.db.selectFrom("outbox").select("sent_at").where("recipient", "=", "queued@example.com").execute()).filter((r) => !r.sent_at).length;
      for (let start = Date.now(); (await unsent()) > 0 && Date.now() - start < 10_000; ) await new Promise((r) => setTimeout(r, 25));
      expect(await unsent()).toBe(0);
      // Marked sent: nothing relays them again. The confirmation and the invoice, once each.
      expect(await t.outbox.drain()).toBe(0);
      expect(smtp.inbox.filter((m) => m.to.includes("queued@example.com"))).toHaveLength(2);
    } finally {
      await t.close();
      await smtp.close();
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});

describe("when the mail cannot be sent", () => {
  it("still places the order (the failure is only logged)", async () => {
    const smtp = await startSmtp({ refuse: true });
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const h = ordersHelpers(() => t);
    try {
      const { cookie, user } = await t.signUp();
      const p = await h.product(5, 1000);
      await h.cartLine(user.uid, p.id, 1);
      const res = await h.place(cookie, newKey());
      expect(res.status).toBe(201);
      const order = (await res.json()) as Order;
      expect((await t.request(`/api/orders/${order.id}`, { cookie })).status).toBe(200);
      expect(await h.stockOf(p.id)).toBe(4);
      // The confirmation waits in the outbox for its next attempt.
      await t.outbox.drain();
      const row = await t.database.db.selectFrom("outbox").selectAll().where("template", "=", "order-confirmation").executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toMatch(/Mailbox unavailable/);
      expect(row.failed_at).toBeNull();
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it("still places the order when no SMTP server listens at all", async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const h = ordersHelpers(() => t);
    try {
      const { cookie, user } = await t.signUp();
      const p = await h.product(5, 1000);
      await h.cartLine(user.uid, p.id, 1);
      expect((await h.place(cookie, newKey())).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe("the order confirmation e-mail", () => {
  it("escapes what the buyer typed in the HTML part", async () => {
    const order: Order = {
      id: "MB-ABCDEFGH",
      status: "placed",
      created_at: "2025-05-01T10:00:00.000Z",
      updated_at: "2025-05-01T10:00:00.000Z",
      paid_at: null,
      shipped_at: null,
      delivered_at: null,
      closed_at: null,
      tracking: null,
      items: [{ product_id: "p1", variant_id: "p1", size: null, edition: null, name: "Tee <b>", price_cents: 1000, price: "$10.00", quantity: 1, line_total_cents: 1000 }],
      item_count: 1,
      subtotal_cents: 1000,
      shipping_cents: 599,
      total_cents: 1599,
      shipping: { ...ADDRESS, address_line2: "", name: `<script>alert("x")</script>` } as Order["shipping"],
      payment: { method: "invoice", status: "due" },
      invoice_number: null,
      can_cancel: true,
    };
    const mail = await renderMail("order-confirmation", { order }, { publicUrl: "https://maybe.example", contactEmail: "hello@maybe.example" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Tee &lt;b&gt;");
    expect(mail.text).toContain("Total: $15.99");
    expect(mail.text).not.toContain("\n\n\n");
  });
});
