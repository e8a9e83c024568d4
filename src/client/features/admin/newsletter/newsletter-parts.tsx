/** What the Newsletter's list and editor share: their words and the status badge. */
import type { NewsletterStatus } from "../../../../common/newsletter-issue";

export const NEWSLETTER_TEXT = {
  loading: "Loading the newsletter...",
  failed: "The newsletter could not be loaded.",
  confirmed: "On the list",
  waiting: "Waiting to confirm",
  newIssue: "New issue",
  empty: "No issues yet. Write the first one.",
  subject: "Subject",
  body: "Issue (Markdown)",
  preview: "Preview",
  emptyPreview: "What you write shows here as it will read in the e-mail.",
  save: "Save draft",
  saving: "Saving...",
  saved: "Saved.",
  test: "Send a test to me",
  tested: (to: string) => `A test copy is on its way to ${to}.`,
  sendNow: "Send now",
  schedule: "Schedule",
  scheduleAt: "Send at (your time)",
  unschedule: "Unschedule",
  confirmTitle: "Send this issue?",
  confirmSend: (n: number) => `It goes to everyone on the list now: ${n.toLocaleString("en-US")} ${n === 1 ? "subscriber" : "subscribers"}. It cannot be taken back.`,
  confirmSchedule: (when: string) => `It goes to everyone on the list at ${when}. You can unschedule it until then.`,
  sendFailed: "That did not work. Please try again.",
  scheduledFor: (when: string) => `Scheduled for ${when}. You can still edit it or unschedule it until then.`,
  progress: "Progress",
  recipients: "Recipients",
  queued: "Queued",
  sent: "Sent",
  failedCount: "Failed",
  failures: "Failures",
  failuresHint: "Retry them from Mail.",
  back: "All issues",
  deleteDraft: "Delete draft",
  notFound: "There is no newsletter issue with that id.",
} as const;

const STATUS: Record<NewsletterStatus, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-white" },
  scheduled: { label: "Scheduled", className: "bg-yellow-soft" },
  sending: { label: "Sending", className: "bg-pink" },
  sent: { label: "Sent", className: "bg-teal" },
};

export function StatusBadge({ status }: { status: NewsletterStatus }) {
  const { label, className } = STATUS[status];
  return <span className={`rounded-full border-2 border-ink px-3 py-0.5 text-sm font-bold ${className}`}>{label}</span>;
}
