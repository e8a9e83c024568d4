/**
 * Fixed-window counters shared by every app instance: in Redis when REDIS_URL is set, otherwise in
 * the database. One interface, two implementations, chosen in `createRateLimiter` only.
 *
 * Keys are always `limitKey(...)`: a namespace plus a hash of the parts, so whatever a client
 * sends (a 70 KB "email", a forged X-Forwarded-For) costs the same few bytes of storage.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import type { Redis } from "./redis.js";
import { guarded } from "./redis-guard.js";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one event against `key`; allowed while the window's count stays within `max`. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Gives back one counted event (a reserved slot that turned out not to count). */
  undo(key: string): Promise<void>;
}

/** A bounded storage key: `namespace:` and 32 characters of SHA-256 over the parts. */
export function limitKey(namespace: string, ...parts: string[]): string {
  const digest = createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 32);
  return `${namespace}:${digest}`;
}

const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** One statement per hit: insert the window, or bump it, or restart an expired one. */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(private readonly database: Db) {}

  async hit(key: string, max: number, windowSeconds: number, now = Date.now()): Promise<RateLimitResult> {
    const resetAt = now + windowSeconds * 1000;
    const row = await this.database.db
      .insertInto("rate_limit")
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when rate_limit.reset_at <= ${now} then 1 else rate_limit.count + 1 end`,
          reset_at: sql<number>`case when rate_limit.reset_at <= ${now} then ${resetAt} else rate_limit.reset_at end`,
        }),
      )
      .returning(["count", "reset_at"])
      .executeTakeFirstOrThrow();
    return { allowed: Number(row.count) <= max, retryAfterSeconds: retryAfter(Number(row.reset_at), now) };
  }

  async undo(key: string): Promise<void> {
    await this.database.db
      .updateTable("rate_limit")
      .set({ count: sql<number>`count - 1` })
      .where("key", "=", key)
      .where("count", ">", 0)
      .execute();
  }
}

/** Expired windows are dead weight; dropped now and then rather than on every hit. */
export async function purgeExpired(database: Db, now = Date.now()): Promise<void> {
  await database.db.deleteFrom("rate_limit").where("reset_at", "<=", now).execute();
}

// INCR and the expiry in one script, so no instance can see a counter without a window
// (a crash between two commands would otherwise leave a key that never expires).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const UNDO_SCRIPT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/** Counters in Redis under `prefix`; Redis drops each with its window (PEXPIRE), no purge needed. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    const [count, ttlMs] = (await guarded(this.redis, () =>
      this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowSeconds * 1000),
    )) as [number, number];
    return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  async undo(key: string): Promise<void> {
    await guarded(this.redis, () => this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key));
  }
}

/**
 * Redis first; while Redis cannot answer, the database (which every instance shares too), so an
 * outage neither refuses every sign-in nor lets attempts through uncounted (decision 0010).
 */
export class FallbackRateLimiter implements RateLimiter {
  constructor(
    private readonly primary: RateLimiter,
    private readonly fallback: RateLimiter,
    private readonly logger: Logger,
  ) {}

  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.primary.hit(key, max, windowSeconds).catch((error: unknown) => {
      this.logger.warn({ err: error }, "rate limiter: redis unavailable, counting in the database");
      return this.fallback.hit(key, max, windowSeconds);
    });
  }

  undo(key: string): Promise<void> {
    return this.primary.undo(key).catch(() => this.fallback.undo(key));
  }
}

interface LimiterDeps {
  database: Db;
  redis?: Redis;
  logger: Logger;
  config: { redisKeyPrefix: string };
}

const limiters = new WeakMap<LimiterDeps, RateLimiter>();

/** The one place that decides where counters live; one limiter per app (per deps object). */
export function rateLimiterFor(deps: LimiterDeps): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    const database = new DatabaseRateLimiter(deps.database);
    limiter = deps.redis
      ? new FallbackRateLimiter(new RedisRateLimiter(deps.redis, `${deps.config.redisKeyPrefix}rl:`), database, deps.logger)
      : database;
    limiters.set(deps, limiter);
  }
  return limiter;
}
