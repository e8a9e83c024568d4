/**
 * Reports of what people publish (docs/decisions/0019): any signed-in user reports a story, a
 * product or a creator with one reason from a short list and an optional note; curators resolve
 * each by hiding the item or dismissing the report.
 */
export const REPORT_KINDS = ["story", "product", "creator"] as const;
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
