/**
 * The back office's curation (/api/admin/curation/*, docs/decisions/0019): featuring stories,
 * products and creators in an order, hiding and unhiding any of them, suspending creators.
 */
import { z } from "zod";
import { CursorParam, limitParam, pageSchema } from "./paging.js";
import { CreatorRefSchema, SEARCH_MAX } from "./catalog.js";
import { ID_MAX, textParam } from "./params.js";
import { hasControlCharacters, plainText } from "../text.js";

import {
  CURATION_KINDS,
  CURATION_LIMIT_DEFAULT,
  CURATION_LIMIT_MAX,
  CURATION_MESSAGES,
  CURATION_NOTE_MAX,
  CURATION_STATES,
  FEATURED_MAX,
} from "../curation-fields.js";

// The zod-free constants live in curation-fields.ts, so the back office's pages show the messages
// without loading zod; they are re-exported here for the schemas, the server and tests.
export {
  CURATION_KINDS,
  CURATION_LIMIT_DEFAULT,
  CURATION_LIMIT_MAX,
  CURATION_MESSAGES,
  CURATION_NOTE_MAX,
  CURATION_STATES,
  FEATURED_MAX,
  type CurationKind,
  type CurationState,
} from "../curation-fields.js";

// ----------------------------------------------------------------------------- response bodies

export const CurationItemSchema = z
  .object({
    kind: z.enum(CURATION_KINDS),
    id: z.string(),
    title: z.string().meta({ description: "A story's or product's title, a creator's name" }),
    link: z.string().meta({ description: "Where the item is on the site (a path); it answers 404 while the item is not public" }),
    creator: z.union([CreatorRefSchema, z.null()]).meta({ description: "Who wrote or sells it; null for a creator and for the house's own" }),
    featured_rank: z.number().int().nullable().meta({ description: "Place in the featured order (lowest first); null when not featured" }),
    hidden_at: z.string().nullable().meta({ format: "date-time", description: "When it was hidden; null when it is not" }),
    suspended_at: z.string().nullable().meta({
      format: "date-time",
      description: "A creator: when it was suspended. A story or product: when its creator was. Null when not suspended",
    }),
    draft: z.boolean().meta({ description: "A story not published by its author (never public, whatever curation says)" }),
    public: z.boolean().meta({ description: "Whether the public site shows it now" }),
  })
  .meta({ id: "CurationItem" });
export type CurationItem = z.infer<typeof CurationItemSchema>;

export const CurationPageSchema = pageSchema(CurationItemSchema).meta({ id: "CurationPage" });
export type CurationPage = z.infer<typeof CurationPageSchema>;

export const FeaturedListSchema = z
  .object({ items: z.array(CurationItemSchema).meta({ description: "Every featured item of the kind, in order" }) })
  .meta({ id: "FeaturedList" });
export type FeaturedList = z.infer<typeof FeaturedListSchema>;

// ------------------------------------------------------------------------------ request params

const kindParam = z
  .enum(CURATION_KINDS, { error: "kind must be story, product or creator" })
  .meta({ param: { name: "kind", in: "path" } });

const id = z
  .string({ error: "id must be text" })
  .min(1, "id must not be empty")
  .max(ID_MAX, `id must be at most ${ID_MAX} characters`)
  .refine(plainText, "id must not contain control characters");
const idParam = id.meta({ param: { name: "id", in: "path" } });

export const CurationKindParamsSchema = z.object({ kind: kindParam });
export const CurationItemParamsSchema = z.object({ kind: kindParam, id: idParam });
export const CuratedCreatorParamsSchema = z.object({ id: idParam });

export const CurationListQuerySchema = z.object({
  q: textParam("q", SEARCH_MAX).meta({ description: "Title, name or text contains it (case and accents ignored), or the id is it" }),
  state: z
    .enum(CURATION_STATES, { error: `state must be one of ${CURATION_STATES.join(", ")}` })
    .default("all")
    .meta({ description: "all (newest first), featured (in order), hidden (last hidden first), suspended" }),
  cursor: CursorParam,
  limit: limitParam(CURATION_LIMIT_MAX, CURATION_LIMIT_DEFAULT),
});
export type CurationListQuery = z.infer<typeof CurationListQuerySchema>;

/** The optional note of a hide, unhide, suspend or unsuspend: kept in the audit log. */
export const CurationNoteSchema = z.object({
  note: z
    .string()
    .trim()
    .max(CURATION_NOTE_MAX, CURATION_MESSAGES.noteTooLong)
    .refine((v) => !hasControlCharacters(v, true), CURATION_MESSAGES.noteInvalid)
    .optional()
    .meta({ description: "Why; kept in the audit log" }),
});
export type CurationNote = z.infer<typeof CurationNoteSchema>;

/** PUT /api/admin/curation/{kind}/featured-order. */
export const FeaturedOrderSchema = z.object({
  ids: z
    .array(id, { error: "ids must be a list of ids" })
    .max(FEATURED_MAX, `ids must hold at most ${FEATURED_MAX} ids`)
    .refine((ids) => new Set(ids).size === ids.length, "ids must not repeat an id")
    .meta({ description: "Every featured item of the kind, in the new order" }),
});
export type FeaturedOrder = z.infer<typeof FeaturedOrderSchema>;
