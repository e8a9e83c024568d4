/**
 * A creator's messages to their followers (GET/POST /api/studio/messages, docs/decisions/0030).
 * The body's schema is shared by the studio and the server, so both give the same messages.
 */
import { z } from "zod";
import { hasControlCharacters } from "../text.js";
import { CREATOR_MESSAGE_MAX, CREATOR_MESSAGE_TEXT, normalizeCreatorMessage } from "../creator-message-fields.js";

export { CREATOR_MESSAGE_INTERVAL_DAYS, CREATOR_MESSAGE_MAX, CREATOR_MESSAGE_TEXT } from "../creator-message-fields.js";

/** POST /api/studio/messages. */
export const CreatorMessageDraftSchema = z.object({
  body: z
    .string({ error: CREATOR_MESSAGE_TEXT.required })
    .transform(normalizeCreatorMessage)
    .refine((v) => v.length > 0, CREATOR_MESSAGE_TEXT.required)
    .refine((v) => v.length <= CREATOR_MESSAGE_MAX, CREATOR_MESSAGE_TEXT.tooLong)
    .refine((v) => !hasControlCharacters(v, true), CREATOR_MESSAGE_TEXT.textInvalid)
    .meta({ description: `Markdown (CommonMark), 1 to ${CREATOR_MESSAGE_MAX} characters after trimming; raw HTML is shown as text` }),
});
export type CreatorMessageDraftInput = z.input<typeof CreatorMessageDraftSchema>;
export type CreatorMessageDraft = z.output<typeof CreatorMessageDraftSchema>;

export const StudioMessageSchema = z
  .object({
    id: z.string(),
    body: z.string().meta({ description: "Markdown, as written" }),
    created_at: z.string().meta({ format: "date-time", description: "When it was written (and its e-mails queued)" }),
    sent_at: z.string().nullable().meta({ format: "date-time", description: "When its last e-mail was queued; null while it is still going out" }),
    mail_count: z.number().int().min(0).meta({ description: "E-mails it made, one per follower who got it" }),
  })
  .meta({ id: "StudioMessage" });
export type StudioMessage = z.infer<typeof StudioMessageSchema>;

const audience = {
  followers: z.number().int().min(0).meta({ description: "Accounts following the creator, as the studio counts them" }),
  recipients: z.number().int().min(0).meta({
    description: "Of them, those a message would reach now: not those who chose never to get e-mails of creators they follow, nor the creator's own account",
  }),
  next_at: z.string().nullable().meta({ format: "date-time", description: "When the next message may be written; null: now" }),
};

/** GET /api/studio/messages. No follower's address or name: only counts. */
export const StudioMessagesSchema = z
  .object({
    ...audience,
    suspended: z.boolean().meta({ description: "Suspended by the curators: no message may be written" }),
    hidden: z.boolean().meta({ description: "Hidden by the curators: no message may be written" }),
    items: z.array(StudioMessageSchema).meta({ description: "The creator's messages, newest first (the last 52: a year's worth)" }),
  })
  .meta({ id: "StudioMessages" });
export type StudioMessages = z.infer<typeof StudioMessagesSchema>;

/** POST /api/studio/messages' answer. */
export const StudioMessageSentSchema = z
  .object({ ...audience, message: StudioMessageSchema })
  .meta({ id: "StudioMessageSent" });
export type StudioMessageSent = z.infer<typeof StudioMessageSentSchema>;
