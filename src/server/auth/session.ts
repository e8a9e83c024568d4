/** Resolves the signed-in user from the session cookie, through Better Auth (session-cache.ts). */
import type { Context } from "hono";
import { ApiError } from "../lib/api-error.js";
import { SESSION_COOKIE, type SessionLookup } from "./session-cache.js";

export function sessionUserId(sessions: SessionLookup, c: Context): Promise<string | null> {
  return sessions.userId(c);
}

export async function requireUserId(sessions: SessionLookup, c: Context): Promise<string> {
  const id = await sessionUserId(sessions, c);
  if (!id) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  return id;
}

/** The token of the request's session (the part of the signed cookie before its signature). */
export function sessionToken(c: Context): string | undefined {
  const cookie = c.req.header("cookie")?.match(SESSION_COOKIE)?.[1];
  return cookie ? decodeURIComponent(cookie).split(".")[0] : undefined;
}

const SESSION_FIELDS = ["id", "userId", "expiresAt", "createdAt", "updatedAt"] as const;
const USER_FIELDS = [
  "id", "email", "name", "emailVerified", "image", "createdAt", "updatedAt",
  "username", "phone", "subscribed", "creatorId",
] as const;

function pick(source: unknown, fields: readonly string[]): Record<string, unknown> {
  const record = (source ?? {}) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
}

/**
 * Better Auth's get-session answer with only the fields a client may see: listed, not filtered,
 * so nothing secret (the session token, whatever a future version adds) leaks by default.
 */
export function publicSession(body: unknown): { session: Record<string, unknown>; user: Record<string, unknown> } | null {
  if (!body || typeof body !== "object" || !("session" in body) || !("user" in body)) return null;
  return { session: pick(body.session, SESSION_FIELDS), user: pick(body.user, USER_FIELDS) };
}
