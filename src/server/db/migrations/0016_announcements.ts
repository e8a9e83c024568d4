/**
 * Announcements to followers (issue 32, docs/decisions/0030). Frozen once landed.
 * - `announcement`: one row per thing followers hear of (a story published, a drop opening, a
 *   week's digest), written in the change's own transaction; never one row per follower there.
 *   The outbox worker expands it into e-mails in batches of followers ordered by user id, and
 *   `cursor` (the last user id done) is written with each batch's e-mails, so a restart resumes
 *   where it stopped. `key` makes each thing announced once (`story:<id>`, `drop:<id>`,
 *   `digest:<week>`). `claimed_until` is a lease like the outbox's; `done_at` ends it.
 * - `user.follow_mail`: how the account hears of new work by creators it follows:
 *   `instant` (the default), `weekly` (a digest on Mondays) or `never`.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const ts = timestampType(dialect);
  await db.schema
    .createTable("announcement")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("creator_id", "text", (c) => c.references("creator.id").onDelete("cascade"))
    .addColumn("subject_id", "text")
    .addColumn("created_at", ts, (c) => c.notNull())
    .addColumn("available_at", ts, (c) => c.notNull())
    .addColumn("cursor", "text")
    .addColumn("claimed_until", ts)
    .addColumn("done_at", ts)
    .addColumn("mail_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The worker's look for due work, and the digest's look back over a week.
  await db.schema.createIndex("announcement_due_idx").on("announcement").columns(["done_at", "available_at"]).execute();
  await db.schema.createIndex("announcement_creator_idx").on("announcement").columns(["creator_id", "available_at"]).execute();
  await db.schema
    .alterTable("user")
    .addColumn("follow_mail", "text", (c) => c.notNull().defaultTo(sql`'instant'`))
    .execute();
}
