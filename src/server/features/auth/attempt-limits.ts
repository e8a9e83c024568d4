/**
 * The limits on sign-in and sign-up attempts (decision 0010). They run after the body has passed
 * its schema, so only a well-formed email ever reaches a counter, and in order, so a refused
 * request stops at the first full counter and creates no further ones:
 *
 *  1. per client address: every attempt (AUTH_RATE_LIMIT_IP per window);
 *  2. per account and client address: every attempt (AUTH_RATE_LIMIT_ACCOUNT per window);
 *  3. sign-in only, per account from anywhere: FAILED password checks (AUTH_ACCOUNT_FAILURES per
 *     hour). A slot is reserved before the check and given back when it succeeds, so even
 *     concurrent attempts cannot exceed the cap. A browser with a known-device cookie for the
 *     account skips this cap (it is still bound by 1 and 2), so the owner gets in during an attack.
 */
import type { Context } from "hono";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import type { Config } from "../../config.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { limitKey, type RateLimiter, type RateLimitResult } from "../../lib/rate-limit.js";
import { isKnownDevice } from "./known-device.js";

/** The password reset and e-mail links are limited like sign-up: per address, and per account (or token) and address. */
export type Action = "sign-up" | "sign-in" | "forgot-password" | "reset-password" | "verify-email";

/** A reserved failed-attempt slot: kept when the password check failed, given back otherwise. */
export interface Reservation {
  release(): Promise<void>;
}

const NOTHING_RESERVED: Reservation = { release: async () => {} };

function refuse(c: Context, result: RateLimitResult): never {
  c.header("Retry-After", String(result.retryAfterSeconds));
  throw new ApiError(429, "RATE_LIMITED", AUTH_MESSAGES.rateLimited);
}

export function attemptLimits(config: Config, limiter: RateLimiter) {
  const { perIp, perAccount, windowSeconds, accountFailures, accountFailureWindowSeconds } = config.authRateLimit;
  const device = { secret: config.authSecret, secure: config.isProduction };

  async function check(key: string, max: number, window: number, c: Context): Promise<void> {
    const result = await limiter.hit(key, max, window);
    if (!result.allowed) refuse(c, result);
  }

  /** Counts the attempt; throws 429 with Retry-After when a limit is used up. */
  return async function admit(c: Context, action: Action, email: string): Promise<Reservation> {
    const account = email.trim().toLowerCase();
    const ip = clientIp(c, config.trustProxy);
    await check(limitKey(`${action}:ip`, ip), perIp, windowSeconds, c);
    await check(limitKey(`${action}:account-ip`, account, ip), perAccount, windowSeconds, c);
    if (action !== "sign-in" || isKnownDevice(c, device, account)) return NOTHING_RESERVED;

    const failuresKey = limitKey("sign-in:account-failures", account);
    await check(failuresKey, accountFailures, accountFailureWindowSeconds, c);
    return { release: () => limiter.undo(failuresKey) };
  };
}
