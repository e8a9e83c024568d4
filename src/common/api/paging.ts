/**
 * Keyset-paged lists as the API sends them, `{ items, next_cursor }`, and the `limit` and `cursor`
 * query parameters every paged list takes. The cursor's text form is in ../paging.ts.
 */
import { z } from "zod";
import { decodeCursor, decodeDatedCursor } from "../paging.js";

export const NextCursorSchema = z
  .string()
  .nullable()
  .meta({ description: "Pass as `cursor` for the next page; null on the last" });

/** A page of `item`; callers name it with `.meta({ id })`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: NextCursorSchema });
}

/** A keyset-paged list: what pageSchema() describes, for any item type. */
export type Page<T> = { items: T[]; next_cursor: z.infer<typeof NextCursorSchema> };

/** Page size, 1 to `max`, `fallback` when absent. */
export function limitParam(max: number, fallback: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(fallback)
    .meta({ description: `Page size, 1-${max}`, example: fallback });
}

function cursorParam(decode: (text: string) => unknown) {
  return z
    .string()
    .refine((text) => text === "" || decode(text) !== undefined, "cursor is not valid; pass the next_cursor of the previous page")
    .optional()
    .meta({ description: "Opaque position from the previous page's next_cursor; empty or absent for the first page" });
}

/** The cursor of a list whose sort key may be null (stories by date). */
export const CursorParam = cursorParam(decodeCursor);
/** The cursor of a list sorted by a timestamp that is never null (products, creators, orders). */
export const DatedCursorParam = cursorParam(decodeDatedCursor);
