/**
 * What every back-office contract says alike: the refusal of a caller who is not signed in or not
 * staff (the gate, staffOnly with the area's role from ADMIN_AREAS, answers before any input is
 * read), and the JSON bodies. Each room's `<area>.routes.ts` builds on these.
 */
import type { z } from "zod";
import { decodeDatedCursor } from "../../../common/paging.js";
import { errorContent } from "../../lib/openapi.js";

export const TAGS = ["Back office"];
export const signedOut = {
  description: "Not signed in",
  content: errorContent,
};
/** 403 of a room whose gate lets in only `who`. */
export const notStaff = (who: string) => ({
  description: `NOT_STAFF: ${who} only; FORBIDDEN_ORIGIN: a write from another site`,
  content: errorContent,
});
export const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});
export const json = <T extends z.ZodType>(schema: T, required = true) => ({
  required,
  content: { "application/json": { schema } },
});
/** A validated `cursor` parameter as the paging queries take it; empty means the first page. */
export const cursorOf = (text: string | undefined) => (text ? decodeDatedCursor(text) : undefined);
