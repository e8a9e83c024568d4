/**
 * Outgoing e-mail. With SMTP_URL set, messages go out through nodemailer's SMTP transport;
 * without it, each message is written to the log instead (the whole text in development, only
 * who and what in production, where a missing SMTP_URL is worth a warning).
 */
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "../config.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on the e-mails of a list). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the server accepted the message (or it was logged); rejects when it could not be sent. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "isProduction">, logger: Logger): Mailer {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) {
    return {
      async send(message) {
        if (config.isProduction) {
          logger.warn({ to: message.to, subject: message.subject }, "e-mail not sent: SMTP_URL is not set");
        } else {
          logger.info({ mail: { from: mailFrom, to: message.to, subject: message.subject, text: message.text } }, "e-mail (SMTP_URL not set, so logged)");
        }
      },
      close() {},
    };
  }
  // nodemailer is loaded with the first message, not at start-up (docs/performance.md, "start-up").
  let transport: Promise<Transporter> | undefined;
  const opened = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        // Connections are kept and reused (up to 5, 100 messages each): a fresh connection per
        // message cost about 110 ms here against 8 ms reused, which bounded a creator's announcement
        // to its followers at a few e-mails a second (bench/fanout.bench.ts).
        pool: true,
        // A slow or silent server must not keep a send hanging for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return {
    async send(message) {
      await (await opened()).sendMail({ from: mailFrom, ...message });
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
