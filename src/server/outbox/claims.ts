/**
 * The outbox's rows as the senders see them (docs/decisions/0020). Every change of a row's state
 * is one conditional statement whose row count says whether it happened, so two workers, in one
 * process or on two instances, never hold one row at once.
 *
 * A claim sets `claimed_until` (a lease). The lease is longer than the transport's own timeouts
 * (lib/mailer.ts), so a live worker finishes or gives up before anyone else may take the row; a
 * worker that died lets it go when its lease passes. The lease's value doubles as the claim's
 * token: only its holder records a failure.
 */
import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { Db } from "../db/client.js";
import type { Database, OutboxTable } from "../db/types.js";

export type OutboxRow = Selectable<OutboxTable>;

/** How long a claim holds a row: above the SMTP transport's worst case (10 + 10 + 20 s). */
export const SEND_LEASE_MS = 60_000;
/** Attempts before a message is given up (failed_at set); the delays add up to about four hours. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;

/** The wait before attempt `attempts + 1`, after `attempts` failures: 30 s, 1 min, 2 min, … capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

const iso = (at: Date) => at.toISOString();

/** Not sent, not given up, due, and held by nobody (or by a claim that ran out). */
function claimable(at: string) {
  return (eb: ExpressionBuilder<Database, "outbox">) =>
    eb.and([
      eb("sent_at", "is", null),
      eb("failed_at", "is", null),
      eb("available_at", "<=", at),
      eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]),
    ]);
}

/**
 * Claims the oldest due row until `now + leaseMs`, or returns undefined when none is due. On
 * PostgreSQL the candidate is picked with SKIP LOCKED, so racing workers take different rows
 * instead of queueing on one; the outer conditions are checked again on the row itself, which is
 * what makes the claim safe on either database.
 */
export async function claimNext(database: Db, now: Date, leaseMs = SEND_LEASE_MS): Promise<{ row: OutboxRow; token: string } | undefined> {
  const at = iso(now);
  const token = iso(new Date(now.getTime() + leaseMs));
  const { db } = database;
  let candidate = db.selectFrom("outbox").select("id").where(claimable(at)).orderBy("available_at").orderBy("id").limit(1);
  if (database.dialect === "postgres") candidate = candidate.forUpdate().skipLocked();
  const row = await db
    .updateTable("outbox")
    .set({ claimed_until: token })
    // `=`, not `in`: PostgreSQL runs a scalar subquery once (an InitPlan), while `in` may run it
    // again for each row it scans, each time skipping other locked rows, claiming several.
    .where("id", "=", candidate)
    .where(claimable(at))
    .returningAll()
    .executeTakeFirst();
  return row && { row, token };
}

/**
 * Takes over a row a relay claimed with `token` (outbox/bullmq.ts): only the first job that
 * presents the token gets it, so a job BullMQ runs twice (a stalled worker) sends once.
 */
export async function claimRelayed(database: Db, id: string, token: string, now: Date, leaseMs = SEND_LEASE_MS): Promise<{ row: OutboxRow; token: string } | undefined> {
  const next = iso(new Date(now.getTime() + leaseMs));
  const row = await database.db
    .updateTable("outbox")
    .set({ claimed_until: next })
    .where("id", "=", id)
    .where("claimed_until", "=", token)
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  return row && { row, token: next };
}

/** Gives a claimed row back at once (a relay that could not queue it). */
export async function release(database: Db, id: string, token: string): Promise<void> {
  await database.db.updateTable("outbox").set({ claimed_until: null }).where("id", "=", id).where("claimed_until", "=", token).execute();
}

/** Records the send; false when the row was already marked sent (which then was a second send). */
export async function markSent(database: Db, id: string, now: Date): Promise<boolean> {
  const result = await database.db
    .updateTable("outbox")
    .set({ sent_at: iso(now), claimed_until: null, last_error: null })
    .where("id", "=", id)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt by the claim's holder: the row becomes due again after the next
 * delay, or is given up after MAX_ATTEMPTS. Returns what happened, or undefined when the claim was
 * no longer this worker's.
 */
export async function markFailed(database: Db, row: OutboxRow, token: string, error: string, now: Date): Promise<"retry" | "gave-up" | undefined> {
  const attempts = row.attempts + 1;
  const gaveUp = attempts >= MAX_ATTEMPTS;
  const result = await database.db
    .updateTable("outbox")
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 1_000),
      claimed_until: null,
      ...(gaveUp ? { failed_at: iso(now) } : { available_at: iso(new Date(now.getTime() + retryDelayMs(attempts))) }),
    })
    .where("id", "=", row.id)
    .where("claimed_until", "=", token)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return gaveUp ? "gave-up" : "retry";
}

/** Deletes messages sent (or given up) before `before`: the outbox is not an archive of mail. */
export async function purgeOld(database: Db, before: Date): Promise<number> {
  const at = iso(before);
  const result = await database.db
    .deleteFrom("outbox")
    .where((eb) => eb.or([eb("sent_at", "<", at), eb("failed_at", "<", at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
