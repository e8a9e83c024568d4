/**
 * Follows (issue 32, docs/decisions/0029). Frozen once landed.
 * - `follow`: a fan's account follows a creator, once; gone with either. The creator page's
 *   follower count is counted from these rows (an index from the creator), so it cannot drift
 *   under races the way a stored counter can.
 */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const now = dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("follow")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("creator_id", "text", (c) => c.notNull().references("creator.id").onDelete("cascade"))
    .addColumn("created_at", timestampType(dialect), (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("follow_pk", ["user_id", "creator_id"])
    .execute();
  // The follower count, and (later) the fan-out from a creator to their followers.
  await db.schema.createIndex("follow_creator_idx").on("follow").columns(["creator_id", "user_id"]).execute();
}
