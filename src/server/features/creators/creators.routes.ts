import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import { ART_DISCIPLINES, CreatorApplicationSchema } from "../../../common/creator-schemas.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";
import { decodeDatedCursor } from "../../../common/paging.js";
import { LIMIT_DEFAULT, LIMIT_MAX, SEARCH_MAX, StoryRefSchema } from "../catalog/catalog.routes.js";

const ID_MAX = 200;
const CITY_MAX = 100;

// ----------------------------------------------------------------------------- response bodies

const nullableLink = (description: string) => z.string().nullable().openapi({ description });

export const CreatorSchema = z
  .object({
    id: z.string().openapi({ description: "The creator_id: `first_last` lower-cased, `-2`, `-3`… on a clash" }),
    artist_name: z.string().openapi({ description: "First and last name", example: "Maya Lopez" }),
    first_name: z.string(),
    last_name: z.string(),
    bio: z.string().openapi({ description: "May be empty" }),
    city: z.string(),
    state: z.string().openapi({ description: "Two-letter code", example: "IL" }),
    disciplines: z.array(z.enum(ART_DISCIPLINES)).openapi({ description: "In the fixed order of the art type list" }),
    story_ids: z.array(z.string()).openapi({ description: "Stories featuring the creator, newest first" }),
    stories: z.array(StoryRefSchema).openapi({ description: "Same stories as story_ids, with titles" }),
    profile_image_url: nullableLink("null when none"),
    portfolio_url: nullableLink("The website; null when none"),
    instagram: nullableLink("Handle without the leading @; null when none"),
    website: nullableLink("null when none"),
    joined: z.string().openapi({ format: "date-time" }),
    approved: z.boolean(),
  })
  .openapi("Creator");

export const CreatorPageSchema = z
  .object({
    items: z.array(CreatorSchema),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
    total: z.number().int().nullable().openapi({
      description: "Approved creators matching the filters; on the first page (no cursor) only, null after it",
    }),
  })
  .openapi("CreatorPage");

export const CreatorFacetsSchema = z
  .object({
    disciplines: z.array(z.enum(ART_DISCIPLINES)).openapi({
      description: "Disciplines of at least one approved creator, in the fixed order of the art type list",
    }),
    cities: z.array(z.string()).openapi({ description: "Cities of approved creators, alphabetical" }),
    stories: z.array(StoryRefSchema).openapi({ description: "Stories featuring an approved creator, newest first" }),
    total: z.number().int().openapi({ description: "Approved creators in all" }),
  })
  .openapi("CreatorFacets");

// ------------------------------------------------------------------------------ request params

const limitMessage = `limit must be a whole number from 1 to ${LIMIT_MAX}`;

/** A short one-line text parameter; empty means "not given". */
const textParam = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .refine(plainText, `${name} must not contain control characters`)
    .optional();

export const CreatorListQuerySchema = z.object({
  q: textParam("q", SEARCH_MAX).openapi({
    description:
      "Search text, trimmed; matches the name (first, last or both), bio or city, case-insensitively. Empty means no search.",
  }),
  discipline: z
    .enum(ART_DISCIPLINES, { error: `discipline must be one of ${ART_DISCIPLINES.join(", ")}` })
    .optional()
    .openapi({ description: "Only creators with this discipline" }),
  city: textParam("city", CITY_MAX).openapi({ description: "Only creators in this city (exact, as the facets list it)" }),
  story: textParam("story", ID_MAX).openapi({ description: "Only creators featured in this story id" }),
  cursor: z
    .string()
    .refine(
      (text) => text === "" || decodeDatedCursor(text) !== undefined,
      "cursor is not valid; pass the next_cursor of the previous page",
    )
    .optional()
    .openapi({ description: "Opaque position from the previous page's next_cursor; empty or absent for the first page" }),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(LIMIT_MAX, limitMessage)
    .default(LIMIT_DEFAULT)
    .openapi({ description: `Page size, 1-${LIMIT_MAX}`, example: LIMIT_DEFAULT }),
});

// ------------------------------------------------------------------------------------- routes

export const listCreatorsRoute = defineRoute({
  method: "get",
  // Revalidated every time: an applicant is sent to the directory and must see the new card.
  cache: { tags: ["creators"], maxAge: 0 },
  path: "/api/creators",
  tags: ["Creators"],
  summary: "The creators directory: approved creators, filtered and searched",
  description:
    "Only approved creators. Ordered newest first by the time they joined, ties broken by id (both descending). " +
    "Filters combine with AND. Keyset paging: follow next_cursor until it is null; a cursor is only meaningful " +
    "with the filters it was issued for. The first page carries `total`, the number of matches. The email and " +
    "the linked account are never shown. Public.",
  request: { query: CreatorListQuerySchema },
  responses: {
    200: {
      description: "A page of creators",
      content: { "application/json": { schema: CreatorPageSchema } },
    },
    400: { description: "Invalid parameter; `fields` names it", content: errorContent },
  },
});

export const creatorFacetsRoute = defineRoute({
  method: "get",
  cache: { tags: ["creators"], maxAge: 0 },
  path: "/api/creators/facets",
  tags: ["Creators"],
  summary: "What the directory's filters offer, and the number of creators",
  responses: {
    200: {
      description: "Facets",
      content: { "application/json": { schema: CreatorFacetsSchema } },
    },
  },
});

export const getCreatorRoute = defineRoute({
  method: "get",
  cache: { tags: ["creators"], maxAge: 0 },
  path: "/api/creators/{id}",
  tags: ["Creators"],
  summary: "One approved creator, as the directory shows it (favorites, links)",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(ID_MAX, `id must be at most ${ID_MAX} characters`)
        .refine(plainText, "id must not contain control characters")
        .openapi({ param: { name: "id", in: "path" } }),
    }),
  },
  responses: {
    200: {
      description: "The creator",
      content: { "application/json": { schema: CreatorSchema } },
    },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No approved creator has this id", content: errorContent },
  },
});

export const applyCreatorRoute = defineRoute({
  method: "post",
  // An application approves a creator at once.
  invalidates: ["creators"],
  path: "/api/creators/applications",
  tags: ["Creators"],
  summary: "Apply to become a creator (approved at once)",
  description:
    "Open to anyone; validated with the application form's own schema, whose messages are the form's. " +
    "The record is stored normalised (names capitalised, email lower-cased, Instagram without @) and " +
    "approved immediately. A signed-in applicant must use the account's email and is marked as this " +
    "creator (GET /api/me then says creator: true). Rate limited per client address.",
  request: {
    body: { required: true, content: { "application/json": { schema: CreatorApplicationSchema } } },
  },
  responses: {
    201: {
      description: "Approved: the new creator as the directory shows it",
      content: { "application/json": { schema: CreatorSchema } },
    },
    409: {
      description:
        "EMAIL_TAKEN: a creator with this email exists (message on `email`); ALREADY_CREATOR: the signed-in user is one",
      content: errorContent,
    },
    ...ErrorResponses,
  },
});
