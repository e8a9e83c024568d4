/**
 * QUEUE=bullmq against the real Redis (TEST_REDIS_URL; skipped with a printed reason when it is
 * unreachable, unless REQUIRE_REDIS=1): two instances, each with its relay and BullMQ worker, on
 * one database, deliver every message exactly once to a real SMTP receiver; a job run twice sends
 * once; a failed send is retried through the outbox.
 */
import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Mailer } from "../lib/mailer.js";
import { redisForTests, TEST_REDIS_URL } from "../test/redis.js";
import { createBullmqOutbox, QUEUE_NAME, RELAY_LEASE_MS } from "./bullmq.js";
import { claimNext, retryDelayMs } from "./claims.js";
import { enqueueMail } from "./enqueue.js";
import { CONTEXT, UNSUBSCRIBE_SECRET, outboxDatabase, recordingLogger, smtpMailer, startSmtp, type OutboxWorld } from "./outbox.fixtures.js";
import type { Outbox } from "./worker.js";

const HOUR = 3_600_000;
const hasRedis = await redisForTests("the BullMQ outbox tests");

/** Polls an async check until it holds (a mail arriving, a row changing); fails after `ms`. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(hasRedis)("the outbox on BullMQ", () => {
  let world: OutboxWorld;
  let prefix: string;
  let queue: Queue;
  const started: Outbox[] = [];

  beforeAll(async () => {
    world = await outboxDatabase();
  });
  afterAll(async () => {
    await world.close();
  });
  afterEach(async () => {
    for (const outbox of started.splice(0)) await outbox.stop();
    await queue.close();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await world.database.db.deleteFrom("outbox").execute();
  });

  /** One instance of the site: its own database connection, relay and BullMQ worker. */
  function instance(mailer: Mailer, now?: () => Date): Outbox {
    const outbox = createBullmqOutbox({
      database: world.open(),
      mailer,
      logger: recordingLogger().logger,
      context: CONTEXT,
      unsubscribeSecret: UNSUBSCRIBE_SECRET,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: prefix,
      now,
      pollMs: HOUR,
    });
    started.push(outbox);
    return outbox;
  }

  function freshQueue() {
    prefix = `maybe-test-${randomBytes(4).toString("hex")}:`;
    queue = new Queue(QUEUE_NAME, { connection: new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null }), prefix: `${prefix}bull` });
  }

  const queueIsEmpty = async () => {
    const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
    return Object.values(counts).every((n) => n === 0);
  };
  const unsent = async () => (await world.database.db.selectFrom("outbox").select("id").where("sent_at", "is", null).execute()).length;

  it("two instances deliver every message exactly once", async () => {
    freshQueue();
    const smtp = await startSmtp();
    try {
      const logger = recordingLogger().logger;
      const a = instance(smtpMailer(smtp, logger));
      const b = instance(smtpMailer(smtp, logger));
      const count = 30;
      for (let i = 0; i < count; i++) {
        await enqueueMail(world.database.db, { template: "password-changed", to: `queued${i}@example.com`, props: { name: `Reader ${i}` } });
      }
      a.wake();
      b.wake();
      await eventually(async () => (await unsent()) === 0 && (await queueIsEmpty()), "every message sent and the queue empty");
      expect(smtp.inbox).toHaveLength(count);
      expect(new Set(smtp.inbox.map((m) => m.to[0])).size).toBe(count);
      // Nothing left to relay.
      expect((await a.drain()) + (await b.drain())).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it("a job run twice (a stalled worker's job run again) sends its message once", async () => {
    freshQueue();
    const smtp = await startSmtp();
    try {
      const a = instance(smtpMailer(smtp, recordingLogger().logger));
      await a.drain();
      await enqueueMail(world.database.db, { template: "password-changed", to: "twice@example.com", props: { name: "Ada" } });
      // Relayed by hand, so the same job can be added twice under two ids.
      const claim = await claimNext(world.database, new Date(), RELAY_LEASE_MS);
      const data = { id: claim!.row.id, token: claim!.token };
      await queue.add("mail", data, { jobId: `${claim!.row.id}-first`, removeOnComplete: true });
      await queue.add("mail", data, { jobId: `${claim!.row.id}-again`, removeOnComplete: true });
      await eventually(async () => (await unsent()) === 0 && (await queueIsEmpty()), "the message sent and both jobs done");
      expect(smtp.inbox.map((m) => m.to)).toEqual([["twice@example.com"]]);
    } finally {
      await smtp.close();
    }
  });

  it("a row whose relay died before queueing it is relayed again once the relay's lease has passed", async () => {
    freshQueue();
    const smtp = await startSmtp();
    try {
      let at = new Date("2026-03-01T12:00:00.000Z").getTime();
      const a = instance(smtpMailer(smtp, recordingLogger().logger), () => new Date(at));
      await a.drain();
      await enqueueMail(world.database.db, { template: "password-changed", to: "lost@example.com", props: { name: "Ada" } }, new Date(at));
      // The dead relay's claim: no job was ever added.
      expect(await claimNext(world.open(), new Date(at), RELAY_LEASE_MS)).toBeDefined();
      at += RELAY_LEASE_MS - 1;
      expect(await a.drain()).toBe(0);
      at += 1;
      expect(await a.drain()).toBe(1);
      await eventually(async () => (await unsent()) === 0 && (await queueIsEmpty()), "the message sent");
      expect(smtp.inbox.map((m) => m.to)).toEqual([["lost@example.com"]]);
    } finally {
      await smtp.close();
    }
  });

  it("a refused message is recorded on its row and relayed again when it is due", async () => {
    freshQueue();
    const smtp = await startSmtp({ refuse: true });
    try {
      let at = new Date("2026-03-01T12:00:00.000Z").getTime();
      const a = instance(smtpMailer(smtp, recordingLogger().logger), () => new Date(at));
      await a.drain();
      await enqueueMail(world.database.db, { template: "password-changed", to: "refused@example.com", props: { name: "Ada" } }, new Date(at));
      const attempts = async () => (await world.database.db.selectFrom("outbox").select("attempts").executeTakeFirstOrThrow()).attempts;
      expect(await a.drain()).toBe(1);
      await eventually(async () => (await attempts()) === 1 && (await queueIsEmpty()), "the first attempt recorded");
      // Not due yet: nothing to relay.
      expect(await a.drain()).toBe(0);
      at += retryDelayMs(1);
      expect(await a.drain()).toBe(1);
      await eventually(async () => (await attempts()) === 2 && (await queueIsEmpty()), "the second attempt recorded");
      const row = await world.database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
      expect(row.last_error).toMatch(/Mailbox unavailable/);
      expect(row.sent_at).toBeNull();
      expect(new Date(row.available_at).getTime()).toBe(at + retryDelayMs(2));
    } finally {
      await smtp.close();
    }
  });
});
