/**
 * Comments on stories (issue 33, docs/decisions/0032): the shapes of /api/stories/{id}/comments,
 * /api/comments/*, /api/me/comments and the story author's controls. Texts and limits are in
 * ../comments.ts, shared with the story page.
 *
 * A comment is plain text with paragraphs and links: the server keeps what was typed (trimmed,
 * line breaks as \n) and the page renders it inert (http(s) links only, rel="nofollow ugc").
 * Two levels: a top-level comment and its replies. A reply to a reply stays in its thread
 * (`parent_id` is the top-level comment) and names whom it answers (`reply_to`).
 *
 * The list is public and the same for everyone (cached, server-rendered with the story); what is
 * the viewer's own (their likes, their comments, a ban) is GET /api/me/comments.
 */
import { z } from "zod";
import { COMMENT_MAX, COMMENT_MESSAGES as M, COMMENT_SORTS } from "../comments.js";
import { hasControlCharacters } from "../text.js";
import { limitParam } from "./paging.js";
import { ID_MAX, pathId } from "./params.js";

const timestamp = z.string().meta({ format: "date-time" });

/** The text of a comment as it arrives: trimmed, line breaks as \n, at most COMMENT_MAX characters. */
export const CommentBodySchema = z
  .string({ error: M.bodyRequired })
  .transform((v) => v.replace(/\r\n?/g, "\n").trim())
  .refine((v) => v.length > 0, M.bodyRequired)
  .refine((v) => v.length <= COMMENT_MAX, M.tooLong)
  .refine((v) => !hasControlCharacters(v, true), M.textInvalid)
  .meta({ description: `Plain text with paragraphs and links, at most ${COMMENT_MAX} characters` });

/** POST /api/stories/{storyId}/comments. */
export const CommentCreateSchema = z.object({
  body: CommentBodySchema,
  reply_to: z
    .string()
    .min(1)
    .max(ID_MAX)
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "The comment answered (top-level or a reply); absent for a new thread" }),
});
export type CommentCreateInput = z.input<typeof CommentCreateSchema>;

/** PATCH /api/comments/{commentId}. */
export const CommentEditSchema = z.object({ body: CommentBodySchema });
export type CommentEditInput = z.input<typeof CommentEditSchema>;

export const CommentAuthorSchema = z
  .object({
    name: z.string().meta({ description: "The member's username, their creator name if they are one, or 'Deleted account'" }),
    creator_id: z.string().nullable().meta({ description: "Their creator page, when they are a creator the public can see" }),
    is_story_author: z.boolean().meta({ description: "The story's own creator (shown as Author)" }),
  })
  .meta({ id: "CommentAuthor" });

const commentFields = {
  id: z.string(),
  story_id: z.string(),
  parent_id: z.string().nullable().meta({ description: "The thread's top-level comment; null for a top-level comment" }),
  reply_to: z
    .union([z.object({ id: z.string(), name: z.string() }), z.null()])
    .meta({ description: "Whom a reply to a reply answers (their name); null otherwise" }),
  author: CommentAuthorSchema,
  state: z
    .enum(["visible", "deleted", "hidden"])
    .meta({ description: "deleted or hidden: a placeholder kept for its replies ('Comment deleted', 'Comment hidden'), with an empty body" }),
  body: z.string(),
  created_at: timestamp,
  edited_at: timestamp.nullable().meta({ description: "Set once the author edited it ('edited')" }),
  like_count: z.number().int(),
};

export const ReplySchema = z.object(commentFields).meta({ id: "CommentReply" });
export type CommentReply = z.infer<typeof ReplySchema>;

export const CommentSchema = z
  .object({
    ...commentFields,
    reply_count: z.number().int().meta({ description: "Replies shown to the public" }),
    replies: z.array(ReplySchema).meta({ description: "The first replies, oldest first (REPLIES_SHOWN); the rest from /api/comments/{id}/replies" }),
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListQuerySchema = z.object({
  sort: z.enum(COMMENT_SORTS).default("oldest").meta({ description: "oldest (the default), newest or liked (most liked first)" }),
  cursor: z.string().max(500).optional().meta({ description: "Opaque position from the previous page's next_cursor" }),
  limit: limitParam(50, 20),
});

/** GET /api/stories/{storyId}/comments. */
export const CommentListSchema = z
  .object({
    items: z.array(CommentSchema),
    next_cursor: z.string().nullable(),
    count: z.number().int().meta({ description: "Every comment the public sees on the story, replies included" }),
    open: z.boolean().meta({ description: "false when the author turned comments off (the comments stay readable)" }),
  })
  .meta({ id: "CommentList" });
export type CommentList = z.infer<typeof CommentListSchema>;

/** GET /api/comments/{commentId}/replies: from the thread's first reply, REPLY_PAGE at a time. */
export const ReplyListQuerySchema = z.object({
  cursor: z.string().max(500).optional().meta({ description: "Opaque position from the previous page's next_cursor; absent for the first reply" }),
});

/** GET /api/comments/{commentId}/replies. */
export const ReplyListSchema = z.object({ items: z.array(ReplySchema), next_cursor: z.string().nullable() }).meta({ id: "ReplyList" });
export type ReplyList = z.infer<typeof ReplyListSchema>;

/** GET /api/me/comments?story=: what of the story's comments is the signed-in member's own. */
export const MyCommentsSchema = z
  .object({
    liked: z.array(z.string()).meta({ description: "Comments of the story the member liked" }),
    mine: z.array(z.string()).meta({ description: "Comments of the story the member wrote (they may edit and delete them)" }),
    hidden: z.array(CommentSchema).meta({ description: "The member's own comments hidden from everyone else, so they still see them" }),
    banned_until: z
      .union([timestamp, z.null()])
      .meta({ description: "While banned from commenting: until when; see `banned`" }),
    banned: z.boolean().meta({ description: "true while the member may not comment, reply, edit or like" }),
    can_moderate: z.boolean().meta({ description: "The story's author or staff: may hide comments on it" }),
  })
  .meta({ id: "MyComments" });
export type MyComments = z.infer<typeof MyCommentsSchema>;

export const LikeStateSchema = z.object({ liked: z.boolean(), like_count: z.number().int() }).meta({ id: "CommentLike" });
export type LikeState = z.infer<typeof LikeStateSchema>;

export const CommentDeletedSchema = z
  .object({ deleted: z.literal(true), placeholder: z.boolean().meta({ description: "true when its replies keep 'Comment deleted' in its place" }) })
  .meta({ id: "CommentDeleted" });

/** PUT /api/studio/stories/{id}/comments: the author opens or closes a story's comments. */
export const CommentsOpenSchema = z.object({ open: z.boolean() }).meta({ id: "CommentsOpen" });

export const StoryCommentsParamsSchema = z.object({ storyId: pathId("storyId") });
export const CommentParamsSchema = z.object({ commentId: pathId("commentId") });
export const MyCommentsQuerySchema = z.object({ story: z.string().min(1).max(ID_MAX).meta({ description: "The story's id" }) });
