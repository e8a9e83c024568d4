/**
 * What every kind of announcement shares when it is expanded: the recipients' e-mails written a
 * batch at a time, then the announcement's cursor, under the claim the expander took.
 */
import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db } from "../../db/client.js";
import type { AnnouncementTable } from "../../db/types.js";
import type { MailTemplateName, MailTemplates } from "../../emails/catalog.js";

/** Recipients written per batch. */
export const FANOUT_BATCH = 500;

export type Announcement = Selectable<AnnouncementTable>;

export interface Recipient {
  /** The account's id; null for an address without one (a footer sign-up of the newsletter). */
  id: string | null;
  email: string;
  name: string;
}

export interface Mail<T extends MailTemplateName = MailTemplateName> {
  user: Recipient;
  template: T;
  props: MailTemplates[T];
  /** Once per this key; by default once per announcement and reader. */
  dedupeKey?: string;
  /** What it is counted under (outbox.topic: `newsletter:<issue>`), for a progress view. */
  topic?: string;
}

/**
 * Writes one batch: its e-mails go into the outbox, then the announcement moves on to `cursor`
 * (done when the batch was the last) while the claim is still this worker's. Two statements, not
 * one transaction: the e-mails' dedupe keys make writing a batch twice harmless (a worker that
 * died between the two, or lost its claim, leaves rows its successor's insert skips), and no
 * transaction is held open across awaits (on SQLite another connection in the process would wait
 * on it synchronously). Returns false when the claim was lost.
 */
export async function writeBatch(
  database: Db,
  row: Announcement,
  token: string,
  batch: { cursor: string | null; last: boolean; mails: Mail[] },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  let written = 0;
  if (batch.mails.length > 0) {
    const inserted = await database.db
      .insertInto("outbox")
      .values(
        batch.mails.map((mail) => ({
          id: randomUUID(),
          kind: "mail" as const,
          template: mail.template,
          recipient: mail.user.email,
          payload: JSON.stringify(mail.props),
          user_id: mail.user.id,
          dedupe_key: mail.dedupeKey ?? `ann:${row.id}:${mail.user.id ?? mail.user.email}`,
          topic: mail.topic ?? null,
          created_at: at,
          available_at: at,
        })),
      )
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .executeTakeFirst();
    written = Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  const moved = await database.db
    .updateTable("announcement")
    .set({
      cursor: batch.cursor,
      mail_count: sql<number>`mail_count + ${written}`,
      claimed_until: null,
      ...(batch.last ? { done_at: at } : {}),
    })
    .where("id", "=", row.id)
    .where("claimed_until", "=", token)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}


/** An account's name in an e-mail's greeting: its display name, or its username. */
export const recipientName = sql<string>`coalesce(nullif("user".name, ''), "user".username)`;

/** Gives a claimed announcement back until `at` (a drop whose time moved later). */
export async function postpone(database: Db, id: string, token: string, at: Date): Promise<void> {
  await database.db
    .updateTable("announcement")
    .set({ available_at: at.toISOString(), claimed_until: null })
    .where("id", "=", id)
    .where("claimed_until", "=", token)
    .execute();
}
