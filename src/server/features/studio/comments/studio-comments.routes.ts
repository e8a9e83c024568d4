/** Contracts of the story author's controls over comments (docs/decisions/0032); shapes in common/api/comments.ts. */
import { CommentParamsSchema, CommentSchema, CommentsOpenSchema } from "../../../../common/api/comments.js";
import { IdParamsSchema } from "../../../../common/api/params.js";
import { errorContent, ErrorResponses } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notCreator, signedOut } from "../studio-contract.js";

export const setStudioCommentsOpenRoute = defineRoute({
  method: "put",
  // The story's `comments_open` is on its public page and in the list's `open`.
  invalidates: ["catalog"],
  path: "/api/studio/stories/{id}/comments",
  tags: ["Studio"],
  summary: "Turn comments on or off for one of the creator's stories (its comments stay readable)",
  request: { params: IdParamsSchema, body: json(CommentsOpenSchema) },
  responses: {
    200: { description: "The story's switch now", content: { "application/json": { schema: CommentsOpenSchema } } },
    401: signedOut,
    404: { description: "NOT_FOUND: the creator has no story with this id", content: errorContent },
    ...ErrorResponses,
    403: notCreator,
  },
});

const hideRoute = (action: "hide" | "unhide") =>
  defineRoute({
    method: "post",
    invalidates: ["catalog"],
    path: `/api/studio/comments/{commentId}/${action}`,
    tags: ["Studio"],
    summary: action === "hide" ? "Hide a comment on one of the creator's stories from everyone but its writer and staff" : "Show again a comment the creator hid",
    description: action === "unhide" ? "A comment a curator or members' reports hid stays hidden until a curator decides (403 NOT_STAFF)." : "Safe to repeat.",
    request: { params: CommentParamsSchema },
    responses: {
      200: { description: "The comment as its moderator sees it (its text kept)", content: { "application/json": { schema: CommentSchema } } },
      401: signedOut,
      404: { description: "NOT_FOUND: no comment on the creator's stories has this id (or it was deleted)", content: errorContent },
      ...ErrorResponses,
      403: { description: `${notCreator.description}; NOT_STAFF: a curator hid it, only staff may show it again`, content: errorContent },
    },
  });

export const hideStudioCommentRoute = hideRoute("hide");
export const unhideStudioCommentRoute = hideRoute("unhide");
