/** The contract of the back office's Newsletter area (issue 32, docs/decisions/0031); shapes in common/api/admin-newsletter.ts. */
import { z } from "zod";
import {
  NewsletterIssueInputSchema,
  NewsletterIssueSchema,
  NewsletterOverviewSchema,
  NewsletterParamsSchema,
  NewsletterSendSchema,
  NewsletterTestSentSchema,
} from "../../../../common/api/admin-newsletter.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notStaff, ok, signedOut, TAGS } from "../contract.js";

const refused = { 401: signedOut, ...ErrorResponses, 403: notStaff("admins") };
const notFound = { description: "NOT_FOUND: no issue has this id", content: errorContent };
const conflict = (what: string) => ({ description: `NEWSLETTER_STATE: ${what}`, content: errorContent });
const request = { params: NewsletterParamsSchema };

export const newsletterOverviewRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/newsletter",
  tags: TAGS,
  summary: "The newsletter's list (confirmed and waiting) and its issues, newest first, with their progress",
  description: "Admins.",
  responses: { 200: ok("The newsletter", NewsletterOverviewSchema), ...refused },
});

export const createIssueRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/admin/newsletter",
  tags: TAGS,
  summary: "Write a new issue (a draft)",
  description: "Admins. Recorded in the audit log (newsletter.create).",
  request: { body: json(NewsletterIssueInputSchema) },
  responses: { 201: ok("The draft", NewsletterIssueSchema), ...refused },
});

export const issueRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/newsletter/{issueId}",
  tags: TAGS,
  summary: "One issue: its text, status, progress (queued, sent, failed) and the latest failures",
  description: "Admins.",
  request,
  responses: { 200: ok("The issue", NewsletterIssueSchema), ...refused, 404: notFound },
});

export const updateIssueRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/admin/newsletter/{issueId}",
  tags: TAGS,
  summary: "Change a draft, or a scheduled issue that has not begun sending",
  description: "Admins. Recorded in the audit log (newsletter.update).",
  request: { ...request, body: json(NewsletterIssueInputSchema) },
  responses: { 200: ok("The issue", NewsletterIssueSchema), ...refused, 404: notFound, 409: conflict("it has been sent") },
});

export const deleteIssueRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/admin/newsletter/{issueId}",
  tags: TAGS,
  summary: "Delete a draft",
  description: "Admins. Recorded in the audit log (newsletter.delete).",
  request,
  responses: { 200: ok("Deleted", z.object({ deleted: z.literal(true) })), ...refused, 404: notFound, 409: conflict("only a draft can be deleted") },
});

export const testIssueRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/admin/newsletter/{issueId}/test",
  tags: TAGS,
  summary: "Send a test copy of the issue to yourself",
  description: "Admins. Goes to the signed-in admin's own address only, marked as a test; any issue, sent or not.",
  request,
  responses: { 200: ok("On its way", NewsletterTestSentSchema), ...refused, 404: notFound },
});

export const sendIssueRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/admin/newsletter/{issueId}/send",
  tags: TAGS,
  summary: "Send a draft to every confirmed subscriber, now or at a set time",
  description:
    "Admins. The outbox worker writes one e-mail per subscriber in batches (each once, across restarts) and sends them at the site's pace. " +
    "Recorded in the audit log (newsletter.send, newsletter.schedule).",
  request: { ...request, body: json(NewsletterSendSchema, false) },
  responses: { 200: ok("Sending or scheduled", NewsletterIssueSchema), ...refused, 404: notFound, 409: conflict("it is scheduled or sent already") },
});

export const unscheduleIssueRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/admin/newsletter/{issueId}/unschedule",
  tags: TAGS,
  summary: "Take a scheduled issue back to a draft",
  description: "Admins. Only before it begins sending. Recorded in the audit log (newsletter.unschedule).",
  request,
  responses: { 200: ok("A draft again", NewsletterIssueSchema), ...refused, 404: notFound, 409: conflict("it is not scheduled, or has begun") },
});
