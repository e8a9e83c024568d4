/**
 * Redis calls on a request's path (rate limits, sessions) must not wait out ioredis's reconnect
 * back-off, which grows to seconds per command during an outage. While the client is known to be
 * disconnected they fail at once; otherwise they fail after a short deadline. Callers decide what
 * a failure means (fall back to the database, or refuse) — see decision 0010.
 */
import type { Redis } from "./redis.js";

export class RedisUnavailableError extends Error {}

/** Statuses in which ioredis has lost its connection and is waiting to retry. */
const DISCONNECTED = new Set(["reconnecting", "close", "end"]);

/** False while ioredis knows it is cut off from Redis (between reconnect attempts). */
export function redisConnected(redis: Redis): boolean {
  return !DISCONNECTED.has(redis.status);
}

export async function guarded<T>(redis: Redis, run: () => Promise<T>, deadlineMs = 1_000): Promise<T> {
  if (!redisConnected(redis)) throw new RedisUnavailableError(`redis is ${redis.status}`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`redis did not answer within ${deadlineMs} ms`)), deadlineMs);
  });
  try {
    return await Promise.race([run(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
