/** The creators directory (GET /api/creators, its facets, one creator, applications). */
import { z } from "zod";
import { ART_DISCIPLINES } from "../creator-fields.js";
import { LIMIT_DEFAULT, LIMIT_MAX, ProductSchema, SEARCH_MAX, StoryRefSchema, StorySchema } from "./catalog.js";
import { ImageSchema } from "./media.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { ID_MAX, textParam } from "./params.js";

const CITY_MAX = 100;

// ----------------------------------------------------------------------------- response bodies

const nullableLink = (description: string) => z.string().nullable().meta({ description });

/** A story a creator is featured in; one with a page (a body) is read at /stories/{id}. */
export const FeaturedStorySchema = StoryRefSchema.extend({
  has_page: z.boolean().meta({ description: "true when the story has a body to read at /stories/{id}" }),
}).meta({ id: "FeaturedStory" });
export type FeaturedStory = z.infer<typeof FeaturedStorySchema>;

/**
 * A creator as the directory shows it (spec §3 'Creator directory view'). The email and the
 * linked user id are never part of it (docs/decisions/0006).
 */
export const CreatorSchema = z
  .object({
    id: z.string().meta({ description: "The creator_id: `first_last` lower-cased, `-2`, `-3`… on a clash" }),
    artist_name: z.string().meta({ description: "First and last name", example: "Maya Lopez" }),
    first_name: z.string(),
    last_name: z.string(),
    bio: z.string().meta({ description: "May be empty" }),
    city: z.string(),
    state: z.string().meta({ description: "Two-letter code", example: "IL" }),
    disciplines: z.array(z.enum(ART_DISCIPLINES)).meta({ description: "In the fixed order of the art type list" }),
    story_ids: z.array(z.string()).meta({ description: "Stories featuring the creator, newest first" }),
    stories: z.array(FeaturedStorySchema).meta({ description: "Same stories as story_ids, with titles and whether each has a page" }),
    profile_image_url: nullableLink("null when none"),
    avatar: z.union([ImageSchema, z.null()]).meta({ description: "The uploaded avatar; shown before profile_image_url" }),
    portfolio_url: nullableLink("The website; null when none"),
    instagram: nullableLink("Handle without the leading @; null when none"),
    website: nullableLink("null when none"),
    joined: z.string().meta({ format: "date-time" }),
    approved: z.boolean(),
  })
  .meta({ id: "Creator" });
export type Creator = z.infer<typeof CreatorSchema>;

/** GET /api/creators/{id}/page: what the creator's public page shows. */
export const CreatorProfilePageSchema = z
  .object({
    creator: CreatorSchema,
    stories: z.array(StorySchema).meta({ description: "Published stories by the creator, newest first (at most 60)" }),
    products: z.array(ProductSchema).meta({ description: "Products the creator sells, newest first (at most 60)" }),
    followers: z.number().int().min(0).meta({ description: "Accounts following the creator" }),
  })
  .meta({ id: "CreatorProfilePage" });
export type CreatorProfilePage = z.infer<typeof CreatorProfilePageSchema>;

export const CreatorPageSchema = pageSchema(CreatorSchema)
  .extend({
    total: z.number().int().nullable().meta({
      description: "Approved creators matching the filters; on the first page (no cursor) only, null after it",
    }),
  })
  .meta({ id: "CreatorPage" });
export type CreatorPage = z.infer<typeof CreatorPageSchema>;

export const CreatorFacetsSchema = z
  .object({
    disciplines: z.array(z.enum(ART_DISCIPLINES)).meta({
      description: "Disciplines of at least one approved creator, in the fixed order of the art type list",
    }),
    cities: z.array(z.string()).meta({ description: "Cities of approved creators, alphabetical" }),
    stories: z.array(StoryRefSchema).meta({ description: "Stories featuring an approved creator, newest first" }),
    total: z.number().int().meta({ description: "Approved creators in all" }),
  })
  .meta({ id: "CreatorFacets" });
export type CreatorFacets = z.infer<typeof CreatorFacetsSchema>;

// ------------------------------------------------------------------------------ request params

export const CreatorListQuerySchema = z.object({
  q: textParam("q", SEARCH_MAX).meta({
    description:
      "Search text, trimmed; matches the name (first, last or both), bio or city, case-insensitively. Empty means no search.",
  }),
  discipline: z
    .enum(ART_DISCIPLINES, { error: `discipline must be one of ${ART_DISCIPLINES.join(", ")}` })
    .optional()
    .meta({ description: "Only creators with this discipline" }),
  city: textParam("city", CITY_MAX).meta({ description: "Only creators in this city (exact, as the facets list it)" }),
  story: textParam("story", ID_MAX).meta({ description: "Only creators featured in this story id" }),
  cursor: DatedCursorParam,
  limit: limitParam(LIMIT_MAX, LIMIT_DEFAULT),
});
