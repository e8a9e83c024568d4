/**
 * "Device cookies" (OWASP): a browser that once signed in to an account carries a signed cookie
 * naming that account. While strangers have used up the account's failed-attempt cap, such a
 * browser may still try, so an attacker cannot lock the owner out (decision 0010). The cookie
 * names the account by a keyed hash, never by its email; it grants nothing else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface KnownDeviceOptions {
  secret: string;
  secure: boolean;
}

// Secure cookies carry the __Secure- prefix, like Better Auth's own in production.
const cookieName = (secure: boolean) => (secure ? "__Secure-maybe.device" : "maybe.device");

function signature(secret: string, email: string, issuedAt: number): string {
  return createHmac("sha256", secret)
    .update(`known-device\n${email.trim().toLowerCase()}\n${issuedAt}`)
    .digest("base64url");
}

/** Marks this browser as one that has signed in to `email`'s account. */
export function rememberDevice(c: Context, options: KnownDeviceOptions, email: string, now = Date.now()): void {
  const issuedAt = Math.floor(now / 1000);
  setCookie(c, cookieName(options.secure), `${issuedAt}.${signature(options.secret, email, issuedAt)}`, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "Lax",
    secure: options.secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** Whether the request carries an unexpired device cookie signed for `email`'s account. */
export function isKnownDevice(c: Context, options: KnownDeviceOptions, email: string, now = Date.now()): boolean {
  const value = getCookie(c, cookieName(options.secure));
  const match = value ? /^(\d{1,12})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return false;
  const issuedAt = Number(match[1]);
  if (now / 1000 - issuedAt > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(signature(options.secret, email, issuedAt));
  return timingSafeEqual(expected, Buffer.from(match[2]!));
}
