/** A real SMTP server on loopback (smtp-server) for the tests of the site's e-mails. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, quoted-printable undone, so its text can be searched. */
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a message's text. */
export function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface TestSmtp {
  server: SMTPServer;
  port: number;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * An SMTP server without authentication or TLS that hands each whole message to `receive`: the
 * API tests keep them in memory, the browser tests' receiver writes them to files
 * (e2e/mail-receiver.ts). `receive` may return an error to refuse the message.
 */
export function collectingSmtpServer(receive: (mail: ReceivedMail) => Error | void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // The site's mailer keeps its connections open (a pool, lib/mailer.ts): closing the server
    // ends them at once rather than waiting for them to go idle.
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        callback(
          receive({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: readable(Buffer.concat(chunks).toString("utf8")),
          }) ?? undefined,
        );
      });
    },
  });
}

/** Listens on a free loopback port; with `refuse`, every message is refused (550). */
export function startSmtp(options: { refuse?: boolean } = {}): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  const server = collectingSmtpServer((mail) => {
    if (options.refuse) return Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
    inbox.push(mail);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        server,
        port: (server.server.address() as AddressInfo).port,
        inbox,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** Waits for `check` to give a value (a mail arriving), polling; fails after `ms`. */
export async function until<T>(check: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
