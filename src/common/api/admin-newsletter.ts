/**
 * The back office's Newsletter area (issue 32, docs/decisions/0031): issues written in Markdown,
 * previewed, a test copy to oneself, then sent, now or at a set time, to every confirmed
 * subscriber, with the progress of the sending.
 */
import { z } from "zod";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_ISSUE_MESSAGES, NEWSLETTER_STATUSES, NEWSLETTER_SUBJECT_MAX, type NewsletterStatus } from "../newsletter-issue.js";
import { pathId } from "./params.js";

export { NEWSLETTER_BODY_MAX, NEWSLETTER_ISSUE_MESSAGES, NEWSLETTER_STATUSES, NEWSLETTER_SUBJECT_MAX, type NewsletterStatus };

const M = NEWSLETTER_ISSUE_MESSAGES;

export const NewsletterIssueInputSchema = z.object({
  subject: z
    .string({ error: M.subjectRequired })
    .trim()
    .min(1, M.subjectRequired)
    .max(NEWSLETTER_SUBJECT_MAX, M.subjectTooLong)
    .refine((v) => !/[\r\n]/.test(v), M.subjectOneLine)
    .meta({ description: "The e-mail's subject, as it is sent" }),
  body: z
    .string({ error: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .max(NEWSLETTER_BODY_MAX, M.bodyTooLong)
    .meta({ description: "Markdown: paragraphs, headings, lists, links (http, https, mailto, the site's own)" }),
});
export type NewsletterIssueInput = z.infer<typeof NewsletterIssueInputSchema>;

export const NewsletterSendSchema = z.object({
  send_at: z
    .string({ error: M.sendAt })
    .refine((v) => !Number.isNaN(Date.parse(v)) && /T/.test(v), M.sendAt)
    .transform((v) => new Date(v).toISOString())
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "When it goes (ISO time, in the future); null or absent: now" }),
});
export type NewsletterSend = z.input<typeof NewsletterSendSchema>;


export const NewsletterProgressSchema = z
  .object({
    recipients: z.number().int().meta({ description: "E-mails written for it so far (the list, once it has all been expanded)" }),
    queued: z.number().int().meta({ description: "Waiting to be sent (or retried)" }),
    sent: z.number().int(),
    failed: z.number().int().meta({ description: "Given up after the last attempt (retry them from Mail)" }),
  })
  .meta({ id: "NewsletterProgress" });
export type NewsletterProgress = z.infer<typeof NewsletterProgressSchema>;

export const NewsletterIssueSummarySchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    status: z.enum(NEWSLETTER_STATUSES),
    send_at: z.string().meta({ format: "date-time" }).nullable(),
    updated_at: z.string().meta({ format: "date-time" }),
    progress: NewsletterProgressSchema,
  })
  .meta({ id: "NewsletterIssueSummary" });
export type NewsletterIssueSummary = z.infer<typeof NewsletterIssueSummarySchema>;

export const NewsletterFailureSchema = z
  .object({
    id: z.string().meta({ description: "The e-mail's id (Mail's Retry takes it)" }),
    recipient: z.string(),
    last_error: z.string().nullable(),
    failed_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "NewsletterFailure" });

export const NewsletterIssueSchema = NewsletterIssueSummarySchema.extend({
  body: z.string(),
  created_at: z.string().meta({ format: "date-time" }),
  failures: z.array(NewsletterFailureSchema).meta({ description: "The 50 most recent given up" }),
}).meta({ id: "NewsletterIssue" });
export type NewsletterIssue = z.infer<typeof NewsletterIssueSchema>;

export const NewsletterOverviewSchema = z
  .object({
    subscribers: z.object({
      confirmed: z.number().int().meta({ description: "On the list: accounts that said yes and confirmed footer sign-ups" }),
      waiting: z.number().int().meta({ description: "Footer sign-ups waiting for their confirmation (forgotten after 7 days)" }),
    }),
    issues: z.array(NewsletterIssueSummarySchema).meta({ description: "Newest first" }),
  })
  .meta({ id: "NewsletterOverview" });
export type NewsletterOverview = z.infer<typeof NewsletterOverviewSchema>;

export const NewsletterParamsSchema = z.object({ issueId: pathId("issueId") });

export const NewsletterTestSentSchema = z.object({ to: z.string().meta({ description: "Your own address, where the test copy went" }) });
