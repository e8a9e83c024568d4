/**
 * Links that carry their own authority (an unsubscribe link, a newsletter confirmation): a token
 * `<payload>.<mac>`, the payload base64url JSON of the claim plus its expiry (`e`, epoch seconds),
 * the mac an HMAC-SHA256 of the payload under a key derived from the site's secret and the link's
 * purpose, so a token signed for one use never passes for another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const MAX_TOKEN_LENGTH = 1_000;

function mac(secret: string, purpose: string, payload: string): Buffer {
  const key = createHmac("sha256", secret).update(purpose).digest();
  return createHmac("sha256", key).update(payload).digest();
}

export function signToken(secret: string, purpose: string, claim: Record<string, string>, expires: Date): string {
  const payload = Buffer.from(JSON.stringify({ ...claim, e: Math.floor(expires.getTime() / 1000) })).toString("base64url");
  return `${payload}.${mac(secret, purpose, payload).toString("base64url")}`;
}

/** The claim of a genuine, unexpired token of this purpose; null for anything else (never throws). */
export function readToken(secret: string, purpose: string, token: string, now: Date): Record<string, unknown> | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > MAX_TOKEN_LENGTH) return null;
  const expected = mac(secret, purpose, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null) return null;
  const { e, ...claim } = body as Record<string, unknown>;
  if (typeof e !== "number" || e * 1000 <= now.getTime()) return null;
  return claim;
}
