/**
 * The order e-mails say what the checkout and the shop's moves said before (the strings the
 * orders and back-office mail tests and e2e/admin-orders.spec.ts look for).
 */
import { describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "../../common/orders.js";
import type { MailedOrder } from "./catalog.js";
import { CONTEXT, mailedOrder, sampleInvoice, SAMPLES, UPS } from "./emails.fixtures.js";
import { renderMail } from "./render.js";

const ORDER_PAGE = `${CONTEXT.publicUrl}/orders/MB-7K2Q9XDM`;

describe("order-confirmation", () => {
  it("has the number, every line, the sums, payment by invoice, the next steps, the address and the order's page", async () => {
    const mail = await renderMail("order-confirmation", SAMPLES["order-confirmation"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM");
    for (const part of [
      "Thank you for your order, Ada Lovelace!",
      "Order number: MB-7K2Q9XDM",
      "2 x Harbor Print, No. 7–8/25  $56.00\n1 x Night Shift Tee (M)  $25.00\nSubtotal: $81.00\nShipping: $5.99\nTotal: $86.99",
      "Payment is due by invoice: we have e-mailed invoice INV-2026-000123 for $86.99 to ada@example.com. Nothing has been charged.",
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

  it("makes no promise of an invoice that does not exist: an order placed before invoices, or a message queued by an older release", async () => {
    const { invoice_number: _number, ...queuedBefore } = mailedOrder();
    for (const order of [mailedOrder({ invoice_number: null }), queuedBefore as MailedOrder]) {
      const mail = await renderMail("order-confirmation", { order }, CONTEXT);
      expect(mail.text).toContain("Payment of $86.99 is due by invoice. Nothing has been charged.");
      expect(mail.text).not.toContain("INV-");
    }
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
      "2 x Harbor Print, No. 7–8/25  $56.00",
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

describe("order-invoice", () => {
  it("has the number and dates, the seller and the buyer, every line with its unit price, the sums and how to pay", async () => {
    const mail = await renderMail("order-invoice", SAMPLES["order-invoice"], CONTEXT);
    expect(mail.subject).toBe("Invoice INV-2026-000123 for your MAYBE order MB-7K2Q9XDM");
    for (const part of [
      "Invoice INV-2026-000123",
      "Hello Ada Lovelace,",
      "Here is the invoice for your order MB-7K2Q9XDM. Please pay $86.99 by May 15, 2026, quoting INV-2026-000123.",
      "Invoice number: INV-2026-000123\nInvoice date: May 1, 2026\nDue date: May 15, 2026\nOrder: MB-7K2Q9XDM",
      "From:\nMAYBE Community LLC\n100 Market St\nBrooklyn, NY 11201\nbilling@maybe.example\nTax ID: 12-3456789",
      "Billed to:\nAda Lovelace\n1 Main St\nApt 4\nSpringfield, IL 62701\nada@example.com",
      "2 x Harbor Print, No. 7–8/25  $28.00 each  $56.00\n1 x Night Shift Tee (M)  $25.00 each  $25.00\nSubtotal: $81.00\nShipping: $5.99\nTotal due: $86.99",
      "How to pay:",
      "By bank transfer:\nAccount name: MAYBE Community LLC\nRouting number: 021000021\nAccount number: 123456789",
      "Please quote INV-2026-000123 with your payment.",
      "Pay $86.99 online: https://pay.example/maybe?ref=INV-2026-000123&amount=86.99",
      `View and print your invoice: ${ORDER_PAGE}/invoice`,
    ]) {
      expect(mail.text).toContain(part);
    }
    // The buyer's phone is for the carrier, not the invoice.
    expect(mail.text).not.toContain("+1 555 0100");
    expect(mail.html).toContain('href="https://pay.example/maybe?ref=INV-2026-000123&amp;amount=86.99"');
  });

  it("offers what the shop takes: bank details alone make the printable invoice the one button", async () => {
    const invoice = sampleInvoice({ payment: { bank_details: ["Account number: 42"], link: null, reference: "INV-2026-000123" } });
    const mail = await renderMail("order-invoice", { invoice }, CONTEXT);
    expect(mail.text).toContain("By bank transfer:\nAccount number: 42");
    expect(mail.text).not.toContain("Pay online");
    expect(mail.text).toContain(`View and print your invoice: ${ORDER_PAGE}/invoice`);
    const linkOnly = sampleInvoice({ payment: { bank_details: [], link: "https://pay.example/x", reference: "INV-2026-000123" } });
    const online = await renderMail("order-invoice", { invoice: linkOnly }, CONTEXT);
    expect(online.text).not.toContain("By bank transfer");
    expect(online.text).toContain("Pay $86.99 online: https://pay.example/x");
  });
});

describe("order-paid", () => {
  it("says the payment was received for the invoice and that packing starts", async () => {
    const mail = await renderMail("order-paid", SAMPLES["order-paid"], CONTEXT);
    expect(mail.subject).toBe("Payment received for your MAYBE order MB-7K2Q9XDM");
    for (const part of [
      "Thank you: we have received your payment of $86.99 for invoice INV-2026-000123, order MB-7K2Q9XDM.",
      "We are packing your order now, and we will e-mail you the tracking number as soon as it ships.",
      "Paid:",
      "Total paid: $86.99",
      `See your order: ${ORDER_PAGE}`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });
});

describe("order-delivered", () => {
  it("says the order was delivered, with its carrier and tracking number, and where to write if something is wrong", async () => {
    const mail = await renderMail("order-delivered", SAMPLES["order-delivered"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was delivered");
    for (const part of [
      `Your order MB-7K2Q9XDM has been delivered (UPS, tracking number ${UPS.number}). We hope you enjoy it.`,
      "If anything is missing or damaged, write to us with your order number.",
      "Delivered:",
      `See your order: ${ORDER_PAGE}`,
      `Questions? Write to ${CONTEXT.contactEmail}.`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });
});

describe("order-cancelled", () => {
  it("by the buyer: confirms what they did and says its invoice is void", async () => {
    const mail = await renderMail("order-cancelled", { ...SAMPLES["order-cancelled"], by: "buyer" }, CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was cancelled");
    expect(mail.text).toContain(
      "As you asked, we have cancelled your order MB-7K2Q9XDM. Its invoice INV-2026-000123 is void: there is nothing to pay, and nothing was charged.",
    );
    expect(mail.text).toContain("Total not invoiced: $86.99");
  });

  it("of an order without an invoice: says nothing will be invoiced", async () => {
    const mail = await renderMail("order-cancelled", { order: { ...SAMPLES["order-cancelled"].order, invoice_number: null } }, CONTEXT);
    expect(mail.text).toContain("We have cancelled your order MB-7K2Q9XDM. Nothing will be invoiced and nothing was charged.");
  });

  it("by the shop: says its invoice is void and lists what was cancelled", async () => {
    const mail = await renderMail("order-cancelled", SAMPLES["order-cancelled"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was cancelled");
    for (const part of [
      "We have cancelled your order MB-7K2Q9XDM. Its invoice INV-2026-000123 is void: there is nothing to pay, and nothing was charged.",
      "Cancelled:",
      "2 x Harbor Print, No. 7–8/25  $56.00",
      "Total not invoiced: $86.99",
      "The items are back in the store, should you want them another time.",
      `See your order: ${ORDER_PAGE}`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });
});

describe("order-refunded", () => {
  it("says what was refunded and nothing of the store's stock (the buyer may well have the items)", async () => {
    const mail = await renderMail("order-refunded", SAMPLES["order-refunded"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was refunded");
    for (const part of [
      "We have refunded your order MB-7K2Q9XDM: $86.99 goes back to you the way you paid the invoice INV-2026-000123.",
      "Refunded:",
      "1 x Night Shift Tee (M)  $25.00",
      "Total refunded: $86.99",
      `Questions? Write to ${CONTEXT.contactEmail}.`,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toMatch(/stock|back in the store/i);
  });
});

describe("order-cancelled-account-deleted", () => {
  it("says why the order was cancelled, that nothing is owed, and links to no account page", async () => {
    const mail = await renderMail("order-cancelled-account-deleted", SAMPLES["order-cancelled-account-deleted"], CONTEXT);
    expect(mail.subject).toBe("Your MAYBE order MB-7K2Q9XDM was cancelled");
    for (const part of [
      "Your MAYBE account was deleted, so we cancelled your unpaid order MB-7K2Q9XDM. Nothing will be invoiced and nothing was charged.",
      "Cancelled:",
      "2 x Harbor Print, No. 7–8/25  $56.00",
      "Total not invoiced: $86.99",
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toContain(ORDER_PAGE);
  });
});
