/**
 * One-click unsubscribe links (RFC 8058; docs/decisions/0030). Every e-mail a reader did not ask
 * for by an action of their own (news of followed creators, digests, the newsletter, creators'
 * messages, back in stock, comments on their stories and replies to their comments) names a list,
 * and carries a link signed for that list and that reader:
 * it works without a session or a CSRF token (a mail provider POSTs it on the reader's behalf),
 * and a changed or expired link is refused.
 *
 * A token is `<payload>.<mac>`: the payload is base64url JSON `{ l: list, s: subject, e: expiry
 * in epoch seconds }` (the subject is a user id, or an address for the footer's newsletter
 * sign-ups), signed by lib/signed-token.ts for this one purpose.
 */
import { readToken, signToken } from "../lib/signed-token.js";

export const MAIL_LISTS = ["follows", "newsletter", "alerts", "comments"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** How long a link in an e-mail keeps working: long enough for an old e-mail, not for ever. */
export const UNSUBSCRIBE_VALID_DAYS = 90;

export interface UnsubscribeClaim {
  list: MailList;
  subject: string;
}

const PURPOSE = "maybe/unsubscribe/v1";

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim, now: Date): string {
  return signToken(secret, PURPOSE, { l: claim.list, s: claim.subject }, new Date(now.getTime() + UNSUBSCRIBE_VALID_DAYS * 86_400_000));
}

/** The claim a genuine, unexpired token makes; null for anything else (never throws). */
export function readUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeClaim | null {
  const claim = readToken(secret, PURPOSE, token, now);
  if (!claim) return null;
  const { l, s } = claim;
  if (!MAIL_LISTS.includes(l as MailList) || typeof s !== "string") return null;
  return { list: l as MailList, subject: s };
}

/** Where a reader's unsubscribe link leads: the page that confirms (a person) and the API (a provider's POST). */
export function unsubscribeUrls(publicUrl: string, token: string): { page: string; oneClick: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}/api/unsubscribe?${query}` };
}
