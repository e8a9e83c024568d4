/**
 * Keyset paging shared by every list: each reads one page plus one row (to know whether a next
 * page exists) in the order of an index, and continues strictly after the last row it showed.
 * The cursor's text form is in common/paging.ts, where the request schemas check it.
 */
import { sql, type Expression, type RawBuilder } from "kysely";
import { encodeCursor, type Cursor } from "../../common/paging.js";
import type { Page } from "../../common/api/paging.js";
import { timestampFromSortKey, type DialectName } from "./dialect.js";

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
