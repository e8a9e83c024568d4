/**
 * Fixed-window counters shared by every app instance: in Redis when REDIS_URL is set, otherwise in
 * the database (db/rate-limit-store.ts). One interface; bootstrap.ts chooses the implementation.
 *
 * Keys are always `limitKey(...)`: a namespace plus a hash of the parts, so whatever a client
 * sends (a 70 KB "email", a forged X-Forwarded-For) costs the same few bytes of storage.
 */
import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Redis } from "./redis.js";
import { guarded } from "./redis-guard.js";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * `Tx` is the database transaction hitWithin() may count in (the app's Kysely transaction; this
 * bottom layer does not know the database's types).
 */
export interface RateLimiter<Tx = unknown> {
  /** Counts one event against `key`; allowed while the window's count stays within `max`. */
  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * hit(), from inside the caller's write transaction `tx`: where the counters are that same
   * database's, the count is one more statement of it, so the write the limit guards and its count
   * commit together (one commit on disk, not one each) and a write the transaction then refuses
   * takes its count back with it. Counters in Redis count as hit() does.
   */
  hitWithin(tx: Tx, key: string, max: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Gives back one counted event (a reserved slot that turned out not to count). */
  undo(key: string): Promise<void>;
}

/** A bounded storage key: `namespace:` and 32 characters of SHA-256 over the parts. */
export function limitKey(namespace: string, ...parts: string[]): string {
  const digest = createHash("sha256").update(parts.join("\n")).digest("base64url").slice(0, 32);
  return `${namespace}:${digest}`;
}

export const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

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
export class RedisRateLimiter implements RateLimiter<unknown> {
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

  hitWithin(_tx: unknown, key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.hit(key, max, windowSeconds);
  }

  async undo(key: string): Promise<void> {
    await guarded(this.redis, () => this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key));
  }
}

/**
 * Redis first; while Redis cannot answer, the database (which every instance shares too), so an
 * outage neither refuses every sign-in nor lets attempts through uncounted (decision 0010).
 */
export class FallbackRateLimiter<Tx> implements RateLimiter<Tx> {
  constructor(
    private readonly primary: RateLimiter<Tx>,
    private readonly fallback: RateLimiter<Tx>,
    private readonly logger: Logger,
  ) {}

  hit(key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.primary.hit(key, max, windowSeconds).catch((error: unknown) => {
      this.logger.warn({ err: error }, "rate limiter: redis unavailable, counting in the database");
      return this.fallback.hit(key, max, windowSeconds);
    });
  }

  hitWithin(tx: Tx, key: string, max: number, windowSeconds: number): Promise<RateLimitResult> {
    return this.primary.hitWithin(tx, key, max, windowSeconds).catch((error: unknown) => {
      this.logger.warn({ err: error }, "rate limiter: redis unavailable, counting in the database");
      return this.fallback.hitWithin(tx, key, max, windowSeconds);
    });
  }

  undo(key: string): Promise<void> {
    return this.primary.undo(key).catch(() => this.fallback.undo(key));
  }
}
