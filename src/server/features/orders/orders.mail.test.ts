/** The order confirmation e-mail, through a real SMTP server on loopback. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Order } from "../../../common/api/orders.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderConfirmationMail } from "./order-mail.js";
import { ADDRESS, newKey, ordersHelpers } from "./orders.fixtures.js";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a message's text. */
function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function startSmtp(options: { refuse?: boolean } = {}) {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (options.refuse) {
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          return;
        }
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: readable(Buffer.concat(chunks).toString("utf8")),
        });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; inbox: Received[] }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, inbox });
    });
  });
}

async function until<T>(check: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

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
    await new Promise<void>((r) => smtp.server.close(() => r()));
  });

  it("sends the buyer a confirmation with the number, lines, total, invoice payment and what comes next; a repeat sends none", async () => {
    const { cookie, user } = await t.signUp();
    const p = await h.product(5, 2800, "Harbor Print");
    await h.cartLine(user.uid, p.id, 2);
    const key = newKey();
    const res = await h.place(cookie, key, { ...ADDRESS, email: "ada.mail@example.com" });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;

    const mail = await until(() => smtp.inbox.find((m) => m.to.includes("ada.mail@example.com")), "the confirmation");
    expect(mail.from).toBe("orders@maybe.test");
    expect(mail.raw).toContain(`Subject: Your MAYBE order ${order.id}`);
    expect(mail.raw).toContain("From: MAYBE Orders <orders@maybe.test>");
    expect(mail.raw).toContain(`Order number: ${order.id}`);
    expect(mail.raw).toContain("2 x Harbor Print  $56.00");
    expect(mail.raw).toContain("Shipping: $5.99");
    expect(mail.raw).toContain("Total: $61.99");
    expect(mail.raw).toContain("Payment is due by invoice: we will e-mail an invoice for $61.99 to ada.mail@example.com. Nothing has been charged.");
    expect(mail.raw).toContain("What happens next:");
    expect(mail.raw).toContain(`http://localhost:3000/orders/${order.id}`);

    expect((await h.place(cookie, key)).status).toBe(200);
    // Give a wrongly sent second mail the time to arrive, then check there is none.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox.filter((m) => m.to.includes("ada.mail@example.com"))).toHaveLength(1);
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
    } finally {
      await t.close();
      await new Promise<void>((r) => smtp.server.close(() => r()));
    }
  });

  it("still places the order when no SMTP server listens at all", async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await new Promise<void>((r) => smtp.server.close(() => r()));
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

describe("orderConfirmationMail", () => {
  it("escapes what the buyer typed in the HTML part", () => {
    const order: Order = {
      id: "MB-ABCDEFGH",
      status: "placed",
      created_at: "2025-05-01T10:00:00.000Z",
      updated_at: "2025-05-01T10:00:00.000Z",
      items: [{ product_id: "p1", name: "Tee <b>", price_cents: 1000, price: "$10.00", quantity: 1, line_total_cents: 1000 }],
      item_count: 1,
      subtotal_cents: 1000,
      shipping_cents: 599,
      total_cents: 1599,
      shipping: { ...ADDRESS, address_line2: "", name: `<script>alert("x")</script>` } as Order["shipping"],
      payment: { method: "invoice", status: "due" },
      can_cancel: true,
    };
    const mail = orderConfirmationMail(order, "https://maybe.example");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("Tee &lt;b&gt;");
    expect(mail.text).toContain("Total: $15.99");
    expect(mail.text).not.toContain("\n\n\n");
    expect(mail.to).toBe(ADDRESS.email);
  });
});
