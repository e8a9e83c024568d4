/** Contracts of the creators directory; their shapes are in common/api/creators.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { CreatorApplicationSchema } from "../../../common/creator-schemas.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import {
  CreatorFacetsSchema,
  CreatorListQuerySchema,
  CreatorPageSchema,
  CreatorProfilePageSchema,
  CreatorSchema,
} from "../../../common/api/creators.js";
import { IdParamsSchema } from "../../../common/api/params.js";

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
  request: { params: IdParamsSchema },
  responses: {
    200: {
      description: "The creator",
      content: { "application/json": { schema: CreatorSchema } },
    },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No approved creator has this id", content: errorContent },
  },
});

export const creatorProfilePageRoute = defineRoute({
  method: "get",
  // Its stories, products and their stock are part of it.
  cache: { tags: ["creators", "catalog", "stock"], maxAge: 0 },
  path: "/api/creators/{id}/page",
  tags: ["Creators"],
  summary: "A creator's public page: the profile, published stories and products, newest first",
  request: { params: IdParamsSchema },
  responses: {
    200: {
      description: "The creator's page",
      content: { "application/json": { schema: CreatorProfilePageSchema } },
    },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No approved creator has this id", content: errorContent },
  },
});

export const applyCreatorRoute = defineRoute({
  method: "post",
  // An application approves a creator at once.
  invalidates: ["creators"],
  // Signed in, the application becomes the account's creator record; a visitor may apply too.
  auth: "optional",
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
