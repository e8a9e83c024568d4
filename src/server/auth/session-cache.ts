/**
 * Who is signed in, asked on every per-user request (cart, favorites, orders, /api/me).
 *
 * Better Auth answers it with a signature check, a database (or Redis) read and a good deal of
 * machinery around them: about two thirds of a signed-in cart read. So a session Better Auth
 * confirmed is remembered for a few seconds, keyed by a hash of its signed cookie:
 *  - only confirmed sessions are kept, never a refusal, and never past their own expiry;
 *  - a sign-out forgets the session before it answers, and a lookup that raced the sign-out is not
 *    kept (a generation count, as in the response cache);
 *  - with several instances (REDIS_URL), a sign-out on one must hold on all at once, and the one
 *    thing they share is Redis: every remembered answer is confirmed there first (one EXISTS on the
 *    session's key, which Better Auth deletes on sign-out and whenever it ends a user's sessions),
 *    and anything short of a yes goes the whole way through Better Auth. One instance without
 *    Redis is the only one that can end its sessions, so forgetting locally is enough.
 * Decision record 0016.
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Auth } from "./better-auth.js";
import type { Redis } from "../lib/redis.js";
import { guarded } from "../lib/redis-guard.js";

export const SESSION_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
/** A remembered session is confirmed in Redis within this, or looked up in full. */
const CONFIRM_DEADLINE_MS = 200;

/** Better Auth's session cookie, `__Secure-` prefixed when cookies are secure (production). */
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?maybe\.session_token=([^;]+)/;

/** The session cookie's name as Better Auth sets it (better-auth.ts: cookie prefix "maybe", secure cookies in production). */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}maybe.session_token`;
}

export interface SessionLookup {
  /** The signed-in user's id, or null (no cookie, a forged or ended session). */
  userId(c: Context): Promise<string | null>;
  /** After a sign-out: forget the request's session (other instances confirm with Redis). */
  ended(c: Context): void;
  /**
   * After Better Auth ended sessions of a user that are not this request's (a password reset or
   * change, "sign out other devices", a deleted account): forget every session of theirs. Other
   * instances confirm with Redis, where Better Auth deleted the sessions' keys.
   */
  endedForUser(userId: string): void;
}

interface Entry {
  userId: string;
  until: number;
}

export function createSessionLookup(
  auth: Auth,
  options: { redis?: Redis; redisKeyPrefix?: string; ttlMs?: number; maxEntries?: number } = {},
): SessionLookup {
  const { redis, redisKeyPrefix = "maybe:" } = options;
  const ttlMs = options.ttlMs ?? SESSION_TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let generation = 0;

  const cookieOf = (c: Context) => c.req.header("cookie")?.match(SESSION_COOKIE)?.[1];
  const keyOf = (cookie: string) => createHash("sha256").update(cookie).digest("base64url");

  /** Better Auth keeps each session in Redis under its token (lib/session-storage.ts). */
  async function stillInRedis(redis: Redis, cookie: string): Promise<boolean> {
    const token = decodeURIComponent(cookie).split(".")[0]!;
    try {
      return (await guarded(redis, () => redis.exists(`${redisKeyPrefix}auth:${token}`), CONFIRM_DEADLINE_MS)) === 1;
    } catch {
      return false;
    }
  }

  return {
    async userId(c) {
      const cookie = cookieOf(c);
      if (!cookie) return null;
      const key = keyOf(cookie);
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && kept.until > now && (!redis || (await stillInRedis(redis, cookie)))) return kept.userId;
      if (kept) entries.delete(key);

      const before = generation;
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) return null;
      if (generation === before) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { userId: session.user.id, until: Math.min(now + ttlMs, new Date(session.session.expiresAt).getTime()) });
      }
      return session.user.id;
    },
    ended(c) {
      generation++;
      const cookie = cookieOf(c);
      if (cookie) entries.delete(keyOf(cookie));
    },
    endedForUser(userId) {
      generation++;
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
  };
}
