import { hasControlCharacters } from "../../../common/text.js";
/**
 * Keyset cursors of the catalog lists. A cursor is opaque to clients: base64url of the JSON array
 * [sort key, id] of the last row of the previous page. The sort key is the row's timestamp as the
 * database sorts it (full precision, see timestampSortKey) or null for an undated story.
 */

export interface Cursor {
  /** Timestamp sort key of the last row, or null when that row has no date. */
  key: string | null;
  id: string;
}

const MAX_ID_LENGTH = 200;
// What timestampSortKey() yields: ISO 8601 in UTC with up to microseconds (years 1000-9999, so
// that PostgreSQL, which has no year 0, accepts every key that passes).
const SORT_KEY = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;

/** A cursor of a list whose sort key is never null (products by created_at). */
export type DatedCursor = Cursor & { key: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id]), "utf8").toString("base64url");
}

/** The cursor, or undefined when the text is not one this API handed out. */
export function decodeCursor(text: string): Cursor | undefined {
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [key, id] = value as unknown[];
  if (typeof id !== "string" || id.length === 0 || id.length > MAX_ID_LENGTH || hasControlCharacters(id)) return undefined;
  if (key === null) return { key, id };
  if (typeof key !== "string" || !isSortKey(key)) return undefined;
  return { key, id };
}

/** A real instant in the sort-key form, so that PostgreSQL's cast can never fail on it. */
function isSortKey(key: string): boolean {
  const match = SORT_KEY.exec(key);
  if (!match) return false;
  const date = new Date(`${match[1]}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === match[1];
}

export function decodeDatedCursor(text: string): DatedCursor | undefined {
  const cursor = decodeCursor(text);
  return cursor && cursor.key !== null ? { key: cursor.key, id: cursor.id } : undefined;
}
