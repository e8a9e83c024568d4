/**
 * Indexes for what curation (docs/decisions/0019) asks of every public read. Frozen once landed.
 * - creator_public_idx: only creators neither hidden nor suspended are public, so the directory's
 *   count and its list of cities read past the others; this index holds just the public ones with
 *   the columns those two read, so both stay answers of one index (as creator_city_idx made them
 *   before curation) instead of a visit to every creator's row.
 * - creator_suspended_idx: the few suspended creators, whose stories and products every public
 *   read leaves out; PostgreSQL gets the set from this index instead of scanning every creator.
 */
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // The WHERE is written as db/visibility.ts publicCreator() writes it, so both databases see that a
  // query of public creators may use the index.
  await sql`create index creator_public_idx on creator (approved, city) where hidden_at is null and suspended_at is null`.execute(db);
  await sql`create index creator_suspended_idx on creator (id) where suspended_at is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("creator_suspended_idx").ifExists().execute();
  await db.schema.dropIndex("creator_public_idx").ifExists().execute();
}
