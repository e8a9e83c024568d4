/**
 * A rendered e-mail through the site's mailer and a real SMTP server on loopback: both parts
 * arrive, and the strings the order and back-office tests search the raw message for survive the
 * transfer encoding (quoted-printable undone by the test server).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../lib/logger.js";
import { createMailer, type Mailer } from "../lib/mailer.js";
import { startSmtp, until, type TestSmtp } from "../test/smtp.js";
import { CONTEXT, SAMPLES, UPS } from "./emails.fixtures.js";
import { renderMail } from "./render.js";

let smtp: TestSmtp;
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startSmtp();
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: "MAYBE <hello@maybe.test>", isProduction: false }, createLogger("silent"));
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

it("sends the shipping e-mail as a text part and an HTML part the reader and the tests can search", async () => {
  const order = SAMPLES["order-shipped"].order;
  const mail = await renderMail("order-shipped", SAMPLES["order-shipped"], CONTEXT);
  await mailer.send({ to: order.shipping.email, ...mail });
  const received = await until(() => smtp.inbox.find((m) => m.to.includes(order.shipping.email)), "the shipping e-mail");
  expect(received.raw).toContain(`Subject: Your MAYBE order ${order.id} is on its way`);
  expect(received.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
  expect(received.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
  expect(received.raw).not.toMatch(/Content-Transfer-Encoding: base64/i);
  expect(received.raw).toContain(`Your order ${order.id} has shipped with UPS.`);
  expect(received.raw).toContain(`Track your parcel with UPS: ${UPS.url}`);
  expect(received.raw).toContain(`href="${UPS.url}"`);
  expect(received.raw).toMatch(/2 x Harbor Print, No\. 7[^\n]+\$56\.00/);
  expect(received.raw).toContain(`See your order: ${CONTEXT.publicUrl}/orders/${order.id}`);
  expect(received.raw).toContain(`Questions? Write to ${CONTEXT.contactEmail}.`);
});
