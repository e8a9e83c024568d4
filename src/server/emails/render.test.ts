/** Every template of the catalogue renders, with both parts, and escapes what people typed. */
import { render, toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATE_NAMES, type MailTemplateName } from "./catalog.js";
import { CONTEXT, HOSTILE, HOSTILE_SAMPLES, NOTHING_TYPED, SAMPLES } from "./emails.fixtures.js";
import { PLAIN_TEXT_OPTIONS } from "./plain-text.js";
import { renderMail } from "./render.js";
import { mailElement, TEMPLATES } from "./templates.js";

describe("the catalogue", () => {
  it("has a component for every template name and none without a name", () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual([...MAIL_TEMPLATE_NAMES].sort());
  });

  it("has hostile samples for every template with typed text", () => {
    expect([...Object.keys(HOSTILE_SAMPLES), ...NOTHING_TYPED].sort()).toEqual([...MAIL_TEMPLATE_NAMES].sort());
  });

  it("refuses a name it does not know, saying which", async () => {
    await expect(renderMail("newsletter" as MailTemplateName, SAMPLES["password-changed"] as never, CONTEXT)).rejects.toThrow(
      'no e-mail template named "newsletter"',
    );
  });
});

/** Templates whose subject is what staff typed (a newsletter issue's), not the site's words. */
const TYPED_SUBJECTS = new Set<MailTemplateName>(["newsletter-issue"]);

describe.each(MAIL_TEMPLATE_NAMES.map((name) => [name]))("%s", (name) => {
  it("renders a subject, an HTML part and a plain-text part with the footer", async () => {
    const mail = await renderMail(name, SAMPLES[name], CONTEXT);
    if (!TYPED_SUBJECTS.has(name)) expect(mail.subject).toMatch(/MAYBE/);
    expect(mail.subject).not.toMatch(/[<>\n]/);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain('<html dir="ltr" lang="en">');
    // The wordmark is text; nothing is fetched from another host.
    expect(mail.html).not.toMatch(/<img|src=|url\(/);
    expect(mail.html).toContain(`href="mailto:${CONTEXT.contactEmail}"`);
    expect(mail.text).toMatch(/^MAYBE\n/);
    expect(mail.text).toContain(`Questions? Write to ${CONTEXT.contactEmail}.`);
    expect(mail.text).toContain(CONTEXT.publicUrl);
    expect(mail.text).not.toMatch(/<[a-z]|&amp;|\n\n\n/);
  });

  it("makes the same plain text as render(el, { plainText: true }) without rendering twice", async () => {
    const mail = await renderMail(name, SAMPLES[name], CONTEXT);
    const element = mailElement(name, SAMPLES[name], CONTEXT);
    expect(mail.text).toBe((await render(element, { plainText: true, htmlToTextOptions: PLAIN_TEXT_OPTIONS })).trim());
    expect(mail.text).toBe(toPlainText(mail.html, PLAIN_TEXT_OPTIONS).trim());
  });
});

// Every template but those with nothing typed in them (NOTHING_TYPED), by the fixtures' own list.
describe.each((Object.keys(HOSTILE_SAMPLES) as (keyof typeof HOSTILE_SAMPLES)[]).map((name) => [name]))("%s, typed by someone hostile", (name) => {
  it("escapes every string a person typed in the HTML and keeps it as typed in the text", async () => {
    const mail = await renderMail(name, HOSTILE_SAMPLES[name] as never, CONTEXT);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain('"Jerry"');
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; &quot;Jerry&quot;");
    expect(mail.text).toContain(HOSTILE);
    // A subject is a header, never HTML: staff's typed subject goes as typed; the site's carry no typed text.
    if (TYPED_SUBJECTS.has(name)) expect(mail.subject).toBe(HOSTILE);
    else expect(mail.subject).not.toContain("<script>");
  });

});
