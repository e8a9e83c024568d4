/**
 * A test app whose e-mails go to a real SMTP server on loopback (test/smtp.ts), for the tests that
 * read what was sent: both start before the file's tests and stop after them.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";
import { startSmtp, type TestSmtp } from "./smtp.js";

export function appWithSmtp(env: Record<string, string> = {}): { t: TestApp; smtp: TestSmtp } {
  const world = {} as { t: TestApp; smtp: TestSmtp };
  beforeAll(async () => {
    world.smtp = await startSmtp();
    world.t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${world.smtp.port}`, ...env });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.smtp?.close();
  });
  return world;
}
