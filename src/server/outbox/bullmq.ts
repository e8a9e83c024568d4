/**
 * The outbox on BullMQ (QUEUE=bullmq, for several instances; docs/decisions/0020). Messages are
 * still rows written in the change's transaction; BullMQ only carries them to a sender:
 *
 * - the relay (on every instance, polling and woken like the database worker) claims due rows
 *   and adds a job for each with jobId = the row's id, so a row already queued is not queued
 *   again, and the claim's token in the job;
 * - a BullMQ worker on every instance takes the job, takes the row over with that token
 *   (outbox/claims.ts claimRelayed: a job run twice finds the token gone and sends nothing),
 *   sends it, and marks it sent with a conditional update.
 *
 * Retries stay the outbox's own: a failed send is recorded on the row (its next time, or given
 * up) and the job ends; the relay queues the row again when it is due. Jobs are removed when
 * they end, which frees their id for that next time.
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import type { MailContext } from "../emails/catalog.js";
import type { Mailer } from "../lib/mailer.js";
import { announcementExpander } from "./announcements/expander.js";
import { claimNext, claimRelayed, release } from "./claims.js";
import { deliver } from "./deliver.js";
import { passRunner, POLL_MS, retentionPurge, type Outbox } from "./worker.js";

export const QUEUE_NAME = "outbox";
/**
 * How long a relayed row waits for a BullMQ worker before the relay may queue it again: a
 * backlog longer than this only delays it (its job id is still taken), it never sends it twice.
 */
export const RELAY_LEASE_MS = 5 * 60_000;

interface OutboxJob {
  id: string;
  token: string;
}

export interface BullmqOutboxOptions {
  database: Db;
  mailer: Mailer;
  logger: Logger;
  context: MailContext;
  redisUrl: string;
  /** The site's Redis namespace (REDIS_KEY_PREFIX); BullMQ's keys go under `<prefix>bull`. */
  redisKeyPrefix: string;
  now?: () => Date;
  pollMs?: number;
  retentionDays?: number;
  /** Jobs one instance sends at once. */
  concurrency?: number;
  /** Signs unsubscribe links (the site's secret; emails/unsubscribe.ts). */
  unsubscribeSecret: string;
  /** E-mails all instances together send per second at most (BullMQ's queue limiter); absent: no limit. */
  ratePerSecond?: number;
}

/**
 * The worker's connection waits for Redis instead of failing commands (BullMQ requires it of
 * blocking connections); the queue's fails an add after a couple of reconnection attempts, so a
 * relay pass gives its row back and ends instead of hanging while Redis is away.
 */
function connect(url: string, logger: Logger, blocking: boolean): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: blocking ? null : 2 });
  client.on("error", (error: Error) => logger.warn({ err: error }, "redis error (outbox queue)"));
  return client;
}

export function createBullmqOutbox(options: BullmqOutboxOptions): Outbox {
  const { database, logger, now = () => new Date(), pollMs = POLL_MS } = options;
  const prefix = `${options.redisKeyPrefix}bull`;
  const deps = { database, mailer: options.mailer, logger, context: options.context, now, unsubscribeSecret: options.unsubscribeSecret };
  const queueConnection = connect(options.redisUrl, logger, false);
  const workerConnection = connect(options.redisUrl, logger, true);
  // Fail fast instead of waiting for a connection that may not come (see connect()).
  const queue = new Queue<OutboxJob>(QUEUE_NAME, { connection: queueConnection, prefix, skipWaitingForReady: true });
  queue.on("error", (error: Error) => logger.warn({ err: error }, "outbox queue error"));

  const worker = new Worker<OutboxJob>(
    QUEUE_NAME,
    async (job) => {
      const claim = await claimRelayed(database, job.data.id, job.data.token, now());
      if (!claim) return false;
      return deliver(deps, claim.row, claim.token);
    },
    {
      connection: workerConnection,
      prefix,
      concurrency: options.concurrency ?? 4,
      ...(options.ratePerSecond ? { limiter: { max: options.ratePerSecond, duration: 1_000 } } : {}),
    },
  );
  worker.on("error", (error: Error) => logger.warn({ err: error }, "outbox worker error"));

  const purge = retentionPurge({ database, logger, now, retentionDays: options.retentionDays });
  const expander = announcementExpander({ database, context: options.context, now });
  const relay = passRunner(
    async (stopping) => {
      let relayed = 0;
      // As the database worker's pass: a failed expansion must not hold back the relay.
      await expander.expandDue(stopping).catch((error: unknown) => logger.warn({ err: error }, "announcements not expanded"));
      while (!stopping()) {
        const claim = await claimNext(database, now(), RELAY_LEASE_MS);
        if (!claim) break;
        try {
          await queue.add("mail", { id: claim.row.id, token: claim.token }, { jobId: claim.row.id, removeOnComplete: true, removeOnFail: true });
        } catch (error) {
          // Redis unreachable: the row goes back at once, for the next pass.
          await release(database, claim.row.id, claim.token);
          throw error;
        }
        relayed++;
      }
      await purge();
      return relayed;
    },
    { logger, pollMs },
  );
  relay.start();

  return {
    wake: relay.wake,
    /** Relays everything due now into the queue; the BullMQ workers send it. */
    drain: relay.drain,
    async stop() {
      await relay.stop();
      // Redis away: no job can be completed in it, and BullMQ's close would wait for it forever.
      const reachable = workerConnection.status === "ready" && queueConnection.status === "ready";
      if (!reachable) {
        queueConnection.disconnect();
        workerConnection.disconnect();
      }
      // Otherwise waits for the jobs this instance is sending.
      await worker.close(!reachable);
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
