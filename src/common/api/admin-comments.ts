/**
 * The back office's Comments area (issue 33, docs/decisions/0032): the comments list for curators,
 * hiding and unhiding one, and bans from commenting. The constants and texts are in
 * ../comment-moderation.ts, without zod, so the back office's chunk stays within its budget.
 */
import { z } from "zod";
import { ADMIN_COMMENT_STATES, BAN_DAYS_MAX, BAN_NOTE_MAX, COMMENT_HIDERS, COMMENT_MODERATION_MESSAGES } from "../comment-moderation.js";
import { hasControlCharacters } from "../text.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { pathId } from "./params.js";

const timestamp = z.string().meta({ format: "date-time" });

export const AdminCommentSchema = z
  .object({
    id: z.string(),
    story: z.object({ id: z.string(), title: z.string() }),
    path: z.string().meta({ description: "The comment at its place on its story's page" }),
    author: z
      .object({
        id: z.string(),
        name: z.string().meta({ description: "The member's username" }),
        email: z.string(),
        role: z.enum(["member", "curator", "admin"]),
        banned: z.boolean().meta({ description: "Banned from commenting right now" }),
        banned_until: timestamp.nullable().meta({ description: "The end of the ban in force; null for good or when not banned" }),
      })
      .nullable()
      .meta({ description: "null once the writer's account is deleted" }),
    body: z.string().meta({ description: "The text as typed (plain text); empty once its writer deleted it" }),
    state: z.enum(["visible", "hidden", "deleted"]).meta({ description: "What the public sees: hidden by anyone, or deleted by its writer" }),
    hidden_by: z.enum(COMMENT_HIDERS).nullable(),
    hidden_at: timestamp.nullable(),
    open_reports: z.number().int().meta({ description: "Reports of it waiting in the reports queue" }),
    reply_to_id: z.string().nullable(),
    created_at: timestamp,
    edited_at: timestamp.nullable(),
  })
  .meta({ id: "AdminComment" });
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const AdminCommentPageSchema = pageSchema(AdminCommentSchema).meta({ id: "AdminCommentPage" });
export type AdminCommentPage = z.infer<typeof AdminCommentPageSchema>;

export const ADMIN_COMMENTS_LIMIT_DEFAULT = 20;
export const ADMIN_COMMENTS_LIMIT_MAX = 100;

/** GET /api/admin/comments: newest first. */
export const AdminCommentListQuerySchema = z.object({
  state: z.enum(ADMIN_COMMENT_STATES, { error: "state must be reported, hidden or all" }).default("reported"),
  cursor: DatedCursorParam,
  limit: limitParam(ADMIN_COMMENTS_LIMIT_MAX, ADMIN_COMMENTS_LIMIT_DEFAULT),
});

export const AdminCommentParamsSchema = z.object({ commentId: pathId("commentId") });
export const CommentBanParamsSchema = z.object({ userId: pathId("userId") });

/** PUT /api/admin/comments/bans/{userId}. */
export const CommentBanInputSchema = z.object({
  days: z
    .number({ error: COMMENT_MODERATION_MESSAGES.daysInvalid })
    .int(COMMENT_MODERATION_MESSAGES.daysInvalid)
    .min(1, COMMENT_MODERATION_MESSAGES.daysInvalid)
    .max(BAN_DAYS_MAX, COMMENT_MODERATION_MESSAGES.daysInvalid)
    .nullable()
    .meta({ description: `How long, from now: 1 to ${BAN_DAYS_MAX} days; null for good` }),
  hide_comments: z
    .boolean()
    .default(false)
    .meta({ description: "Also hide every comment the member wrote (hidden by staff: stays hidden when the ban ends)" }),
  note: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length <= BAN_NOTE_MAX, COMMENT_MODERATION_MESSAGES.noteTooLong)
    .refine((v) => !hasControlCharacters(v, true), COMMENT_MODERATION_MESSAGES.noteInvalid)
    .meta({ description: `Why, for the other curators: plain text, at most ${BAN_NOTE_MAX} characters` }),
});
export type { AdminCommentState, CommentHider } from "../comment-moderation.js";
export type CommentBanInput = z.input<typeof CommentBanInputSchema>;

export const CommentBanSchema = z
  .object({
    user_id: z.string(),
    name: z.string().meta({ description: "The member's username" }),
    email: z.string(),
    until: timestamp.nullable().meta({ description: "When the ban ends; null for good" }),
    note: z.string(),
    created_by_email: z.string().nullable().meta({ description: "Who banned them; null when that account is gone" }),
    created_at: timestamp,
  })
  .meta({ id: "CommentBan" });
export type CommentBan = z.infer<typeof CommentBanSchema>;

export const CommentBanListSchema = z
  .object({ items: z.array(CommentBanSchema).meta({ description: "Bans in force, newest first" }) })
  .meta({ id: "CommentBanList" });
export type CommentBanList = z.infer<typeof CommentBanListSchema>;

export const CommentBanResultSchema = z
  .object({
    ban: CommentBanSchema,
    hidden: z.number().int().meta({ description: "Comments this ban hid (hide_comments)" }),
  })
  .meta({ id: "CommentBanResult" });
export type CommentBanResult = z.infer<typeof CommentBanResultSchema>;

export const CommentBanLiftedSchema = z.object({ lifted: z.literal(true) }).meta({ id: "CommentBanLifted" });
