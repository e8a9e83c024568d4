/** The back office's Mail area (issue 32, docs/decisions/0030): e-mails given up after their last attempt, and their retry. */
import { z } from "zod";
import { pathId } from "./params.js";

export const MAIL_MESSAGES = {
  notFound: "There is no undelivered e-mail with that id (it may have been retried already).",
} as const;

export const UndeliveredMailSchema = z
  .object({
    id: z.string(),
    template: z.string().meta({ description: "Which e-mail it is (emails/catalog.ts)" }),
    recipient: z.string(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string().meta({ format: "date-time" }),
    failed_at: z.string().meta({ format: "date-time", description: "When its last attempt failed" }),
  })
  .meta({ id: "UndeliveredMail" });
export type UndeliveredMail = z.infer<typeof UndeliveredMailSchema>;

export const MailOverviewSchema = z
  .object({
    queued: z.number().int().meta({ description: "Waiting to be sent (or retried)" }),
    failed: z.number().int().meta({ description: "Given up after the last attempt" }),
    items: z.array(UndeliveredMailSchema).meta({ description: "The 100 most recent given up, newest first" }),
  })
  .meta({ id: "MailOverview" });
export type MailOverview = z.infer<typeof MailOverviewSchema>;

export const MailParamsSchema = z.object({ mailId: pathId("mailId") });
