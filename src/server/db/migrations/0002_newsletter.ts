/** Newsletter sign-ups from the footer (DECISIONS.md 6). Frozen once landed. */
import { sql, type Kysely } from "kysely";
import { timestampType, type DialectName } from "../dialect.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const now = dialect === "postgres" ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable("newsletter_subscriber")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("created_at", timestampType(dialect), (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_subscriber").ifExists().execute();
}
