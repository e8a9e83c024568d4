/**
 * A creator's messages to their followers (issue 32, docs/decisions/0030). Frozen once landed.
 * - `creator_message`: what a creator wrote to their followers (Markdown), one row per message,
 *   gone with the creator. It is written with its announcement (`message:<id>`, 0016) in one
 *   transaction; the outbox worker expands that into the followers' e-mails, and the
 *   announcement's `mail_count` and `done_at` say how many went and when, so nothing is counted
 *   twice here. At most one a week per creator: the look back reads the creator's index.
 */
import type { Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("creator_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("creator_id", "text", (c) => c.notNull().references("creator.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", timestampType(dialect), (c) => c.notNull())
    .execute();
  // The studio's list (newest first) and the once-a-week look back at the last message.
  await db.schema.createIndex("creator_message_creator_idx").on("creator_message").columns(["creator_id", "created_at"]).execute();
}
