/**
 * The account endpoints. Sign-up and sign-in are validated with the forms' own schemas, then rate
 * limited (attempt-limits.ts), then handed to Better Auth, whose errors are mapped to the stable
 * codes of common/errors.ts. Only the endpoints the product uses are exposed.
 */
import { createRouter } from "../../lib/router.js";
import type { Context } from "hono";
import { AUTH_MESSAGES, JOIN_ARTIST_MESSAGES } from "../../../common/errors.js";
import { ACCOUNT_MESSAGES } from "../../../common/account-schemas.js";
import { resetTokenUserId } from "../../auth/identity.queries.js";
import { CLIENT_IP_HEADER } from "../../auth/better-auth.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError, validationError } from "../../lib/api-error.js";
import { fieldErrors } from "../../../common/auth-schemas.js";
import { clientIp } from "../../lib/client-ip.js";
import { isCommonPassword } from "../../lib/common-passwords.js";
import { redisConnected } from "../../lib/redis-guard.js";
import { findProfile } from "../account/profile.queries.js";
import { attemptLimits } from "./attempt-limits.js";
import { emailRegistered } from "./auth.queries.js";
import { rememberDevice } from "./known-device.js";
import { publicSession } from "../../auth/session.js";
import type { Profile, SessionInfo } from "../../../common/api/profile.js";
import {
  forgotPasswordRoute,
  getSessionRoute,
  joinArtistRoute,
  resetPasswordRoute,
  signInRoute,
  signOutRoute,
  signUpRoute,
  verifyEmailRoute,
} from "./auth.routes.js";

/**
 * Re-issues the request to Better Auth's own endpoint `path` with a clean JSON body and the
 * computed client address. Better Auth answers a failing database with a bare 500 of its own;
 * when the database does not answer a ping either, its error is thrown instead, so the request
 * gets the site's 503 UNAVAILABLE (db/unavailable.ts) like every other route.
 */
async function forward(deps: AppDeps, c: Context, path: string, body?: unknown, method = c.req.method): Promise<Response> {
  const res = await handOver(deps, c, path, body, method);
  if (res.status >= 500) await deps.database.ping();
  return res;
}

function handOver(deps: AppDeps, c: Context, path: string, body: unknown, method: string): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config.trustProxy));
  if (body === undefined) headers.delete("content-type");
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(body);
  }
  return deps.auth.handler(new Request(new URL(path, c.req.url), init));
}

/**
 * How soon a "forgot password" request is answered at the earliest, known address or not: well
 * above the two writes a known one costs under load (a few to 40 ms), and unnoticeable to a person.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 150;
/** The floor came before the work was done. */
const LATE = Symbol("late");

/** `at` on performance.now()'s clock, which a test's fake Date leaves alone. */
function sleepUntil(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

const SIGN_OUT_UNAVAILABLE = "Signing out is briefly unavailable. Please try again in a minute.";

const invalidEmail = () =>
  new ApiError(400, "INVALID_EMAIL", AUTH_MESSAGES.invalidEmail, { email: AUTH_MESSAGES.invalidEmail });

const emailTaken = () =>
  new ApiError(409, "EMAIL_TAKEN", AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });

/** Better Auth's answer when a sign-in ran the password check and it failed. */
const isFailedPasswordCheck = (error: ApiError) => error.code === "INVALID_CREDENTIALS";

async function authFailure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  switch (body.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return emailTaken();
    case "VALIDATION_ERROR":
      // Better Auth's own email check is stricter than the forms' (e.g. a one-letter TLD).
      if (/email/i.test(body.message ?? "")) return invalidEmail();
      break;
    case "INVALID_EMAIL":
      return invalidEmail();
    case "INVALID_EMAIL_OR_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new ApiError(401, "INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return new ApiError(400, "WEAK_PASSWORD", body.message ?? "Password is too weak.", {
        password: body.message ?? "Password is too weak.",
      });
  }
  if (res.status === 403) return new ApiError(403, "FORBIDDEN_ORIGIN", "This request came from another site.");
  if (res.status < 500) return new ApiError(400, "VALIDATION_FAILED", body.message ?? AUTH_MESSAGES.registrationFailed);
  throw new Error(`auth service failed with ${res.status}: ${body.message ?? "no message"}`);
}

/**
 * Join as Artist answers with its screen's own messages (spec §8) as the error's message; the
 * codes stay, and so do the fields' form messages, but for an address the server finds invalid.
 */
function asJoinArtistError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const m = JOIN_ARTIST_MESSAGES;
  const { fields } = error;
  switch (error.code) {
    case "INVALID_EMAIL":
      return new ApiError(400, "INVALID_EMAIL", m.invalidEmail, { ...fields, email: m.invalidEmail });
    case "EMAIL_TAKEN":
      return new ApiError(409, "EMAIL_TAKEN", m.emailTaken, { email: m.emailTaken });
    case "WEAK_PASSWORD":
      return new ApiError(400, "WEAK_PASSWORD", m.weakPassword, fields);
    case "VALIDATION_FAILED": {
      const message = fields?.email ? m.invalidEmail : fields?.password ? m.weakPassword : m.registrationFailed;
      return new ApiError(400, "VALIDATION_FAILED", message, fields);
    }
    default:
      return error;
  }
}

const invalidResetLink = () =>
  new ApiError(400, "INVALID_TOKEN", ACCOUNT_MESSAGES.invalidResetLink, { token: ACCOUNT_MESSAGES.invalidResetLink });
const invalidVerifyLink = () =>
  new ApiError(400, "INVALID_TOKEN", ACCOUNT_MESSAGES.invalidVerifyLink, { token: ACCOUNT_MESSAGES.invalidVerifyLink });

/** Carries Better Auth's session cookies over to our response. */
function copyCookies(c: Context, res: Response): void {
  for (const cookie of res.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/** The profile of the user Better Auth just signed in, with its cookies copied over. */
async function signedInProfile(deps: AppDeps, c: Context, res: Response): Promise<Profile> {
  const { user } = (await res.json()) as { user: { id: string } };
  const profile = await findProfile(deps.database, user.id);
  if (!profile) throw new Error("signed-in user has no profile row");
  copyCookies(c, res);
  return profile;
}

export function authRouter(deps: AppDeps) {
  const admit = attemptLimits(deps.config, deps.rateLimiter);
  const device = { secret: deps.config.authSecret, secure: deps.config.isProduction };

  /** Creates the account in Better Auth and answers with the new profile. */
  async function createAccount(c: Context, account: { username: string; email: string; phone: string; password: string }) {
    await admit(c, "sign-up", account.email);
    if (isCommonPassword(account.password)) {
      throw new ApiError(400, "WEAK_PASSWORD", AUTH_MESSAGES.commonPassword, {
        password: AUTH_MESSAGES.commonPassword,
      });
    }
    const res = await forward(deps, c, signUpRoute.path, { name: account.username, ...account });
    if (!res.ok) {
      const error = await authFailure(res);
      // Two sign-ups racing for one email both pass Better Auth's "already exists" check; the
      // loser then fails on the unique index with a generic error. It lost to an existing account.
      if (error.code === "VALIDATION_FAILED" && (await emailRegistered(deps.database, account.email))) throw emailTaken();
      throw error;
    }
    rememberDevice(c, device, account.email);
    return signedInProfile(deps, c, res);
  }

  return createRouter()
    .openapi(signUpRoute, async (c) => {
      const { username, email, phone, password } = c.req.valid("json");
      return c.json({ user: await createAccount(c, { username, email, phone, password }) }, 200);
    })
    .openapi(
      joinArtistRoute,
      async (c) => {
        const { displayName, email, password } = c.req.valid("json");
        // Without a display name the username stays empty, and the site shows 'User' (spec §2).
        try {
          return c.json({ user: await createAccount(c, { username: displayName ?? "", email, phone: "", password }) }, 200);
        } catch (error) {
          throw asJoinArtistError(error);
        }
      },
      (result) => {
        if (!result.success) throw asJoinArtistError(validationError(fieldErrors(result.error)));
        return undefined;
      },
    )
    .openapi(signInRoute, async (c) => {
      const input = c.req.valid("json");
      const reservation = await admit(c, "sign-in", input.email);
      let failedCheck = false;
      try {
        const res = await forward(deps, c, signInRoute.path, { email: input.email, password: input.password });
        if (!res.ok) {
          const error = await authFailure(res);
          failedCheck = isFailedPasswordCheck(error);
          throw error;
        }
        rememberDevice(c, device, input.email);
        return c.json({ user: await signedInProfile(deps, c, res) }, 200);
      } finally {
        // Only a failed password check keeps its slot of the account-wide cap.
        if (!failedCheck) await reservation.release();
      }
    })
    .openapi(signOutRoute, async (c) => {
      // Signing out while Redis is down would leave its cached copy of the session to be honoured
      // once Redis is back; the user is told to try again instead (decision 0010).
      if (deps.redis && !redisConnected(deps.redis)) throw new ApiError(503, "UNAVAILABLE", SIGN_OUT_UNAVAILABLE);
      const res = await forward(deps, c, signOutRoute.path, {});
      if (!res.ok && res.status !== 401) throw await authFailure(res);
      // Before answering: the cookie must be refused from the next request on.
      deps.sessions.ended(c);
      copyCookies(c, res);
      return c.json({ success: true }, 200);
    })
    // Better Auth's own shape without its secrets (the token); kept for tools that speak its protocol.
    .openapi(getSessionRoute, async (c) => {
      const res = await forward(deps, c, getSessionRoute.path);
      if (!res.ok) throw await authFailure(res);
      copyCookies(c, res); // a session past its update age comes back with a refreshed cookie
      return c.json(publicSession(await res.json()) as SessionInfo, 200);
    })
    .openapi(forgotPasswordRoute, async (c) => {
      const answerAt = performance.now() + FORGOT_PASSWORD_ANSWER_MS;
      const { email } = c.req.valid("json");
      await admit(c, "forgot-password", email);
      // Better Auth answers alike for unknown addresses, but only a known one costs two writes
      // (the link's token and the outbox row). The answer leaves at the floor either way, so its
      // timing cannot tell whether the address has an account: work done by then decides it (a
      // failure is answered as one); work still running on a busy machine finishes after the
      // answer, and should it fail then, the log says so and the person can ask again.
      const work = forward(deps, c, "/api/auth/request-password-reset", { email }).then(
        async (res) => (res.ok ? undefined : await authFailure(res)),
        (error: unknown) => error,
      );
      const early = await Promise.race([work, sleepUntil(answerAt).then(() => LATE)]);
      if (early === LATE) {
        void work.then((failure) => {
          if (failure) deps.logger.error({ err: failure }, "a password reset link was not written after the answer");
        });
      } else if (early) {
        throw early;
      } else {
        await sleepUntil(answerAt);
      }
      return c.json({ success: true as const, message: ACCOUNT_MESSAGES.resetRequested }, 200);
    })
    .openapi(resetPasswordRoute, async (c) => {
      const { token, password } = c.req.valid("json");
      await admit(c, "reset-password", token);
      if (isCommonPassword(password)) {
        throw new ApiError(400, "WEAK_PASSWORD", AUTH_MESSAGES.commonPassword, { password: AUTH_MESSAGES.commonPassword });
      }
      const userId = await resetTokenUserId(deps.database, token);
      if (!userId) throw invalidResetLink();
      const res = await forward(deps, c, "/api/auth/reset-password", { token, newPassword: password });
      if (!res.ok) {
        const body = (await res.clone().json().catch(() => ({}))) as { code?: string };
        if (body.code === "INVALID_TOKEN" || body.code === "USER_NOT_FOUND") throw invalidResetLink();
        throw await authFailure(res);
      }
      // Better Auth deleted every session of the account; none may be honoured from memory either.
      deps.sessions.endedForUser(userId);
      return c.json({ success: true as const, message: ACCOUNT_MESSAGES.passwordReset }, 200);
    })
    .openapi(verifyEmailRoute, async (c) => {
      const { token } = c.req.valid("json");
      await admit(c, "verify-email", token);
      const res = await forward(deps, c, `/api/auth/verify-email?token=${encodeURIComponent(token)}`, undefined, "GET");
      if (!res.ok) {
        if (res.status >= 500) throw await authFailure(res);
        throw invalidVerifyLink();
      }
      copyCookies(c, res);
      return c.json({ success: true as const, message: ACCOUNT_MESSAGES.emailVerified }, 200);
    })
    // Every other Better Auth endpoint (profile updates, account deletion…) stays closed until
    // the product needs it, so nothing can change a profile around the app's validation.
    .all("/api/auth/*", () => {
      throw new ApiError(404, "NOT_FOUND", "No such endpoint.");
    });
}
