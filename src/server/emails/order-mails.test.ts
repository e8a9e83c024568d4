/**
 * The order e-mails say what the checkout and the shop's moves said before (the strings the
 * orders and back-office mail tests and e2e/admin-orders.spec.ts look for).
 */
import { describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "../../common/checkout.js";
import { CONTEXT, mailedOrder, SAMPLES, UPS } from "./emails.fixtures.js";
import { renderMail } from "./render.js";

const ORDER_PAGE = `${CONTEXT.publicUrl}/orders/MB-7K2Q9XDM`;

describe("order-confirmation", () => {
  it("has the number, every line, the sums, payment by invoice, the next steps, the address and the order's page", async () => {
    const mail = await renderMail("order-confirmation", SAMPLES["order-confirmation"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM");
    for (const part of [
      "Thank you for your order, Ada Lovelace!",
      "Order number: MB-7K2Q9XDM",
      "2 x Harbor Print  $56.00\n1 x Night Shift Tee  $25.00\nSubtotal: $81.00\nShipping: $5.99\nTotal: $86.99",
      "Payment is due by invoice: we will e-mail an invoice for $86.99 to ada@example.com. Nothing has been charged.",
      "What happens next:",
      ...ORDER_MESSAGES.nextSteps.map((step, i) => `${i + 1}. ${step}`),
      "Shipping to:\nAda Lovelace\n1 Main St\nApt 4\nSpringfield, IL 62701\n+1 555 0100",
      `See your order: ${ORDER_PAGE}`,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(`href="${ORDER_PAGE}"`);
    expect(mail.html).toContain("Order number: <strong>MB-7K2Q9XDM</strong>");
  });

  it("leaves out an empty second address line", async () => {
    const mail = await renderMail("order-confirmation", { order: mailedOrder({ shipping: { ...mailedOrder().shipping, address_line2: "" } }) }, CONTEXT);
    expect(mail.text).toContain("Shipping to:\nAda Lovelace\n1 Main St\nSpringfield, IL 62701");
  });
});

describe("order-shipped", () => {
  it("has the carrier, the tracking number and link, what is in the parcel and the order's page", async () => {
    const mail = await renderMail("order-shipped", SAMPLES["order-shipped"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM is on its way");
    for (const part of [
      "Hello Ada Lovelace,",
      "Your order MB-7K2Q9XDM has shipped with UPS.",
      `Tracking number: ${UPS.number}`,
      `Track your parcel with UPS: ${UPS.url}`,
      "In the parcel:",
      "2 x Harbor Print  $56.00",
      "Shipping: $5.99\nTotal: $86.99",
      "Shipping to:\nAda Lovelace\n1 Main St\nApt 4\nSpringfield, IL 62701\n\n",
      `See your order: ${ORDER_PAGE}`,
      `Questions? Write to ${CONTEXT.contactEmail}.`,
    ]) {
      expect(mail.text).toContain(part);
    }
    // The phone number is for the carrier, given at checkout: the confirmation repeats it, the rest do not.
    expect(mail.text).not.toContain("+1 555 0100");
    expect(mail.html).toContain(`href="${UPS.url}"`);
  });

  it("keeps a tracking URL's query intact: escaped in the HTML attribute, as is in the text", async () => {
    const tracking = { ...UPS, carrier: "dhl" as const, carrier_label: "DHL", url: "https://example.test/track?a=1&b=2" };
    const mail = await renderMail("order-shipped", { order: { ...SAMPLES["order-shipped"].order, tracking } }, CONTEXT);
    expect(mail.html).toContain('href="https://example.test/track?a=1&amp;b=2"');
    expect(mail.text).toContain("Track your parcel with DHL: https://example.test/track?a=1&b=2");
  });

  it("refuses an order without tracking, saying which", async () => {
    await expect(renderMail("order-shipped", { order: mailedOrder() }, CONTEXT)).rejects.toThrow("order MB-7K2Q9XDM has no tracking to mail");
  });
});

describe("order-cancelled", () => {
  it("says nothing will be invoiced and lists what was cancelled", async () => {
    const mail = await renderMail("order-cancelled", SAMPLES["order-cancelled"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was cancelled");
    for (const part of [
      "We have cancelled your order MB-7K2Q9XDM. Nothing will be invoiced and nothing was charged.",
      "Cancelled:",
      "2 x Harbor Print  $56.00",
      "Total not invoiced: $86.99",
      "The items are back in the store, should you want them another time.",
      `See your order: ${ORDER_PAGE}`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });
});

describe("order-refunded", () => {
  it("says what was refunded and that the items are back in stock", async () => {
    const mail = await renderMail("order-refunded", SAMPLES["order-refunded"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was refunded");
    for (const part of [
      "We have refunded your order MB-7K2Q9XDM: $86.99 goes back to you the way you paid the invoice.",
      "Refunded:",
      "1 x Night Shift Tee  $25.00",
      "Total refunded: $86.99",
      "The items are back in the store's stock.",
      `Questions? Write to ${CONTEXT.contactEmail}.`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });
});

describe("order-cancelled-account-deleted", () => {
  it("says why the order was cancelled, that nothing is owed, and links to no account page", async () => {
    const mail = await renderMail("order-cancelled-account-deleted", SAMPLES["order-cancelled-account-deleted"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was cancelled");
    for (const part of [
      "Your MAYBE account was deleted, so we cancelled your unpaid order MB-7K2Q9XDM. Nothing will be invoiced and nothing was charged.",
      "Cancelled:",
      "2 x Harbor Print  $56.00",
      "Total not invoiced: $86.99",
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toContain(ORDER_PAGE);
  });
});
