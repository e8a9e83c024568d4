/**
 * Indexes of the creators directory (GET /api/creators, docs/decisions/0006). Frozen once landed.
 *
 * The directory lists approved creators newest first (joined desc, id desc) with keyset paging.
 * - creator_directory_idx: the unfiltered list, the search (walked in order, filtered row by row),
 *   the discipline and story filters (walked in order, each row probed in the link table's primary
 *   key) and the count of approved creators (index only).
 * - creator_city_idx: the city filter (equality first, then the sort key) and the facets' list of
 *   cities present (index only).
 */
import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("creator_directory_idx").on("creator").columns(["approved", "joined", "id"]).execute();
  await db.schema
    .createIndex("creator_city_idx")
    .on("creator")
    .columns(["approved", "city", "joined", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("creator_city_idx").ifExists().execute();
  await db.schema.dropIndex("creator_directory_idx").ifExists().execute();
}
