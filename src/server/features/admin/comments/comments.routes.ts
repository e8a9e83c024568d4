/** The contract of the back office's Comments area (issue 33, docs/decisions/0032); shapes in common/api/admin-comments.ts. */
import {
  AdminCommentListQuerySchema,
  AdminCommentPageSchema,
  AdminCommentParamsSchema,
  AdminCommentSchema,
  CommentBanInputSchema,
  CommentBanLiftedSchema,
  CommentBanListSchema,
  CommentBanParamsSchema,
  CommentBanResultSchema,
} from "../../../../common/api/admin-comments.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notStaff, ok, signedOut, TAGS } from "../contract.js";

const curators = notStaff("curators and admins");
// Comments and their counts are in the public lists and story pages (cached under `catalog`).
const PUBLIC_COMMENTS = ["catalog"] as const;

export const listAdminCommentsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/comments",
  tags: TAGS,
  summary: "Comments for moderation: reported, hidden or all, newest first",
  description:
    "Curators and admins. Each comment with its story, its writer (name and e-mail), its text whatever the public sees of it, " +
    "who hid it and how many open reports it has. Keyset-paged.",
  request: { query: AdminCommentListQuerySchema },
  responses: { 200: ok("A page of comments", AdminCommentPageSchema), 401: signedOut, ...ErrorResponses, 403: curators },
});

const moveResponses = {
  200: ok("The comment after the change", AdminCommentSchema),
  401: signedOut,
  ...ErrorResponses,
  403: curators,
  404: { description: "NOT_FOUND: no comment has this id", content: errorContent },
  409: { description: "COMMENT_DELETED: its writer deleted it; nothing changed", content: errorContent },
};

export const hideCommentRoute = defineRoute({
  method: "post",
  invalidates: PUBLIC_COMMENTS,
  path: "/api/admin/comments/{commentId}/hide",
  tags: TAGS,
  summary: "Hide a comment from everyone but its writer and staff",
  description:
    "Curators and admins. Audited (comment.hide). A comment hidden by its story's author or by reports becomes the curators' " +
    "(its author can no longer show it again); one already hidden by staff is unchanged. The story's counts follow.",
  request: { params: AdminCommentParamsSchema },
  responses: moveResponses,
});

export const unhideCommentRoute = defineRoute({
  method: "post",
  invalidates: PUBLIC_COMMENTS,
  path: "/api/admin/comments/{commentId}/unhide",
  tags: TAGS,
  summary: "Show a hidden comment again, whoever hid it",
  description: "Curators and admins. Audited (comment.unhide). A comment not hidden is unchanged. A banned writer's comments stay out of sight until the ban ends.",
  request: { params: AdminCommentParamsSchema },
  responses: moveResponses,
});

export const listCommentBansRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/comments/bans",
  tags: TAGS,
  summary: "Members banned from commenting now",
  description: "Curators and admins. Bans in force (for good, or not over yet), newest first, with who banned and why.",
  responses: { 200: ok("The bans in force", CommentBanListSchema), 401: signedOut, ...ErrorResponses, 403: curators },
});

export const banFromCommentingRoute = defineRoute({
  method: "put",
  // While banned, a member's comments are out of the public's sight.
  invalidates: PUBLIC_COMMENTS,
  path: "/api/admin/comments/bans/{userId}",
  tags: TAGS,
  summary: "Ban a member from commenting, replying, editing and liking, for some days or for good",
  description:
    "Curators and admins. Replaces a ban the member has. `hide_comments` also hides every comment they wrote (it stays hidden " +
    "when the ban ends). Audited (user.comment-ban, with the ban before and after). Staff cannot be banned.",
  request: { params: CommentBanParamsSchema, body: json(CommentBanInputSchema) },
  responses: {
    200: ok("The ban, and how many comments it hid", CommentBanResultSchema),
    401: signedOut,
    ...ErrorResponses,
    403: curators,
    404: { description: "NOT_FOUND: no member has this id", content: errorContent },
    409: { description: "STAFF_NOT_BANNABLE: curators and admins cannot be banned from commenting; nothing changed", content: errorContent },
  },
});

export const liftCommentBanRoute = defineRoute({
  method: "delete",
  invalidates: PUBLIC_COMMENTS,
  path: "/api/admin/comments/bans/{userId}",
  tags: TAGS,
  summary: "Lift a member's ban from commenting",
  description: "Curators and admins. Audited (user.comment-unban). Comments a curator hid stay hidden.",
  request: { params: CommentBanParamsSchema },
  responses: {
    200: ok("Lifted", CommentBanLiftedSchema),
    401: signedOut,
    ...ErrorResponses,
    403: curators,
    404: { description: "NOT_BANNED: the member has no ban", content: errorContent },
  },
});
