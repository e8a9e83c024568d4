/**
 * The audit log (docs/decisions/0019): one entry per back-office action, written in the same
 * transaction as the change it records, so there is never a change without its entry or an entry
 * without its change. Append-only: nothing here updates or deletes, and the database's triggers
 * (migration 0007) refuse it whatever code tries.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types.js";

/** Who acted: a staff member, or the command line (npm run admin). */
export interface AuditActor {
  id: string;
  email: string;
}
export const CLI_ACTOR: AuditActor = { id: "cli", email: "command line" };

export interface AuditEntry {
  actor: AuditActor;
  /** `<target kind>.<verb>`, e.g. order.ship, product.hide, user.role. */
  action: string;
  target: { kind: string; id: string };
  /** The fields the action changed, as they were and as they are; null when there was no before (a new row). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note?: string;
}

/** Appends one entry; pass the transaction that makes the change. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, now: Date = new Date()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("audit_log")
    .values({
      id,
      created_at: now.toISOString(),
      actor_id: entry.actor.id,
      actor_email: entry.actor.email,
      action: entry.action,
      target_kind: entry.target.kind,
      target_id: entry.target.id,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      note: entry.note ?? "",
    })
    .execute();
  return id;
}
