/**
 * A newsletter issue's limits, messages and statuses (docs/decisions/0031), without the API's
 * schemas, so the back office's editor checks what the server checks without loading zod.
 */
export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_BODY_MAX = 20_000;

export const NEWSLETTER_ISSUE_MESSAGES = {
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be at most ${NEWSLETTER_SUBJECT_MAX} characters`,
  subjectOneLine: "Subject must be one line",
  bodyRequired: "Write the issue first",
  bodyTooLong: `The issue must be at most ${NEWSLETTER_BODY_MAX.toLocaleString("en-US")} characters`,
  sendAt: "Choose a date and time in the future",
  notFound: "There is no newsletter issue with that id.",
  sent: "This issue has been sent; it can no longer be changed.",
  scheduled: "This issue is scheduled; unschedule it first.",
  notScheduled: "This issue is not scheduled.",
  started: "This issue has started sending; it can no longer be stopped.",
  notDraft: "Only a draft can be deleted.",
} as const;

export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** The same checks as NewsletterIssueInputSchema, message for message, for the editor. */
export function issueFieldErrors(subject: string, body: string): Partial<Record<"subject" | "body", string>> {
  const M = NEWSLETTER_ISSUE_MESSAGES;
  const errors: Partial<Record<"subject" | "body", string>> = {};
  const s = subject.trim();
  const b = body.trim();
  if (!s) errors.subject = M.subjectRequired;
  else if (s.length > NEWSLETTER_SUBJECT_MAX) errors.subject = M.subjectTooLong;
  else if (/[\r\n]/.test(s)) errors.subject = M.subjectOneLine;
  if (!b) errors.body = M.bodyRequired;
  else if (b.length > NEWSLETTER_BODY_MAX) errors.body = M.bodyTooLong;
  return errors;
}
