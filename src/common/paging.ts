/**
 * Keyset cursors of every paged list (products, stories, creators, orders). A cursor is opaque to
 * clients: base64url of the JSON array [sort key, id] of the last row of the previous page. The sort key is the row's timestamp as the
 * database sorts it (full precision, see timestampSortKey) or null for an undated story.
 * A list that shows featured items first (db/paging.ts featuredFirstPage) adds a third element,
 * the featured rank, when its page ended among them: [sort key, id, rank].
 * Here rather than on the server because the request schemas that check a cursor are shared.
 */
import { hasControlCharacters } from "./text.js";

export interface Cursor {
  /** Timestamp sort key of the last row, or null when that row has no date. */
  key: string | null;
  id: string;
  /** The last row's featured rank, when the page ended among the featured items shown first. */
  rank?: number;
}

const MAX_ID_LENGTH = 200;
// What timestampSortKey() yields: ISO 8601 in UTC with up to microseconds (years 1000-9999, so
// that PostgreSQL, which has no year 0, accepts every key that passes).
const SORT_KEY = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;

/** A cursor of a list whose sort key is never null (products by created_at). */
export type DatedCursor = Cursor & { key: string };

/** base64url without padding, as Node's Buffer writes it, from what browsers and Node both have. */
function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The UTF-8 text, or undefined when the characters are not base64url of valid UTF-8. */
function fromBase64Url(text: string): string | undefined {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  try {
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

export function encodeCursor(cursor: Cursor): string {
  const value = cursor.rank === undefined ? [cursor.key, cursor.id] : [cursor.key, cursor.id, cursor.rank];
  return toBase64Url(JSON.stringify(value));
}

/** Featured ranks are small whole numbers (the curation API numbers them from 1). */
const isRank = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= 2 ** 31 - 1;

/** The cursor, or undefined when the text is not one this API handed out. */
export function decodeCursor(text: string): Cursor | undefined {
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const json = fromBase64Url(text);
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return undefined;
  const [key, id, rank] = value as unknown[];
  if (typeof id !== "string" || id.length === 0 || id.length > MAX_ID_LENGTH || hasControlCharacters(id)) return undefined;
  if (value.length === 3 && !isRank(rank)) return undefined;
  const ranked = value.length === 3 ? { rank: rank as number } : {};
  if (key === null) return { key, id, ...ranked };
  if (typeof key !== "string" || !isSortKey(key)) return undefined;
  return { key, id, ...ranked };
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
  if (!cursor || cursor.key === null) return undefined;
  return cursor.rank === undefined ? { key: cursor.key, id: cursor.id } : { key: cursor.key, id: cursor.id, rank: cursor.rank };
}
