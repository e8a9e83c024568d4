/** A migrated database of its own (SQLite file, or PostgreSQL with TEST_DB=postgres), a real SMTP receiver, a log to read. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import { createDb, type Db } from "../db/client.js";
import { migrateToLatest } from "../db/migrate.js";
import type { MailedOrder } from "../emails/catalog.js";
import { createMailer, type Mailer } from "../lib/mailer.js";
import { createPgDatabase, TEST_DB } from "../test/harness.js";
import { startSmtp, type TestSmtp } from "../test/smtp.js";

export const CONTEXT = { publicUrl: "https://maybe.test", contactEmail: "help@maybe.test" };
/** The secret the tests' workers sign unsubscribe links with. */
export const UNSUBSCRIBE_SECRET = "test-unsubscribe-secret";

export interface OutboxWorld {
  url: string;
  database: Db;
  /** Another connection (pool) to the same database, as a second instance has. */
  open(): Db;
  close(): Promise<void>;
}

export async function outboxDatabase(): Promise<OutboxWorld> {
  const dir = mkdtempSync(join(tmpdir(), "maybe-outbox-"));
  const pg = TEST_DB === "postgres" ? await createPgDatabase("maybe_outbox") : undefined;
  const url = pg?.url ?? `file:${join(dir, "maybe.db")}`;
  const database = createDb(url);
  await migrateToLatest(database);
  const opened: Db[] = [database];
  return {
    url,
    database,
    open() {
      const another = createDb(url);
      opened.push(another);
      return another;
    },
    async close() {
      for (const db of opened) await db.close();
      await pg?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A logger whose lines are kept, to check what was logged. */
export function recordingLogger(): { logger: Logger; lines: Array<{ level: number; msg: string }> } {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

export function smtpMailer(smtp: TestSmtp, logger: Logger): Mailer {
  return createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: "MAYBE <mail@maybe.test>", isProduction: false }, logger);
}

export { startSmtp };

/** A small order for the order templates. */
export function mailedOrder(id: string, email: string): MailedOrder {
  return {
    id,
    status: "placed",
    created_at: "2026-01-01T10:00:00.000Z",
    updated_at: "2026-01-01T10:00:00.000Z",
    paid_at: null,
    shipped_at: null,
    delivered_at: null,
    closed_at: null,
    tracking: null,
    items: [{ product_id: "p1", variant_id: "p1", size: null, edition: null, name: "Harbor Print", price_cents: 2000, price: "$20.00", quantity: 1, line_total_cents: 2000 }],
    item_count: 1,
    subtotal_cents: 2000,
    shipping_cents: 599,
    total_cents: 2599,
    shipping: { email, name: "Ada", address_line1: "1 Main St", address_line2: "", city: "Springfield", state: "IL", zip: "62701", phone: "+1 555 0100" },
    payment: { method: "invoice", status: "due" },
    invoice_number: null,
  };
}
