/**
 * renderMail: one e-mail, subject, HTML and plain text, from a template's name and props (the
 * outbox stores those and renders at send time). The HTML is React Email's; the plain text is
 * made from that same HTML (toPlainText, what `render(el, { plainText: true })` does after
 * rendering again), so the two parts always agree and React renders once.
 *
 * The templates, React and React Email load on the first call, not when the server starts.
 */
import type { MailContext, MailTemplateName, MailTemplates, RenderedMail } from "./catalog.js";

export async function renderMail<T extends MailTemplateName>(name: T, props: MailTemplates[T], context: MailContext): Promise<RenderedMail> {
  const [{ mailElement, mailSubject }, { render, toPlainText }, { PLAIN_TEXT_OPTIONS }] = await Promise.all([
    import("./templates.js"),
    import("@react-email/render"),
    import("./plain-text.js"),
  ]);
  const html = await render(mailElement(name, props, context));
  return { subject: mailSubject(name, props, context), html, text: toPlainText(html, PLAIN_TEXT_OPTIONS).trim() };
}
