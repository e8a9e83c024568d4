/**
 * Fixed-window counters kept in the database, so every app instance behind a load balancer
 * shares them. One statement per hit: insert the window, or bump it, or restart an expired one.
 */
import { sql } from "kysely";
import type { Db } from "../db/client.js";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export async function hit(
  database: Db,
  key: string,
  max: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const resetAt = now + windowSeconds * 1000;
  const row = await database.db
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
  const count = Number(row.count);
  return {
    allowed: count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000)),
  };
}

/** Expired windows are dead weight; dropped now and then rather than on every hit. */
export async function purgeExpired(database: Db, now = Date.now()): Promise<void> {
  await database.db.deleteFrom("rate_limit").where("reset_at", "<=", now).execute();
}
