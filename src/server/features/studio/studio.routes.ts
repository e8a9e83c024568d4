/** Contracts of the creator studio; their shapes are in common/api/studio.ts. docs/decisions/0018. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import {
  StoryDraftSchema,
  StoryUpdateSchema,
  StoryVersionSchema,
  StudioProfileSchema,
  StudioStoryListSchema,
  StudioStorySchema,
} from "../../../common/api/studio.js";
import { CreatorProfileSchema } from "../../../common/creator-schemas.js";
import { IdParamsSchema } from "../../../common/api/params.js";
import { json, notCreator, notCreatorOrSuspended, signedOut } from "./studio-contract.js";

const notFound = { description: "The creator has no story with this id (another creator's is not found either)", content: errorContent };
const changed = {
  description: "STORY_CHANGED: the story was saved since `version` was read (another tab); nothing changed",
  content: errorContent,
};
const story = (description: string) => ({ description, content: { "application/json": { schema: StudioStorySchema } } });

// A story's writes change /stories, the story's page, the directory's 'Featured In' tags and the
// creator's page.
const STORY_TAGS = ["catalog", "creators"] as const;

export const getStudioProfileRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/profile",
  tags: ["Studio"],
  summary: "The signed-in creator's profile, as its owner edits it",
  responses: {
    200: { description: "The profile", content: { "application/json": { schema: StudioProfileSchema } } },
    401: signedOut,
    403: notCreator,
  },
});

export const updateStudioProfileRoute = defineRoute({
  method: "put",
  // The directory, the creator's page, and every story and product naming the creator.
  invalidates: ["creators", "catalog"],
  path: "/api/studio/profile",
  tags: ["Studio"],
  summary: "Edit the profile: the application's fields (not the email) and the avatar",
  description:
    "Validated with the application form's own schema and messages. `avatar_media_id` must be an image the " +
    "creator uploaded (POST /api/studio/media); null removes the avatar.",
  request: { body: json(CreatorProfileSchema) },
  responses: {
    200: { description: "The profile after the change", content: { "application/json": { schema: StudioProfileSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notCreatorOrSuspended,
  },
});

export const listStudioStoriesRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/stories",
  tags: ["Studio"],
  summary: "The creator's stories, drafts and published, last changed first",
  responses: {
    200: { description: "The stories", content: { "application/json": { schema: StudioStoryListSchema } } },
    401: signedOut,
    403: notCreator,
  },
});

export const createStudioStoryRoute = defineRoute({
  method: "post",
  // A draft is shown nowhere public.
  invalidates: [],
  path: "/api/studio/stories",
  tags: ["Studio"],
  summary: "Start a story (a draft)",
  request: { body: json(StoryDraftSchema) },
  responses: { 201: story("The new draft"), 401: signedOut, ...ErrorResponses, 403: notCreator },
});

export const getStudioStoryRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/stories/{id}",
  tags: ["Studio"],
  summary: "One of the creator's stories, with its version",
  request: { params: IdParamsSchema },
  responses: { 200: story("The story"), 401: signedOut, 403: notCreator, 404: notFound },
});

export const updateStudioStoryRoute = defineRoute({
  method: "put",
  invalidates: [...STORY_TAGS],
  path: "/api/studio/stories/{id}",
  tags: ["Studio"],
  summary: "Save a story (a published one changes at once)",
  description:
    "`version` is the one last read; the answer carries the next. An older one is refused with 409. " +
    "A suspended creator may save drafts but not a published story (403 SUSPENDED).",
  request: { params: IdParamsSchema, body: json(StoryUpdateSchema) },
  responses: {
    200: story("The story after the save"),
    401: signedOut,
    ...ErrorResponses,
    403: notCreatorOrSuspended,
    404: notFound,
    409: changed,
  },
});

const statusRoute = <P extends string>(path: P, summary: string, description: string) =>
  defineRoute({
    method: "post",
    invalidates: [...STORY_TAGS],
    path,
    tags: ["Studio"],
    summary,
    description,
    request: { params: IdParamsSchema, body: json(StoryVersionSchema) },
    responses: {
      200: story("The story after the change"),
      401: signedOut,
      ...ErrorResponses,
      403: notCreatorOrSuspended,
      404: notFound,
      409: changed,
    },
  });

export const publishStudioStoryRoute = statusRoute(
  "/api/studio/stories/{id}/publish",
  "Publish a story: it shows on /stories, its page and the creator's page",
  "A story needs a body to be published (400 on `body` otherwise). Without a date it takes the day it is first published. " +
    "A suspended creator cannot publish (403 SUSPENDED).",
);

export const unpublishStudioStoryRoute = statusRoute(
  "/api/studio/stories/{id}/unpublish",
  "Take a story back to draft: it leaves every public page",
  "The story keeps its text and its first publication time.",
);

export const deleteStudioStoryRoute = defineRoute({
  method: "delete",
  invalidates: [...STORY_TAGS],
  path: "/api/studio/stories/{id}",
  tags: ["Studio"],
  summary: "Delete a story for good",
  request: { params: IdParamsSchema },
  responses: { 204: { description: "Deleted" }, 401: signedOut, 403: notCreator, 404: notFound },
});
