/** QUEUE=bullmq with Redis unreachable: the relay gives the row back and stays usable. */
import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBullmqOutbox } from "./bullmq.js";
import { enqueueMail } from "./enqueue.js";
import { CONTEXT, UNSUBSCRIBE_SECRET, outboxDatabase, recordingLogger, type OutboxWorld } from "./outbox.fixtures.js";
import { createMailer } from "../lib/mailer.js";

let world: OutboxWorld;
beforeAll(async () => {
  world = await outboxDatabase();
});
afterAll(async () => {
  await world.close();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it("a relay that cannot reach Redis gives the row back at once, unsent, and stops", async () => {
  const { logger } = recordingLogger();
  await enqueueMail(world.database.db, { template: "password-changed", to: "later@example.com", props: { name: "Ada" } });
  const outbox = createBullmqOutbox({
    database: world.database,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: "m@maybe.test", isProduction: false }, logger),
    logger,
    context: CONTEXT,
    unsubscribeSecret: UNSUBSCRIBE_SECRET,
    redisUrl: `redis://127.0.0.1:${await closedPort()}`,
    redisKeyPrefix: "maybe-down:",
    pollMs: 3_600_000,
  });
  try {
    await expect(outbox.drain()).rejects.toThrow();
    const row = await world.database.db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(row.claimed_until).toBeNull();
    expect(row.sent_at).toBeNull();
  } finally {
    await outbox.stop();
  }
});
