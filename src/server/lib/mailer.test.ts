import type { Logger } from "pino";
import { describe, expect, it, vi } from "vitest";
import { createMailer } from "./mailer.js";

const message = { to: "ada@example.com", subject: "Your MAYBE order MB-ABCDEFGH", text: "Order number: MB-ABCDEFGH", html: "<p>hi</p>" };

function fakeLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe("createMailer without SMTP_URL", () => {
  it("writes the whole message to the log in development", async () => {
    const logger = fakeLogger();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "MAYBE <orders@maybe.community>", isProduction: false }, logger as unknown as Logger);
    await mailer.send(message);
    expect(logger.info).toHaveBeenCalledWith(
      { mail: { from: "MAYBE <orders@maybe.community>", to: message.to, subject: message.subject, text: message.text } },
      "e-mail (SMTP_URL not set, so logged)",
    );
  });

  it("warns in production, without the message body", async () => {
    const logger = fakeLogger();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: "orders@maybe.community", isProduction: true }, logger as unknown as Logger);
    await mailer.send(message);
    expect(logger.warn).toHaveBeenCalledWith({ to: message.to, subject: message.subject }, "e-mail not sent: SMTP_URL is not set");
    expect(logger.info).not.toHaveBeenCalled();
  });
});
