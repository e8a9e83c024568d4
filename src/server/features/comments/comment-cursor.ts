/**
 * The keyset cursors of the comment lists (docs/decisions/0032): opaque to clients, base64url of
 * JSON `[sort, key, id]`, the last row of the page before. The key is the row's time as the
 * database sorts it (timestampSortKey) for oldest and newest, its like count for liked; the id
 * breaks ties. A cursor names its sort, so one page's cursor cannot be read under another sort.
 */
import { decodeDatedCursor, encodeCursor } from "../../../common/paging.js";
import type { CommentSort } from "../../../common/comments.js";

export type CommentCursor = { sort: "oldest" | "newest"; key: string; id: string } | { sort: "liked"; key: number; id: string };

export function encodeCommentCursor(cursor: CommentCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id]), "utf8").toString("base64url");
}

/** The cursor, or undefined when it is not one this API handed out for `sort`. */
export function decodeCommentCursor(text: string, sort: CommentSort): CommentCursor | undefined {
  if (text.length > 500 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== sort) return undefined;
  const [, key, id] = value as [string, unknown, unknown];
  if (typeof id !== "string") return undefined;
  if (sort === "liked") {
    if (typeof key !== "number" || !Number.isSafeInteger(key) || key < 0) return undefined;
    return decodeDatedCursor(encodeCursor({ key: "2000-01-01T00:00:00.000Z", id })) ? { sort, key, id } : undefined;
  }
  // The time key and the id pass the same checks as every other list's cursor (common/paging.ts).
  if (typeof key !== "string" || !decodeDatedCursor(encodeCursor({ key, id }))) return undefined;
  return { sort, key, id };
}
