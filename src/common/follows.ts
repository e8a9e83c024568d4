/**
 * How an account hears of new stories and drops by the creators it follows (docs/decisions/0030):
 * an e-mail for each at once (the default), one digest a week, or never. Plain constants, without
 * the API's schemas, for the Settings section that offers them.
 */
export const FOLLOW_MAIL = ["instant", "weekly", "never"] as const;
export type FollowMail = (typeof FOLLOW_MAIL)[number];

export const FOLLOW_MAIL_LABELS: Record<FollowMail, string> = {
  instant: "At once, an e-mail for each",
  weekly: "A weekly digest",
  never: "Never",
};
