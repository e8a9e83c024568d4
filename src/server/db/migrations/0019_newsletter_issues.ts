/**
 * The newsletter that is really sent (issue 32, docs/decisions/0031). Frozen once landed.
 * - `newsletter_subscriber.confirmed_at`: the footer's sign-up is double opt-in. A row without it
 *   is waiting for its address to confirm, gets nothing but the confirmation e-mail, and is
 *   forgotten after 7 days. Sign-ups from before were told "You're on the list!" and kept as
 *   confirmed, dated as they were given.
 * - `newsletter_issue`: an issue staff write in Markdown. `send_at` is when it goes (now, or a
 *   scheduled time); null while a draft. Sending is an `announcement` (`newsletter:<id>`) that the
 *   outbox worker expands to the confirmed subscribers in batches, as it does for followers.
 * - `outbox.topic`: what a message was sent for (`newsletter:<id>`), so an issue's progress
 *   (queued, sent, failed) is one indexed count.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema.alterTable("newsletter_subscriber").addColumn("confirmed_at", ts).execute();
  await db.updateTable("newsletter_subscriber").set({ confirmed_at: sql`created_at` }).execute();
  await db.schema
    .createTable("newsletter_issue")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("updated_at", ts, (c) => c.notNull())
    .addColumn("send_at", ts)
    .execute();
  await db.schema.createIndex("newsletter_issue_created_idx").on("newsletter_issue").columns(["created_at", "id"]).execute();
  await db.schema.alterTable("outbox").addColumn("topic", "text").execute();
  await db.schema.createIndex("outbox_topic_idx").on("outbox").columns(["topic"]).execute();
}
