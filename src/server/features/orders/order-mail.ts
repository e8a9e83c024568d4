/** The order confirmation e-mail: the order number, its lines, the total, payment by invoice, what comes next. */
import type { Order } from "../../../common/api/orders.js";
import { ORDER_MESSAGES } from "../../../common/checkout.js";
import { formatCents } from "../../../common/money.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailMessage } from "../../lib/mailer.js";

function addressLines(order: Order): string[] {
  const s = order.shipping;
  return [s.name, s.address_line1, s.address_line2, `${s.city}, ${s.state} ${s.zip}`, s.phone].filter(Boolean);
}

export function orderConfirmationMail(order: Order, publicUrl: string): MailMessage {
  const link = `${publicUrl}/orders/${encodeURIComponent(order.id)}`;
  const total = formatCents(order.total_cents);
  const payment = ORDER_MESSAGES.paymentByInvoice(total, order.shipping.email);
  const subject = `Your MAYBE order ${order.id}`;
  const lines = order.items.map((l) => `${l.quantity} x ${l.name}  ${formatCents(l.line_total_cents)}`);

  const text = [
    `Thank you for your order, ${order.shipping.name}!`,
    "",
    `Order number: ${order.id}`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatCents(order.subtotal_cents)}`,
    `Shipping: ${formatCents(order.shipping_cents)}`,
    `Total: ${total}`,
    "",
    payment,
    "",
    "What happens next:",
    ...ORDER_MESSAGES.nextSteps.map((step, i) => `${i + 1}. ${step}`),
    "",
    "Shipping to:",
    ...addressLines(order),
    "",
    `See your order: ${link}`,
    "",
    "MAYBE",
  ].join("\n");

  const rows = order.items
    .map(
      (l) =>
        `<tr><td>${l.quantity} &times; ${escapeHtml(l.name)}</td><td align="right">${formatCents(l.line_total_cents)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<h1 style="font-size:22px">Thank you for your order, ${escapeHtml(order.shipping.name)}!</h1>
<p>Order number: <strong>${escapeHtml(order.id)}</strong></p>
<table cellpadding="4" style="border-collapse:collapse">${rows}
<tr><td>Subtotal</td><td align="right">${formatCents(order.subtotal_cents)}</td></tr>
<tr><td>Shipping</td><td align="right">${formatCents(order.shipping_cents)}</td></tr>
<tr><td><strong>Total</strong></td><td align="right"><strong>${total}</strong></td></tr></table>
<p>${escapeHtml(payment)}</p>
<p><strong>What happens next</strong></p>
<ol>${ORDER_MESSAGES.nextSteps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>
<p><strong>Shipping to</strong><br>${addressLines(order).map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
</body></html>`;

  return { to: order.shipping.email, subject, text, html };
}
