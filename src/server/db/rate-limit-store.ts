/** Rate-limit counters in the database's `rate_limit` table: the store when no Redis is configured, and Redis's fallback. */
import { sql, type Kysely } from "kysely";
import { retryAfter, type RateLimiter, type RateLimitResult } from "../lib/rate-limit.js";
import type { Db } from "./client.js";
import type { Database } from "./types.js";

/** One statement per hit: insert the window, or bump it, or restart an expired one. */
export class DatabaseRateLimiter implements RateLimiter<Kysely<Database>> {
  constructor(private readonly database: Db) {}

  hit(key: string, max: number, windowSeconds: number, now = Date.now()): Promise<RateLimitResult> {
    return this.hitWithin(this.database.db, key, max, windowSeconds, now);
  }

  /** The same statement on the caller's transaction (RateLimiter.hitWithin). */
  async hitWithin(tx: Kysely<Database>, key: string, max: number, windowSeconds: number, now = Date.now()): Promise<RateLimitResult> {
    const resetAt = now + windowSeconds * 1000;
    const row = await tx
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
