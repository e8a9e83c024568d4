/**
 * Keyset paging shared by every list: each reads one page plus one row (to know whether a next
 * page exists) in the order of an index, and continues strictly after the last row it showed.
 * The cursor's text form is in common/paging.ts, where the request schemas check it.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import { encodeCursor, type Cursor } from "../../common/paging.js";
import type { Page } from "../../common/api/paging.js";
import { timestampFromSortKey, type DialectName } from "./dialect.js";
import type { Database } from "./types.js";

export interface PageRequest<C extends Cursor = Cursor> {
  cursor?: C;
  limit: number;
}

/** The `limit` rows to show, and the cursor after the last one when the extra row says there is more. */
export function splitPage<R extends { id: string; sort_key: string | null }>(rows: R[], limit: number): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { rows: kept, nextCursor: more && last ? encodeCursor({ key: last.sort_key, id: last.id }) : null };
}

/** splitPage() with each kept row shaped for the answer. */
export function toPage<R extends { id: string; sort_key: string | null }, T>(rows: R[], limit: number, shape: (row: R) => T): Page<T> {
  const page = splitPage(rows, limit);
  return { items: page.rows.map(shape), next_cursor: page.nextCursor };
}

/**
 * Rows strictly after the cursor in `(timestamp, id) desc` order: a row-value comparison, which both
 * databases answer from an index on the same two columns.
 */
export function beforeCursor(dialect: DialectName, timestamp: Expression<unknown>, id: Expression<unknown>, cursor: Cursor & { key: string }): RawBuilder<boolean> {
  return sql<boolean>`(${timestamp}, ${id}) < (${timestampFromSortKey(dialect, cursor.key)}, ${cursor.id})`;
}

/** Where a featured-first list resumes among its featured rows: after this rank and id. */
export interface FeaturedAfter {
  rank: number;
  id: string;
}

type FeaturedRow = { id: string; sort_key: string | null; featured_rank: number | null };

/**
 * One page of a list that shows its featured rows first (curation, docs/decisions/0019): the
 * featured rows by rank (then id), then every other row in the list's own order, each read through
 * its own index. `featured` reads featured rows after a position (none: from the first), `rest` the
 * rows that are not featured after a cursor of the list's own order (none: from the first); both
 * with the list's filters, `limit` rows at most. A cursor that carries a rank resumes among the
 * featured rows, any other among the rest. With nothing featured the pages and cursors are exactly
 * those of the list without this.
 */
export async function featuredFirstPage<R extends FeaturedRow>(
  page: PageRequest,
  featured: (after: FeaturedAfter | undefined, limit: number) => Promise<R[]>,
  rest: (cursor: Cursor | undefined, limit: number) => Promise<R[]>,
): Promise<{ rows: R[]; nextCursor: string | null }> {
  const { cursor, limit } = page;
  const amongFeatured = !cursor || cursor.rank !== undefined;
  const after = cursor && cursor.rank !== undefined ? { rank: cursor.rank, id: cursor.id } : undefined;
  const first = amongFeatured ? await featured(after, limit + 1) : [];
  const rows = first.length > limit ? first : [...first, ...(await rest(amongFeatured ? undefined : cursor, limit + 1 - first.length))];
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  if (!more || !last) return { rows: kept, nextCursor: null };
  const rank = last.featured_rank === null ? {} : { rank: Number(last.featured_rank) };
  return { rows: kept, nextCursor: encodeCursor({ key: last.sort_key, id: last.id, ...rank }) };
}

/**
 * The ids of every featured row of a table after `after` (none: from the first), in featured
 * order, read from `<table>_featured_idx` alone. A featured list then reads just these rows by
 * primary key with its filters: a query that asked for "featured and of this kind" at once would
 * let SQLite walk the kind's index (an equality it prefers) through every product. Featured sets
 * are chosen by hand, tens of rows, so reading all their ids costs next to nothing.
 */
export async function featuredIds(
  db: Kysely<Database>,
  table: "story" | "product" | "creator",
  after: FeaturedAfter | undefined,
): Promise<string[]> {
  const rank = sql.ref(`${table}.featured_rank`);
  const id = sql.ref(`${table}.id`);
  const rows = await sql<{ id: string }>`select ${id} as id from ${sql.table(table)} where ${rank} is not null${
    after ? sql` and (${rank}, ${id}) > (${after.rank}, ${after.id})` : sql``
  } order by ${rank}, ${id}`.execute(db);
  return rows.rows.map((r) => r.id);
}
