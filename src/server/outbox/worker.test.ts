/**
 * The outbox worker over a real database (SQLite, or PostgreSQL with TEST_DB=postgres) and a real
 * SMTP receiver, with an injected clock: sending, retrying, giving up, a dead worker's claim,
 * two workers racing, retention, and stop() during a send.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { writeTransaction } from "../db/dialect.js";
import type { Mailer } from "../lib/mailer.js";
import { until } from "../test/smtp.js";
import { claimNext, MAX_ATTEMPTS, retryDelayMs } from "./claims.js";
import { enqueueMail } from "./enqueue.js";
import { CONTEXT, UNSUBSCRIBE_SECRET, mailedOrder, outboxDatabase, recordingLogger, smtpMailer, startSmtp, type OutboxWorld } from "./outbox.fixtures.js";
import { createOutboxWorker, type Outbox } from "./worker.js";

const HOUR = 3_600_000;
let world: OutboxWorld;
const started: Outbox[] = [];

beforeAll(async () => {
  world = await outboxDatabase();
});
afterAll(async () => {
  await world.close();
});
afterEach(async () => {
  for (const outbox of started.splice(0)) await outbox.stop();
  await world.database.db.deleteFrom("outbox").execute();
});

/** A clock the test moves by hand. */
function clock(start = "2026-03-01T12:00:00.000Z") {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

function worker(options: { mailer: Mailer; now: () => Date; database?: Db; logger?: ReturnType<typeof recordingLogger>["logger"] }): Outbox {
  const outbox = createOutboxWorker({
    database: options.database ?? world.database,
    mailer: options.mailer,
    logger: options.logger ?? recordingLogger().logger,
    context: CONTEXT,
    unsubscribeSecret: UNSUBSCRIBE_SECRET,
    now: options.now,
    pollMs: HOUR,
  });
  started.push(outbox);
  return outbox;
}

const row = (id: string) => world.database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const onlyRow = async () => (await world.database.db.selectFrom("outbox").selectAll().execute())[0]!;

describe("the outbox worker", () => {
  it("sends a due message once, rendered from its template, and marks it sent", async () => {
    const smtp = await startSmtp();
    try {
      const time = clock();
      await enqueueMail(world.database.db, { template: "order-confirmation", to: "ada@example.com", props: { order: mailedOrder("MB-AAAA0001", "ada@example.com") } }, time.now());
      const outbox = worker({ mailer: smtpMailer(smtp, recordingLogger().logger), now: time.now });
      await outbox.drain();
      expect(await outbox.drain()).toBe(0);
      expect(smtp.inbox).toHaveLength(1);
      expect(smtp.inbox[0]!.to).toEqual(["ada@example.com"]);
      expect(smtp.inbox[0]!.raw).toContain("Subject: Your MAYBE order MB-AAAA0001");
      expect(smtp.inbox[0]!.raw).toContain("Order number: MB-AAAA0001");
      const sent = await onlyRow();
      expect(new Date(sent.sent_at!).toISOString()).toBe(time.now().toISOString());
      expect(sent.claimed_until).toBeNull();
      expect(sent.attempts).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it("still sends the mail when announcements cannot be expanded, and says so in the log", async () => {
    const smtp = await startSmtp();
    const log = recordingLogger();
    // The announcements' table gone for this pass: every expansion fails.
    await sql`alter table announcement rename to announcement_away`.execute(world.database.db);
    try {
      const time = clock();
      await enqueueMail(world.database.db, { template: "password-changed", to: "still.sent@example.com", props: { name: "Ada" } }, time.now());
      const outbox = worker({ mailer: smtpMailer(smtp, log.logger), now: time.now, logger: log.logger });
      await outbox.drain();
      expect(smtp.inbox.map((m) => m.to)).toEqual([["still.sent@example.com"]]);
      expect(log.lines.some((l) => l.msg === "announcements not expanded")).toBe(true);
    } finally {
      await sql`alter table announcement_away rename to announcement`.execute(world.database.db);
      await smtp.close();
    }
  });

  it("wake() sends at once, without waiting for the next poll", async () => {
    const smtp = await startSmtp();
    try {
      const outbox = worker({ mailer: smtpMailer(smtp, recordingLogger().logger), now: () => new Date() });
      await outbox.drain();
      await enqueueMail(world.database.db, { template: "password-changed", to: "woken@example.com", props: { name: "Ada" } });
      outbox.wake();
      const mail = await until(() => smtp.inbox.find((m) => m.to.includes("woken@example.com")), "the woken mail");
      expect(mail.raw).toContain("Subject: Your MAYBE password was changed");
    } finally {
      await smtp.close();
    }
  });

  it("on start, sends what was committed while no worker ran, without being woken", async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(world.database.db, { template: "password-changed", to: "waiting@example.com", props: { name: "Ada" } });
      worker({ mailer: smtpMailer(smtp, recordingLogger().logger), now: () => new Date() });
      await until(() => smtp.inbox.find((m) => m.to.includes("waiting@example.com")), "the waiting mail");
    } finally {
      await smtp.close();
    }
  });

  it("sends nothing of a transaction that rolled back", async () => {
    const smtp = await startSmtp();
    try {
      await expect(
        writeTransaction(world.database.db, world.database.dialect, async (trx) => {
          await enqueueMail(trx, { template: "password-changed", to: "never@example.com", props: { name: "Ada" } });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      const outbox = worker({ mailer: smtpMailer(smtp, recordingLogger().logger), now: () => new Date() });
      expect(await outbox.drain()).toBe(0);
      expect(smtp.inbox).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("retries a refused message after a growing delay and gives it up, logged as an error, after the last attempt", async () => {
    const smtp = await startSmtp({ refuse: true });
    try {
      const time = clock();
      const { logger, lines } = recordingLogger();
      await enqueueMail(world.database.db, { template: "password-changed", to: "refused@example.com", props: { name: "Ada" } }, time.now());
      const outbox = worker({ mailer: smtpMailer(smtp, logger), now: time.now, logger });
      await outbox.drain();
      let r = await onlyRow();
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/Mailbox unavailable/);
      expect(new Date(r.available_at).getTime()).toBe(time.now().getTime() + retryDelayMs(1));
      expect(retryDelayMs(1)).toBe(30_000);
      expect(retryDelayMs(2)).toBe(60_000);

      // Not before its time.
      time.advance(retryDelayMs(1) - 1);
      expect(await outbox.drain()).toBe(0);
      time.advance(1);
      expect(await outbox.drain()).toBe(1);
      r = await onlyRow();
      expect(r.attempts).toBe(2);
      expect(new Date(r.available_at).getTime()).toBe(time.now().getTime() + retryDelayMs(2));

      for (let attempt = 3; attempt <= MAX_ATTEMPTS; attempt++) {
        time.advance(retryDelayMs(attempt - 1));
        expect(await outbox.drain()).toBe(1);
      }
      r = await onlyRow();
      expect(r.attempts).toBe(MAX_ATTEMPTS);
      expect(new Date(r.failed_at!).toISOString()).toBe(time.now().toISOString());
      expect(r.sent_at).toBeNull();
      expect(lines.some((l) => l.level === 50 && l.msg === "e-mail given up after its last attempt")).toBe(true);

      time.advance(30 * 24 * HOUR);
      expect(await outbox.drain()).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it("a message whose worker died after claiming it is sent once its lease has passed", async () => {
    const smtp = await startSmtp();
    try {
      const time = clock();
      await enqueueMail(world.database.db, { template: "password-changed", to: "orphan@example.com", props: { name: "Ada" } }, time.now());
      // The dead worker's claim: it never sends and never lets go.
      const dead = await claimNext(world.open(), time.now());
      expect(dead).toBeDefined();

      const outbox = worker({ mailer: smtpMailer(smtp, recordingLogger().logger), now: time.now });
      time.advance(30_000);
      expect(await outbox.drain()).toBe(0);
      time.advance(30_000);
      expect(await outbox.drain()).toBe(1);
      expect(smtp.inbox.map((m) => m.to)).toEqual([["orphan@example.com"]]);
      expect((await row(dead!.row.id)).sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("two workers on two connections draining at once send every message exactly once", async () => {
    const smtp = await startSmtp();
    try {
      const time = clock();
      const count = 40;
      const logger = recordingLogger().logger;
      const a = worker({ mailer: smtpMailer(smtp, logger), now: time.now, database: world.open() });
      const b = worker({ mailer: smtpMailer(smtp, logger), now: time.now, database: world.open() });
      // Their first look (at start) is over before the messages arrive, so the drains below race.
      await Promise.all([a.drain(), b.drain()]);
      for (let i = 0; i < count; i++) {
        await enqueueMail(world.database.db, { template: "password-changed", to: `race${i}@example.com`, props: { name: `Reader ${i}` } }, time.now());
      }
      const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
      expect(sentByA + sentByB).toBe(count);
      expect(sentByA).toBeGreaterThan(0);
      expect(sentByB).toBeGreaterThan(0);
      expect(smtp.inbox).toHaveLength(count);
      const recipients = smtp.inbox.map((m) => m.to[0]).sort();
      expect(new Set(recipients).size).toBe(count);
      const unsent = await world.database.db.selectFrom("outbox").select("id").where("sent_at", "is", null).execute();
      expect(unsent).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("deletes messages sent or given up longer ago than the retention, and keeps the rest", async () => {
    const smtp = await startSmtp();
    try {
      const time = clock();
      const logger = recordingLogger().logger;
      await enqueueMail(world.database.db, { template: "password-changed", to: "old@example.com", props: { name: "Ada" } }, time.now());
      const first = worker({ mailer: smtpMailer(smtp, logger), now: time.now });
      await first.drain();
      await first.stop();
      time.advance(20 * 24 * HOUR);
      await enqueueMail(world.database.db, { template: "password-changed", to: "recent@example.com", props: { name: "Ada" } }, time.now());
      const second = worker({ mailer: smtpMailer(smtp, logger), now: time.now });
      await second.drain();
      await second.stop();
      // A message not yet due, created long ago, is not the retention's business.
      await enqueueMail(world.database.db, { template: "password-changed", to: "waiting@example.com", props: { name: "Ada" } }, new Date(time.now().getTime() + 60 * 24 * HOUR));
      await world.database.db.updateTable("outbox").set({ created_at: "2025-01-01T00:00:00.000Z" }).where("recipient", "=", "waiting@example.com").execute();

      time.advance(11 * 24 * HOUR);
      const third = worker({ mailer: smtpMailer(smtp, logger), now: time.now });
      await third.drain();
      const left = await world.database.db.selectFrom("outbox").select("recipient").orderBy("recipient").execute();
      expect(left.map((r) => r.recipient)).toEqual(["recent@example.com", "waiting@example.com"]);
    } finally {
      await smtp.close();
    }
  });

  it("stop() waits for the message being sent, and takes no other", async () => {
    const smtp = await startSmtp();
    try {
      const real = smtpMailer(smtp, recordingLogger().logger);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let sending!: () => void;
      const begun = new Promise<void>((resolve) => (sending = resolve));
      // The real mailer, held at the door until the test lets it through.
      const held: Mailer = {
        async send(message) {
          sending();
          await gate;
          await real.send(message);
        },
        close: () => real.close(),
      };
      for (const to of ["first@example.com", "second@example.com"]) {
        await enqueueMail(world.database.db, { template: "password-changed", to, props: { name: "Ada" } });
      }
      const outbox = createOutboxWorker({ database: world.database, mailer: held, logger: recordingLogger().logger, context: CONTEXT, unsubscribeSecret: UNSUBSCRIBE_SECRET, pollMs: HOUR });
      await begun;
      let stopped = false;
      const stopping = outbox.stop().then(() => (stopped = true));
      await new Promise((r) => setImmediate(r));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(smtp.inbox.map((m) => m.to[0])).toHaveLength(1);
      const sent = await world.database.db.selectFrom("outbox").select(["recipient", "sent_at"]).where("sent_at", "is not", null).execute();
      expect(sent).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});
