/**
 * The browser tests' mail server (Playwright globalSetup, playwright.config.ts): one SMTP server
 * on E2E_SMTP_PORT, where the site under test sends every e-mail, for all the spec files at once
 * (they run in parallel workers, and only one of them could listen on the port). Each message
 * received is written as a JSON file into E2E_MAIL_DIR; tests read them with fixtures.ts
 * waitForMail(). Returns the teardown, which stops the server.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collectingSmtpServer } from "../src/server/test/smtp.js";

/** A received message as the tests read it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** The whole message with quoted-printable undone, enough to search its text. */
  text: string;
  receivedAt: string;
}

let written = 0;

/** Writes whole files only (a temporary name, then a rename), so a reader never sees half a message. */
function store(dir: string, mail: ReceivedMail): void {
  // Made here, not once at start: the e2e server empties its data directory when it starts.
  mkdirSync(dir, { recursive: true });
  written += 1;
  const name = `${Date.now()}-${process.pid}-${written}`;
  writeFileSync(join(dir, `${name}.tmp`), JSON.stringify(mail));
  renameSync(join(dir, `${name}.tmp`), join(dir, `${name}.json`));
}

export default async function startMailReceiver(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_MAIL_DIR;
  if (!port || !dir) throw new Error("E2E_SMTP_PORT and E2E_MAIL_DIR must be set (see playwright.config.ts)");
  const server = collectingSmtpServer((mail) => {
    store(dir, {
      to: mail.to,
      from: mail.from,
      subject: /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim() ?? "",
      text: mail.raw,
      receivedAt: new Date().toISOString(),
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
