/**
 * Reports of what people publish (docs/decisions/0019): any signed-in user reports a story, a
 * product, a creator or a comment with one reason from a short list and an optional note; curators
 * resolve each by hiding the item or dismissing the report. A comment reported by
 * AUTO_HIDE_REPORTS different members is hidden until a curator decides (docs/decisions/0032).
 */
export const REPORT_KINDS = ["story", "product", "creator", "comment"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_REASONS = {
  spam: "Spam or advertising",
  offensive: "Offensive or hateful",
  copyright: "Someone else's work",
  misleading: "Misleading or a scam",
  other: "Something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_IDS = Object.keys(REPORT_REASONS) as ReportReason[];

/** open: waiting for a curator; hidden: the item was hidden for it; dismissed: nothing to do. */
export const REPORT_STATUSES = ["open", "hidden", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_NOTE_MAX = 500;

/** How long a curator's note on a resolution may be. */
export const RESOLUTION_NOTE_MAX = 500;

/**
 * The texts the report dialog, the queue and the server share. Here, without zod, so the dialog's
 * chunk stays small (docs/decisions/0013).
 */
export const REPORT_MESSAGES = {
  reasonRequired: "Please choose a reason",
  noteTooLong: `Please keep the note to ${REPORT_NOTE_MAX} characters`,
  resolutionNoteTooLong: `Please keep the note to ${RESOLUTION_NOTE_MAX} characters`,
  textInvalid: "Please remove the control characters",
  /** 404 from POST /api/reports: no such item, or it is not on the site. */
  itemNotFound: "This could not be found. It may have been removed already.",
  /** 409 ALREADY_REPORTED. */
  alreadyReported: "You have already reported this. A curator will look at it.",
  /** 429 RATE_LIMITED. */
  rateLimited: "You have sent a lot of reports in a short time. Please wait a while and try again.",
  /** 201: what the reporter is told. */
  thanks: "Thanks for telling us. A curator will look at it.",
  reportNotFound: "There is no report with this id.",
  /** 409 REPORT_RESOLVED: another curator resolved it first. */
  alreadyResolved: (by: string, status: "hidden" | "dismissed") =>
    `This report was already resolved by ${by} (${status === "hidden" ? "item hidden" : "dismissed"}). The queue has been refreshed.`,
  /** 404 from hide: the reported item was deleted since. */
  itemGone: "The reported item no longer exists, so it cannot be hidden. Dismiss the report instead.",
} as const;

/**
 * Where a reported item is seen on the site (a product opens in the store's modal, a comment at its
 * place on its story's page, which needs the story: without it, the stories).
 */
export function reportedItemPath(kind: ReportKind, id: string, storyId?: string | null): string {
  const encoded = encodeURIComponent(id);
  if (kind === "story") return `/stories/${encoded}`;
  if (kind === "creator") return `/creators/${encoded}`;
  if (kind === "comment") return storyId ? `/stories/${encodeURIComponent(storyId)}#comment-${encoded}` : "/stories";
  return `/store?productId=${encoded}`;
}

/** How much of a comment's text the queue shows as its title. */
export const REPORTED_COMMENT_TITLE_MAX = 120;
