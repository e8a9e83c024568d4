/**
 * Placeholder until the React Email templates land: the order e-mails come from their existing
 * renderers, the account e-mails are plain text with a minimal HTML part. The outbox worker
 * (server/outbox/) depends only on this signature.
 */
import type { Order } from "../../common/api/orders.js";
import { cancelledMail, refundedMail, shippedMail } from "../features/admin/fulfilment-mail.js";
import { orderConfirmationMail } from "../features/orders/order-mail.js";
import { escapeHtml } from "../lib/html.js";
import type { MailContext, MailTemplateName, MailTemplates, RenderedMail } from "./catalog.js";

type Renderers = { [T in MailTemplateName]: (props: MailTemplates[T], context: MailContext) => RenderedMail };

function plain(subject: string, paragraphs: string[]): RenderedMail {
  const text = [...paragraphs, "MAYBE"].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join("")}<p>MAYBE</p></body></html>`;
  return { subject, text, html };
}

const parts = ({ subject, text, html }: RenderedMail): RenderedMail => ({ subject, text, html });

const renderers: Renderers = {
  "order-confirmation": ({ order }, context) => parts(orderConfirmationMail({ ...order, can_cancel: false } as Order, context.publicUrl)),
  "order-shipped": ({ order }, context) => parts(shippedMail(order, context)),
  "order-cancelled": ({ order }, context) => parts(cancelledMail(order, context)),
  "order-refunded": ({ order }, context) => parts(refundedMail(order, context)),
  "password-reset": (p) =>
    plain("Reset your MAYBE password", [`Hello ${p.name},`, `Choose a new password here (the link works once, for ${p.expiresInMinutes} minutes): ${p.url}`]),
  "verify-email": (p) => plain("Confirm your e-mail address", [`Hello ${p.name},`, `Confirm your address: ${p.url}`]),
  "change-email-confirm": (p) =>
    plain("Confirm your new e-mail address", [`Hello ${p.name},`, `Confirm ${p.newEmail} as your MAYBE address: ${p.url}`]),
  "email-changed": (p) =>
    plain("Your MAYBE e-mail address was changed", [`Hello ${p.name},`, `Your account's address changed from ${p.oldEmail} to ${p.newEmail}.`]),
  "password-changed": (p) => plain("Your MAYBE password was changed", [`Hello ${p.name},`, "Your password was changed."]),
  "account-deleted": (p) => plain("Your MAYBE account was deleted", [`Hello ${p.name},`, "Your account was deleted."]),
};

export async function renderMail<T extends MailTemplateName>(name: T, props: MailTemplates[T], context: MailContext): Promise<RenderedMail> {
  const render = renderers[name] as ((props: MailTemplates[T], context: MailContext) => RenderedMail) | undefined;
  if (!render) throw new Error(`unknown e-mail template "${String(name)}"`);
  return render(props, context);
}
