/** The contract of the back office's Mail area (issue 32, docs/decisions/0030); shapes in common/api/admin-mail.ts. */
import { MailOverviewSchema, MailParamsSchema, UndeliveredMailSchema } from "../../../../common/api/admin-mail.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { notStaff, ok, signedOut, TAGS } from "../contract.js";

export const mailOverviewRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/mail",
  tags: TAGS,
  summary: "The outbox at a glance: how many e-mails wait, how many were given up, and the latest given up",
  description: "Admins. An e-mail is given up (dead-lettered) after its last attempt; it stays here until retried or purged.",
  responses: { 200: ok("The outbox", MailOverviewSchema), 401: signedOut, ...ErrorResponses, 403: notStaff("admins") },
});

export const retryMailRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/admin/mail/{mailId}/retry",
  tags: TAGS,
  summary: "Send a given-up e-mail again, from its first attempt",
  description: "Admins. Recorded in the audit log (mail.retry).",
  request: { params: MailParamsSchema },
  responses: {
    200: ok("Queued again", UndeliveredMailSchema.pick({ id: true, template: true, recipient: true })),
    401: signedOut,
    ...ErrorResponses,
    403: notStaff("admins"),
    404: { description: "NOT_FOUND: no given-up e-mail has this id", content: errorContent },
  },
});
