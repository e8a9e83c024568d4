/**
 * The lists an e-mail may belong to, as the unsubscribe page names them (docs/decisions/0030).
 * Plain constants, without the API's schemas, so the page that shows them stays small.
 */
export type MailListName = "follows" | "newsletter" | "alerts" | "comments";

export const MAIL_LIST_LABELS: Record<MailListName, string> = {
  follows: "e-mails from and about creators you follow",
  newsletter: "the MAYBE newsletter",
  alerts: "e-mails when something you asked about is back in stock or opens",
  comments: "e-mails about comments on your stories and replies to your comments",
};

export const UNSUBSCRIBE_MESSAGES = {
  invalid: "This unsubscribe link is not valid or has expired. You can change which e-mails you get in Settings.",
} as const;
