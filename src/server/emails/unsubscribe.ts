/**
 * One-click unsubscribe links (RFC 8058; docs/decisions/0030). Every e-mail a reader did not ask
 * for by an action of their own (news of followed creators, digests, the newsletter, creators'
 * messages, back in stock) names a list, and carries a link signed for that list and that reader:
 * it works without a session or a CSRF token (a mail provider POSTs it on the reader's behalf),
 * and a changed or expired link is refused.
 *
 * A token is `<payload>.<mac>`: the payload is base64url JSON `{ l: list, s: subject, e: expiry
 * in epoch seconds }` (the subject is a user id, or an address for the footer's newsletter
 * sign-ups), the mac an HMAC-SHA256 of the payload under a key derived from the site's secret.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const MAIL_LISTS = ["follows", "newsletter", "alerts"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** How long a link in an e-mail keeps working: long enough for an old e-mail, not for ever. */
export const UNSUBSCRIBE_VALID_DAYS = 90;

export interface UnsubscribeClaim {
  list: MailList;
  subject: string;
}

function mac(secret: string, payload: string): Buffer {
  // The key is the site's secret bound to this one use, so no other signed value can pass for a link.
  const key = createHmac("sha256", secret).update("maybe/unsubscribe/v1").digest();
  return createHmac("sha256", key).update(payload).digest();
}

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_VALID_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify({ l: claim.list, s: claim.subject, e: expires })).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The claim a genuine, unexpired token makes; null for anything else (never throws). */
export function readUnsubscribeToken(secret: string, token: string, now: Date): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 1_000) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { l, s, e } = body as Record<string, unknown>;
  if (!MAIL_LISTS.includes(l as MailList) || typeof s !== "string" || typeof e !== "number") return null;
  if (e * 1000 <= now.getTime()) return null;
  return { list: l as MailList, subject: s };
}

/** Where a reader's unsubscribe link leads: the page that confirms (a person) and the API (a provider's POST). */
export function unsubscribeUrls(publicUrl: string, token: string): { page: string; oneClick: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}/api/unsubscribe?${query}` };
}
