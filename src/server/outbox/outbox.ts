/** The outbox's sender for this instance, as QUEUE says (docs/decisions/0020). */
import type { Logger } from "pino";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Mailer } from "../lib/mailer.js";
import { createOutboxWorker, type Outbox } from "./worker.js";

export type { Outbox };

/** BullMQ (and ioredis) load only when QUEUE=bullmq, not at every start-up (docs/performance.md, "start-up"). */
export async function createOutbox(
  config: Pick<Config, "queue" | "redisUrl" | "redisKeyPrefix" | "publicUrl" | "contactEmail" | "authSecret" | "mailRatePerSecond">,
  deps: { database: Db; mailer: Mailer; logger: Logger; now?: () => Date },
): Promise<Outbox> {
  const context = { publicUrl: config.publicUrl, contactEmail: config.contactEmail };
  const sending = { unsubscribeSecret: config.authSecret, ratePerSecond: config.mailRatePerSecond };
  if (config.queue === "bullmq") {
    if (!config.redisUrl) throw new Error("QUEUE=bullmq needs REDIS_URL");
    const { createBullmqOutbox } = await import("./bullmq.js");
    return createBullmqOutbox({ ...deps, ...sending, context, redisUrl: config.redisUrl, redisKeyPrefix: config.redisKeyPrefix });
  }
  return createOutboxWorker({ ...deps, ...sending, context });
}
