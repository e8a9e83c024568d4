/**
 * Better Auth's `secondaryStorage` in Redis: sessions are read from Redis first, so every instance
 * sees the same ones without a database round trip. The database stays the source of truth
 * (`storeSessionInDatabase`), which decides how each failure is handled (decision 0010):
 *  - a read that fails is a miss, and Better Auth falls back to the database;
 *  - a write that fails is logged and dropped: the database has the session;
 *  - a delete that fails is logged and dropped too: Better Auth deletes the database row only
 *    after the cached copy, and swallows errors on sign-out, so throwing would leave the session
 *    alive in both. The sign-out route refuses (503) while Redis is known to be down instead, so
 *    a copy left behind takes a failure in the middle of one request.
 */
import type { BetterAuthOptions } from "better-auth";
import type { Logger } from "pino";
import type { Redis } from "./redis.js";
import { guarded } from "./redis-guard.js";

// INCR with the TTL set only when the key is new, as Better Auth's contract asks.
type SecondaryStorage = NonNullable<BetterAuthOptions["secondaryStorage"]>;

const INCREMENT_SCRIPT = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return value`;

export function redisSessionStorage(redis: Redis, prefix: string, logger: Logger): SecondaryStorage {
  const key = (name: string) => prefix + name;
  const call = <T>(run: () => Promise<T>) => guarded(redis, run);
  const missOnError = (operation: string) => (error: unknown) => {
    logger.warn({ err: error, operation }, "session storage: redis unavailable, using the database");
    return null;
  };
  return {
    get: (name) => call(() => redis.get(key(name))).catch(missOnError("get")),
    getAndDelete: (name) => call(() => redis.getdel(key(name))).catch(missOnError("getAndDelete")),
    increment: async (name, ttl) =>
      Number(await call(() => redis.eval(INCREMENT_SCRIPT, 1, key(name), Math.max(1, Math.ceil(ttl))))),
    set: async (name, value, ttl) => {
      const write = () =>
        ttl && ttl > 0 ? redis.set(key(name), value, "EX", Math.ceil(ttl)) : redis.set(key(name), value);
      await call(write).catch(missOnError("set"));
    },
    delete: async (name) => {
      await call(() => redis.del(key(name))).catch((error: unknown) => {
        logger.error({ err: error }, "session storage: could not drop a cached session from redis");
      });
    },
  };
}
