/**
 * The back office's view of the outbox (issue 32, docs/decisions/0030): counts, the e-mails given
 * up after their last attempt (`failed_at`, the dead letters), and sending one again: its attempts
 * start over and it is due at once, with the retry in the audit log in the same transaction.
 */
import type { MailOverview } from "../../../../common/api/admin-mail.js";
import type { Db } from "../../../db/client.js";
import { toIso, writeTransaction } from "../../../db/dialect.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

export async function mailOverview(database: Db): Promise<MailOverview> {
  const { db } = database;
  const count = async (failed: boolean) =>
    Number(
      (
        await db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("sent_at", "is", null)
          .where("failed_at", failed ? "is not" : "is", null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [queued, failed, rows] = await Promise.all([
    count(false),
    count(true),
    db
      .selectFrom("outbox")
      .select(["id", "template", "recipient", "attempts", "last_error", "created_at", "failed_at"])
      .where("failed_at", "is not", null)
      .where("sent_at", "is", null)
      .orderBy("failed_at", "desc")
      .orderBy("id")
      .limit(100)
      .execute(),
  ]);
  return {
    queued,
    failed,
    items: rows.map((r) => ({ ...r, created_at: toIso(r.created_at)!, failed_at: toIso(r.failed_at)! })),
  };
}

/** Queues a given-up e-mail again; undefined when there is none with this id (or it was retried already). */
export async function retryMail(database: Db, id: string, actor: AuditActor, now: Date) {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await trx
      .updateTable("outbox")
      .set({ failed_at: null, attempts: 0, claimed_until: null, available_at: now.toISOString() })
      .where("id", "=", id)
      .where("failed_at", "is not", null)
      .where("sent_at", "is", null)
      .returning(["id", "template", "recipient", "attempts", "last_error"])
      .executeTakeFirst();
    if (!row) return undefined;
    await recordAudit(
      trx,
      { actor, action: "mail.retry", target: { kind: "mail", id }, before: { failed: true }, after: { failed: false }, note: row.last_error ?? undefined },
      now,
    );
    return { id: row.id, template: row.template, recipient: row.recipient };
  });
}
