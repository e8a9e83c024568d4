/**
 * The optional shared Redis (REDIS_URL). Several app instances behind one load balancer share
 * through it what must agree across them: sessions, rate-limit counters and cache invalidation.
 * Without REDIS_URL a single instance keeps those in its database and in memory.
 */
import type { Redis } from "ioredis";
import type { Logger } from "pino";

export type { Redis };

/** ioredis is loaded only when REDIS_URL is set, not at every start-up (docs/performance.md, "start-up"). */
export async function createRedis(url: string, logger: Logger): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    // Commands wait for a reconnect instead of piling up forever; callers decide what a failure means.
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    enableOfflineQueue: true,
  });
  // An unreachable Redis is logged, not an unhandled 'error' event that ends the process.
  client.on("error", (error: Error) => logger.warn({ err: error }, "redis error"));
  return client;
}
