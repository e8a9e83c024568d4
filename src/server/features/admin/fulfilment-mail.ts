/**
 * The e-mails a buyer gets when the shop moves their order (docs/decisions/0019): shipped (with
 * the tracking link), cancelled by the shop, refunded. Plain text and HTML, everything from the
 * order escaped, in the style of the confirmation (features/orders/order-mail.ts). Marking an order
 * paid or delivered sends nothing: the invoice and the parcel speak for themselves.
 */
import type { Order } from "../../../common/api/orders.js";
import { formatCents } from "../../../common/money.js";
import { escapeHtml } from "../../lib/html.js";
import type { MailMessage } from "../../lib/mailer.js";

/** What the e-mails read of an order: the buyer's answer and the back office's both have it. */
export type MailedOrder = Omit<Order, "can_cancel">;

export interface MailContext {
  publicUrl: string;
  /** Where a buyer writes with a question (CONTACT_EMAIL). */
  contactEmail: string;
}

interface Parts {
  subject: string;
  /** Paragraphs before the lines. */
  intro: string[];
  /** A heading over the lines, e.g. "Refunded". */
  linesTitle: string;
  totalLabel: string;
  /** Paragraphs after the lines. */
  outro: string[];
  /** A link of its own (the carrier's tracking page). */
  action?: { label: string; url: string };
}

function addressLines(order: MailedOrder): string[] {
  const s = order.shipping;
  return [s.name, s.address_line1, s.address_line2, `${s.city}, ${s.state} ${s.zip}`].filter(Boolean);
}

function render(order: MailedOrder, parts: Parts, context: MailContext): MailMessage {
  const link = `${context.publicUrl}/orders/${encodeURIComponent(order.id)}`;
  const total = formatCents(order.total_cents);
  const question = `Questions? Write to ${context.contactEmail}.`;
  const text = [
    `Hello ${order.shipping.name},`,
    "",
    ...parts.intro.flatMap((p) => [p, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    `${parts.linesTitle}:`,
    ...order.items.map((l) => `${l.quantity} x ${l.name}  ${formatCents(l.line_total_cents)}`),
    `Shipping: ${formatCents(order.shipping_cents)}`,
    `${parts.totalLabel}: ${total}`,
    "",
    ...parts.outro.flatMap((p) => [p, ""]),
    "Shipping to:",
    ...addressLines(order),
    "",
    `See your order: ${link}`,
    "",
    question,
    "",
    "MAYBE",
  ].join("\n");

  const rows = order.items
    .map((l) => `<tr><td>${l.quantity} &times; ${escapeHtml(l.name)}</td><td align="right">${formatCents(l.line_total_cents)}</td></tr>`)
    .join("");
  const paragraphs = (list: string[]) => list.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<h1 style="font-size:22px">${escapeHtml(parts.subject)}</h1>
<p>Hello ${escapeHtml(order.shipping.name)},</p>
${paragraphs(parts.intro)}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}"><strong>${escapeHtml(parts.action.label)}</strong></a></p>` : ""}
<p><strong>${escapeHtml(parts.linesTitle)}</strong></p>
<table cellpadding="4" style="border-collapse:collapse">${rows}
<tr><td>Shipping</td><td align="right">${formatCents(order.shipping_cents)}</td></tr>
<tr><td><strong>${escapeHtml(parts.totalLabel)}</strong></td><td align="right"><strong>${total}</strong></td></tr></table>
${paragraphs(parts.outro)}
<p><strong>Shipping to</strong><br>${addressLines(order).map(escapeHtml).join("<br>")}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
<p>${escapeHtml(question)}</p>
</body></html>`;
  return { to: order.shipping.email, subject: parts.subject, text, html };
}

export function shippedMail(order: MailedOrder, context: MailContext): MailMessage {
  const tracking = order.tracking;
  if (!tracking) throw new Error(`order ${order.id} has no tracking to mail`);
  return render(
    order,
    {
      subject: `Your MAYBE order ${order.id} is on its way`,
      intro: [
        `Your order ${order.id} has shipped with ${tracking.carrier_label}.`,
        `Tracking number: ${tracking.number}`,
      ],
      action: { label: `Track your parcel with ${tracking.carrier_label}`, url: tracking.url },
      linesTitle: "In the parcel",
      totalLabel: "Total",
      outro: [],
    },
    context,
  );
}

export function cancelledMail(order: MailedOrder, context: MailContext): MailMessage {
  return render(
    order,
    {
      subject: `Your MAYBE order ${order.id} was cancelled`,
      intro: [`We have cancelled your order ${order.id}. Nothing will be invoiced and nothing was charged.`],
      linesTitle: "Cancelled",
      totalLabel: "Total not invoiced",
      outro: ["The items are back in the store, should you want them another time."],
    },
    context,
  );
}

export function refundedMail(order: MailedOrder, context: MailContext): MailMessage {
  const total = formatCents(order.total_cents);
  return render(
    order,
    {
      subject: `Your MAYBE order ${order.id} was refunded`,
      intro: [`We have refunded your order ${order.id}: ${total} goes back to you the way you paid the invoice.`],
      linesTitle: "Refunded",
      totalLabel: "Total refunded",
      outro: ["The items are back in the store's stock."],
    },
    context,
  );
}
