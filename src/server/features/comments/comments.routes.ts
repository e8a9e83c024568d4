/** Contracts of comments on stories (issue 33, docs/decisions/0032); shapes in common/api/comments.ts. */
import type { z } from "zod";
import {
  CommentCreateSchema,
  CommentDeletedSchema,
  CommentEditSchema,
  CommentListQuerySchema,
  CommentListSchema,
  CommentParamsSchema,
  CommentSchema,
  LikeStateSchema,
  MyCommentsQuerySchema,
  MyCommentsSchema,
  ReplyListQuerySchema,
  ReplyListSchema,
  StoryCommentsParamsSchema,
} from "../../../common/api/comments.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
const notSignedIn = { description: "Not signed in", content: errorContent };
const banned = "COMMENT_BANNED: a curator banned the member from commenting (the message says until when)";
const refusedWrite = {
  description: `${banned}; NOT_YOUR_COMMENT: only its writer may change it; FORBIDDEN_ORIGIN: a write from another site`,
  content: errorContent,
};
const noComment = { description: "NOT_FOUND: no such comment the public can see (or it was deleted)", content: errorContent };
// A comment write drops its story's own cached answers alone (its comments, its page: the handler
// names the story, staleAlso(storyTag)), never the catalogue's: the counts on story cards catch up
// as the catalogue's answers turn over (docs/decisions/0032).
const COMMENT_WRITES = [] as const;

export const listCommentsRoute = defineRoute({
  method: "get",
  // The catalogue's tag (a story hidden or unpublished) and the story's own (its comments).
  cache: { tags: ["catalog"], maxAge: 0, storyParam: "storyId" },
  path: "/api/stories/{storyId}/comments",
  tags: ["Comments"],
  summary: "A story's comments: top-level comments with their first replies, paged",
  description:
    "The same answer for everyone. Sorted oldest first (the default), newest first or most liked; keyset-paged, so comments " +
    "written between two pages are neither repeated nor skipped. A top-level comment that was removed or hidden while it " +
    "has replies stays as a placeholder (`state`, empty body).",
  request: { params: StoryCommentsParamsSchema, query: CommentListQuerySchema },
  responses: {
    200: { description: "A page of comments, the story's count and whether it takes new ones", content: json(CommentListSchema) },
    404: { description: "NOT_FOUND: no story the public can read has this id", content: errorContent },
  },
});

export const listRepliesRoute = defineRoute({
  method: "get",
  // Not kept on the server: its path names a comment, not the story whose writes would drop it.
  cache: { maxAge: 0 },
  path: "/api/comments/{commentId}/replies",
  tags: ["Comments"],
  summary: "A thread's replies, oldest first, paged (from its first reply)",
  request: { params: CommentParamsSchema, query: ReplyListQuerySchema },
  responses: {
    200: { description: "A page of replies", content: json(ReplyListSchema) },
    404: { description: "NOT_FOUND: no top-level comment on a story the public can read has this id", content: errorContent },
  },
});

export const myCommentsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/comments",
  tags: ["Comments"],
  summary: "What of a story's comments is the signed-in member's: likes, their own, a ban, moderation",
  request: { query: MyCommentsQuerySchema },
  responses: {
    200: { description: "The member's likes and comments on the story", content: json(MyCommentsSchema) },
    401: notSignedIn,
    404: { description: "NOT_FOUND: no story the public can read has this id", content: errorContent },
  },
});

export const postCommentRoute = defineRoute({
  method: "post",
  invalidates: COMMENT_WRITES,
  path: "/api/stories/{storyId}/comments",
  tags: ["Comments"],
  summary: "Comment on a story, or reply to a comment (`reply_to`)",
  description:
    "A reply to a reply joins its thread (`parent_id` is the top-level comment) and names whom it answers. Rate limited per " +
    "member (a burst and an hour: 429 with Retry-After). An account younger than a day may post at most two links; the " +
    "same text as the member's previous comment is refused. The story's author, or the writer of the comment answered, is " +
    "e-mailed (never the writer, and only with comment e-mails on).",
  request: { params: StoryCommentsParamsSchema, body: { required: true, content: json(CommentCreateSchema) } },
  responses: {
    201: { description: "Posted", content: json(CommentSchema) },
    401: notSignedIn,
    404: { description: "NOT_FOUND: no story the public can read has this id, or the comment answered is not on it (or was removed)", content: errorContent },
    409: { description: "COMMENTS_CLOSED: the author turned comments off for this story", content: errorContent },
    ...ErrorResponses,
    400: { description: "VALIDATION_FAILED: the text is empty, too long, has too many links for a new account, or repeats the previous comment", content: errorContent },
    403: { description: `${banned}; FORBIDDEN_ORIGIN: a write from another site`, content: errorContent },
    429: { description: "RATE_LIMITED: too many comments in a short time; Retry-After says when to try again", content: errorContent },
  },
});

export const editCommentRoute = defineRoute({
  method: "patch",
  invalidates: COMMENT_WRITES,
  path: "/api/comments/{commentId}",
  tags: ["Comments"],
  summary: "Edit one's own comment (it is marked edited)",
  request: { params: CommentParamsSchema, body: { required: true, content: json(CommentEditSchema) } },
  responses: {
    200: { description: "The comment as its writer sees it", content: json(CommentSchema) },
    401: notSignedIn,
    404: noComment,
    ...ErrorResponses,
    403: refusedWrite,
  },
});

export const deleteCommentRoute = defineRoute({
  method: "delete",
  invalidates: COMMENT_WRITES,
  path: "/api/comments/{commentId}",
  tags: ["Comments"],
  summary: "Delete one's own comment ('Comment deleted' stays in its place while others answer it)",
  description: "Allowed while banned from commenting: a member may always take back what they wrote.",
  request: { params: CommentParamsSchema },
  responses: {
    200: { description: "Deleted", content: json(CommentDeletedSchema) },
    401: notSignedIn,
    404: noComment,
    ...ErrorResponses,
    403: { description: "NOT_YOUR_COMMENT: only its writer may delete it; FORBIDDEN_ORIGIN: a write from another site", content: errorContent },
  },
});

const likeRoute = (method: "put" | "delete") =>
  defineRoute({
    method,
    invalidates: COMMENT_WRITES,
    path: "/api/comments/{commentId}/like",
    tags: ["Comments"],
    summary: method === "put" ? "Like a comment (once per member; one's own too)" : "Take back one's like",
    description: "Safe to repeat: the count moves once per member.",
    request: { params: CommentParamsSchema },
    responses: {
      200: { description: "Whether the member likes it now, and its count", content: json(LikeStateSchema) },
      401: notSignedIn,
      404: noComment,
      ...ErrorResponses,
      403: { description: `${banned}; FORBIDDEN_ORIGIN: a write from another site`, content: errorContent },
    },
  });

export const likeCommentRoute = likeRoute("put");
export const unlikeCommentRoute = likeRoute("delete");
