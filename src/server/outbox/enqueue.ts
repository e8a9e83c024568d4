/**
 * Writes an e-mail into the outbox inside the caller's transaction (docs/decisions/0020): the
 * message exists exactly when the change it tells of was committed. The outbox worker
 * (outbox/worker.ts) renders and sends it after the commit, retrying with a growing delay.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/types.js";
import type { MailTemplateName, MailTemplates } from "../emails/catalog.js";

export interface OutboxMail<T extends MailTemplateName> {
  template: T;
  to: string;
  props: MailTemplates[T];
  /** The account the message is about (export and deletion find it by this). */
  userId?: string | null;
  /** A second enqueue with the same key is ignored (one message per event). */
  dedupeKey?: string;
}

export async function enqueueMail<T extends MailTemplateName>(db: Kysely<Database>, mail: OutboxMail<T>, now = new Date()): Promise<void> {
  await enqueueMails(db, [mail], now);
}

/** Several messages in one statement (a checkout's confirmation and invoice): one round trip inside a transaction that holds locks. */
export async function enqueueMails(db: Kysely<Database>, mails: readonly OutboxMail<MailTemplateName>[], now = new Date()): Promise<void> {
  if (mails.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto("outbox")
    .values(
      mails.map((mail) => ({
        id: randomUUID(),
        kind: "mail",
        template: mail.template,
        recipient: mail.to,
        payload: JSON.stringify(mail.props),
        user_id: mail.userId ?? null,
        dedupe_key: mail.dedupeKey ?? null,
        created_at: at,
        available_at: at,
      })),
    )
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}
