/**
 * The creator studio (/api/studio/*, docs/decisions/0018): a creator's own profile and stories.
 * The story form's schema is shared by the editor and the server, so both give the same messages.
 */
import { z } from "zod";
import { hasControlCharacters } from "../text.js";
import { CreatorSchema } from "./creators.js";
import { ImageSchema } from "./media.js";
import { ID_MAX } from "./params.js";

// The zod-free constants live in story-fields.ts, so the studio's pages show the messages without
// loading zod (docs/decisions/0013); they are re-exported here for the schemas, the server and tests.
import {
  STORY_BODY_MAX,
  STORY_CITY_MAX,
  STORY_DESCRIPTION_MAX,
  STORY_MESSAGES,
  STORY_OFF_SITE,
  STORY_STATUSES,
  STORY_TITLE_MAX,
} from "../story-fields.js";
export {
  STORY_BODY_MAX,
  STORY_CITY_MAX,
  STORY_DESCRIPTION_MAX,
  STORY_MESSAGES,
  STORY_OFF_SITE,
  STORY_STATUSES,
  STORY_TITLE_MAX,
  type StoryOffSite,
  type StoryStatus,
} from "../story-fields.js";

const line = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !hasControlCharacters(v), STORY_MESSAGES.textInvalid);

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The editor's fields (POST /api/studio/stories). */
export const StoryDraftSchema = z.object({
  title: line(STORY_MESSAGES.titleRequired, STORY_TITLE_MAX, STORY_MESSAGES.titleTooLong),
  city: line(STORY_MESSAGES.cityRequired, STORY_CITY_MAX, STORY_MESSAGES.cityTooLong),
  date: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || isCalendarDate(v), STORY_MESSAGES.dateInvalid)
    .transform((v) => (v === "" ? null : v))
    .meta({ description: "YYYY-MM-DD; empty or null for none" }),
  description: z
    .string({ error: STORY_MESSAGES.descriptionRequired })
    .trim()
    .min(1, STORY_MESSAGES.descriptionRequired)
    .max(STORY_DESCRIPTION_MAX, STORY_MESSAGES.descriptionTooLong)
    .refine((v) => !hasControlCharacters(v, true), STORY_MESSAGES.textInvalid)
    .meta({ description: "The text of the story's card on /stories" }),
  body: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trimEnd())
    .refine((v) => v.length <= STORY_BODY_MAX, STORY_MESSAGES.bodyTooLong)
    .refine((v) => !hasControlCharacters(v, true), STORY_MESSAGES.textInvalid)
    .meta({ description: "Markdown (CommonMark); raw HTML is shown as text" }),
  cover_media_id: z
    .string()
    .max(ID_MAX, STORY_MESSAGES.coverUnknown)
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "An image the creator uploaded (POST /api/studio/media); null for none" }),
});
export type StoryDraftInput = z.input<typeof StoryDraftSchema>;
export type StoryDraft = z.output<typeof StoryDraftSchema>;

/** The version the editor loaded: a save or status change based on an older one is refused. */
const version = z.number({ error: "version is required" }).int().min(1).meta({ description: "The `version` last read" });

/** PUT /api/studio/stories/{id}. */
export const StoryUpdateSchema = StoryDraftSchema.extend({ version });
export type StoryUpdateInput = z.input<typeof StoryUpdateSchema>;

/** POST /api/studio/stories/{id}/publish and /unpublish. */
export const StoryVersionSchema = z.object({ version });

export const StudioStorySchema = z
  .object({
    id: z.string(),
    status: z.enum(STORY_STATUSES),
    version: z.number().int(),
    title: z.string(),
    city: z.string(),
    date: z.string().nullable().meta({ description: "YYYY-MM-DD; null when none" }),
    description: z.string(),
    body: z.string(),
    cover: z.union([ImageSchema, z.null()]),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
    published_at: z.string().nullable().meta({ format: "date-time", description: "null while a draft" }),
    public: z.boolean().meta({
      description:
        "On the site now, with its page at /stories/{id}: published, with a body, not hidden by the curators, and its creator not suspended",
    }),
    off_site: z
      .enum(STORY_OFF_SITE)
      .nullable()
      .meta({
        description:
          "Why a published story is not on the site: hidden by the curators, its creator suspended, or it has no text; null for a draft or a public story",
      }),
  })
  .meta({ id: "StudioStory" });
export type StudioStory = z.infer<typeof StudioStorySchema>;

/** What the curators did to the creator (docs/decisions/0019), for the studio's notice. */
const curation = {
  suspended: z.boolean().meta({
    description: "Suspended by the site's curators: the profile and everything by the creator are off the site, and publishing is refused",
  }),
  hidden: z.boolean().meta({ description: "The profile is hidden by the site's curators: its public page is gone, the stories stay" }),
};

export const StudioStoryListSchema = z
  .object({
    items: z.array(StudioStorySchema).meta({ description: "Every story of the creator, last changed first" }),
    followers: z.number().int().min(0).meta({ description: "Accounts following the creator (issue 32), counted as the creator page counts them" }),
    ...curation,
  })
  .meta({ id: "StudioStoryList" });
export type StudioStoryList = z.infer<typeof StudioStoryListSchema>;

/** GET/PUT /api/studio/profile: the creator as the directory shows it, plus what only its owner sees. */
export const StudioProfileSchema = CreatorSchema.extend({
  email: z.string().meta({ description: "The account's; not editable here" }),
  avatar_media_id: z.string().nullable(),
  art_type: z.array(z.string()).meta({ description: "Same as disciplines, as the form names it" }),
  ...curation,
}).meta({ id: "StudioProfile" });
export type StudioProfile = z.infer<typeof StudioProfileSchema>;
