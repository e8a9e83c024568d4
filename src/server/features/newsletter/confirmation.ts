/**
 * The newsletter's confirmation link (double opt-in, docs/decisions/0031): signed for one address
 * and valid as long as the sign-up waits for it (CONFIRM_WITHIN_DAYS), so a link outlives its
 * sign-up by no more than the purge's hour.
 */
import { readToken, signToken } from "../../lib/signed-token.js";
import { CONFIRM_WITHIN_DAYS } from "./newsletter.queries.js";

const PURPOSE = "maybe/newsletter-confirm/v1";

export function confirmationToken(secret: string, email: string, now: Date): string {
  return signToken(secret, PURPOSE, { a: email.toLowerCase() }, new Date(now.getTime() + CONFIRM_WITHIN_DAYS * 86_400_000));
}

/** The address a genuine, unexpired link confirms; null for anything else. */
export function confirmedAddress(secret: string, token: string, now: Date): string | null {
  const claim = readToken(secret, PURPOSE, token, now);
  return typeof claim?.a === "string" ? claim.a : null;
}

export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}
