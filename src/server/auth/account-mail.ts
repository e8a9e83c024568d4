/**
 * The e-mails Better Auth's account flows ask for, written to the outbox (outbox/enqueue.ts) with
 * links to the client's own pages: the page posts the token back to the API (features/auth).
 * Better Auth's own links point at its GET endpoints, which the app does not expose.
 */
import type { Kysely } from "kysely";
import { RESET_LINK_MINUTES } from "../../common/account-schemas.js";
import type { Database } from "../db/types.js";
import { enqueueMail } from "../outbox/enqueue.js";

/** What the flows know of the user: Better Auth's record with the app's additional fields. */
export interface MailedUser {
  id: string;
  email: string;
  name?: string | null;
  username?: unknown;
}

/** How a mail greets the user: the username, or nothing (Join as Artist without a display name). */
export const greetingName = (user: MailedUser) => (typeof user.username === "string" ? user.username : (user.name ?? ""));

export const resetPasswordUrl = (publicUrl: string, token: string) => `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
export const verifyEmailUrl = (publicUrl: string, token: string) => `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * The claims of one of Better Auth's e-mail tokens (a JWT it signed and will verify itself): which
 * flow it belongs to. Read without checking the signature, so only to choose a template.
 */
export function emailTokenClaims(token: string): { email?: string; updateTo?: string; requestType?: string; userId?: string } {
  try {
    const payload = token.split(".")[1] ?? "";
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return claims && typeof claims === "object" ? (claims as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export async function mailPasswordReset(db: Kysely<Database>, publicUrl: string, user: MailedUser, token: string): Promise<void> {
  await enqueueMail(db, {
    template: "password-reset",
    to: user.email,
    userId: user.id,
    props: { name: greetingName(user), url: resetPasswordUrl(publicUrl, token), expiresInMinutes: RESET_LINK_MINUTES },
  });
}

/**
 * Better Auth sends every e-mail link through one callback: the confirmation of the address given
 * at sign-up, and, for a change of e-mail, the confirmation sent to the new address (`user.email`
 * is then the new one). The token says which.
 */
export async function mailVerification(db: Kysely<Database>, publicUrl: string, user: MailedUser, token: string): Promise<void> {
  const url = verifyEmailUrl(publicUrl, token);
  const name = greetingName(user);
  if (emailTokenClaims(token).requestType === "change-email-verification") {
    await enqueueMail(db, { template: "change-email-confirm", to: user.email, userId: user.id, props: { name, url, newEmail: user.email } });
    return;
  }
  await enqueueMail(db, { template: "verify-email", to: user.email, userId: user.id, props: { name, url } });
}

export async function mailPasswordChanged(db: Kysely<Database>, user: MailedUser): Promise<void> {
  await enqueueMail(db, { template: "password-changed", to: user.email, userId: user.id, props: { name: greetingName(user) } });
}

/** The old address is told once the new one is confirmed (someone else may have changed it). */
export async function mailEmailChanged(db: Kysely<Database>, user: MailedUser, oldEmail: string): Promise<void> {
  await enqueueMail(db, {
    template: "email-changed",
    to: oldEmail,
    userId: user.id,
    props: { name: greetingName(user), oldEmail, newEmail: user.email },
  });
}

/**
 * The last message to a deleted account: no user id, since the account is gone and the row is not
 * its data any more but the site's record of having told it.
 */
export async function mailAccountDeleted(db: Kysely<Database>, user: MailedUser): Promise<void> {
  await enqueueMail(db, { template: "account-deleted", to: user.email, userId: null, props: { name: greetingName(user) } });
}
