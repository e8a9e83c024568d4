/**
 * Every template by name. Loaded by render.tsx on the first e-mail, not at start-up: React and
 * the React Email components cost most of a second to import.
 */
import { accountDeleted, changeEmailConfirm, emailChanged, passwordChanged, passwordReset, verifyEmail } from "./account-mails.js";
import { createElement, type Attributes, type ReactElement } from "react";
import { commentOnStory, commentReply } from "./comment-mails.js";
import { creatorMessage } from "./creator-mails.js";
import { followDigest, followDrop, followStory, stockAlert } from "./follow-mails.js";
import type { MailContext, MailTemplateName, MailTemplates } from "./catalog.js";
import { orderInvoice } from "./invoice-mail.js";
import { newsletterConfirm, newsletterIssue } from "./newsletter-mails.js";
import { commentHidden, trackReviewed } from "./moderation-mails.js";
import { orderCancelled, orderCancelledAccountDeleted, orderConfirmation, orderDelivered, orderPaid, orderRefunded, orderShipped } from "./order-mails.js";
import type { MailProps, MailTemplate } from "./template.js";

export const TEMPLATES: { [T in MailTemplateName]: MailTemplate<T> } = {
  "order-confirmation": orderConfirmation,
  "order-invoice": orderInvoice,
  "order-paid": orderPaid,
  "order-shipped": orderShipped,
  "order-delivered": orderDelivered,
  "order-cancelled": orderCancelled,
  "order-refunded": orderRefunded,
  "order-cancelled-account-deleted": orderCancelledAccountDeleted,
  "password-reset": passwordReset,
  "verify-email": verifyEmail,
  "change-email-confirm": changeEmailConfirm,
  "email-changed": emailChanged,
  "password-changed": passwordChanged,
  "account-deleted": accountDeleted,
  "follow-story": followStory,
  "follow-drop": followDrop,
  "follow-digest": followDigest,
  "stock-alert": stockAlert,
  "creator-message": creatorMessage,
  "newsletter-confirm": newsletterConfirm,
  "newsletter-issue": newsletterIssue,
  "comment-on-story": commentOnStory,
  "comment-reply": commentReply,
  "comment-hidden": commentHidden,
  "track-reviewed": trackReviewed,
};

export function mailElement<T extends MailTemplateName>(name: T, props: MailTemplates[T], context: MailContext): ReactElement {
  const template: MailTemplate<T> | undefined = TEMPLATES[name];
  // Names come from the outbox table, written by an older or newer release maybe: say which.
  if (!template) throw new Error(`no e-mail template named "${name}"`);
  // A generic T's props are not provably free of React's own `key`: the cast only says so.
  return createElement(template.Component, { ...props, context } as MailProps<T> & Attributes);
}

export function mailSubject<T extends MailTemplateName>(name: T, props: MailTemplates[T], context: MailContext): string {
  return TEMPLATES[name].subject(props, context);
}
