/**
 * Every e-mail the site sends, by name, with the props its template takes. The outbox stores a
 * name and props (JSON) and renders the message when it sends it (server/emails/render.tsx), so
 * what a request costs does not depend on whether it sends an e-mail: the password reset answers
 * in the same time for an address with an account and one without.
 */
import type { Invoice } from "../../common/api/invoices.js";
import type { Order } from "../../common/api/orders.js";
import type { MailList } from "./unsubscribe.js";

/** What the order e-mails read of an order: the buyer's answer and the back office's both have it. */
export type MailedOrder = Omit<Order, "can_cancel">;

export interface MailTemplates {
  /** After checkout (features/orders), with the invoice beside it. */
  "order-confirmation": { order: MailedOrder };
  /** The order's invoice, sent with the confirmation (features/orders/invoices.queries.ts). */
  "order-invoice": { invoice: Invoice };
  /** The shop moved the order (features/admin/orders/fulfilment.service.ts). */
  "order-paid": { order: MailedOrder };
  "order-shipped": { order: MailedOrder };
  "order-delivered": { order: MailedOrder };
  /** Cancelled by the shop, or by the buyer from their order's page (`by: "buyer"`). */
  "order-cancelled": { order: MailedOrder; by?: "buyer" | "shop" };
  "order-refunded": { order: MailedOrder };
  /** An unpaid order cancelled with its buyer's account (features/account). */
  "order-cancelled-account-deleted": { order: MailedOrder };
  /** Forgot password: a single-use link valid for `expiresInMinutes`. */
  "password-reset": { name: string; url: string; expiresInMinutes: number };
  /** Confirms the address given at sign-up. */
  "verify-email": { name: string; url: string };
  /** Sent to the new address: confirming it makes it the account's e-mail. */
  "change-email-confirm": { name: string; url: string; newEmail: string };
  /** Sent to the old address once the change is confirmed. */
  "email-changed": { name: string; oldEmail: string; newEmail: string };
  /** Security notice after a password change or reset. */
  "password-changed": { name: string };
  /** The last message to a deleted account's address. */
  "account-deleted": { name: string };
  /** A creator the reader follows published a story (outbox/announcements/). */
  "follow-story": { name: string; creatorName: string; title: string; url: string };
  /** A creator the reader follows has a new product, or a drop opened. */
  "follow-drop": { name: string; creatorName: string; productName: string; url: string };
  /** A week of new work by the creators the reader follows, for `follow_mail = weekly`. */
  "follow-digest": { name: string; items: FollowDigestItem[] };
  /** 'Notify me': a sold-out size is back (`size`), or a drop opened (`opened`). */
  "stock-alert": { name: string; productName: string; size: string | null; url: string; opened: boolean };
  /** A creator the reader follows wrote to their followers (`body`: Markdown; outbox/announcements/messages.ts). */
  "creator-message": { name: string; creatorName: string; body: string; url: string };
  /** The footer's newsletter sign-up: the link that confirms the address (double opt-in). */
  "newsletter-confirm": { url: string };
  /** A newsletter issue staff wrote (features/admin/newsletter); `test` marks the copy sent to its writer. */
  "newsletter-issue": { subject: string; body: string; test?: boolean };
  /** A new top-level comment on the reader's story (features/comments/comment-mail.ts); `body` is the comment as typed. */
  "comment-on-story": CommentMail;
  /** A reply to the reader's comment. */
  "comment-reply": CommentMail;
  /** Reports of AUTO_HIDE_REPORTS members hid the reader's comment until a curator decides (features/admin/comments). */
  "comment-hidden": { name: string; storyTitle: string; body: string; reports: number; url: string };
  /** A curator put the creator's track in rotation, declined it or took it out (`note`: theirs; features/admin/radio). */
  "track-reviewed": { name: string; trackTitle: string; approved: boolean; note: string | null; url: string };
}

export interface CommentMail {
  name: string;
  commenterName: string;
  storyTitle: string;
  body: string;
  url: string;
}

export interface FollowDigestItem {
  kind: "story" | "drop";
  creatorName: string;
  title: string;
  url: string;
}

export type MailTemplateName = keyof MailTemplates;

export const MAIL_TEMPLATE_NAMES = [
  "order-confirmation",
  "order-invoice",
  "order-paid",
  "order-shipped",
  "order-delivered",
  "order-cancelled",
  "order-refunded",
  "order-cancelled-account-deleted",
  "password-reset",
  "verify-email",
  "change-email-confirm",
  "email-changed",
  "password-changed",
  "account-deleted",
  "follow-story",
  "follow-drop",
  "follow-digest",
  "stock-alert",
  "creator-message",
  "newsletter-confirm",
  "newsletter-issue",
  "comment-on-story",
  "comment-reply",
  "comment-hidden",
  "track-reviewed",
] as const satisfies readonly MailTemplateName[];

/**
 * The e-mails a reader did not ask for by an action of their own, by the list each belongs to:
 * they carry one-click unsubscribe (emails/unsubscribe.ts, outbox/deliver.ts). Every other
 * template is transactional (an order, the account's security) and has no way out.
 */
export const MAIL_LIST_OF: Partial<Record<MailTemplateName, MailList>> = {
  "follow-story": "follows",
  "follow-drop": "follows",
  "follow-digest": "follows",
  "stock-alert": "alerts",
  "creator-message": "follows",
  "newsletter-issue": "newsletter",
  "comment-on-story": "comments",
  "comment-reply": "comments",
};

/** What every template may read besides its own props (from config). */
export interface MailContext {
  publicUrl: string;
  /** Where a reader writes with a question (CONTACT_EMAIL). */
  contactEmail: string;
  /** The reader's unsubscribe page, for an e-mail of a list (MAIL_LIST_OF); set per message. */
  unsubscribeUrl?: string;
}

/** One e-mail ready for the transport: both parts are always present. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
