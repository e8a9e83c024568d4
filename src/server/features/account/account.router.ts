/**
 * Settings (issue 20): the signed-in user's profile, preferences, e-mail, password, sessions,
 * deletion and export. Each change goes through Better Auth's own endpoint (auth.api) after the
 * app's validation and limits; its errors become the codes of common/errors.ts. Whenever Better
 * Auth ends sessions other than the request's, the session cache forgets the user's sessions too.
 */
import type { Context } from "hono";
import { APIError } from "better-auth/api";
import { createRouter } from "../../lib/router.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { limitKey } from "../../lib/rate-limit.js";
import { isCommonPassword } from "../../lib/common-passwords.js";
import { requireUserId, sessionToken } from "../../auth/session.js";
import { mailPasswordChanged } from "../../auth/account-mail.js";
import { ACCOUNT_MESSAGES } from "../../../common/account-schemas.js";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import type { Profile } from "../../../common/api/profile.js";
import { findProfile } from "./profile.queries.js";
import { emailRegistered } from "../auth/auth.queries.js";
import { deletionOrders, liveSessions, ownedMedia, sessionTokenOf } from "./account.queries.js";
import { setAccountNewsletter } from "../newsletter/newsletter.queries.js";
import { setCommentMail } from "../comments/comments.queries.js";
import { deleteUnusedVariants } from "../../media/gc.js";
import { exportAccount } from "./export.js";
import { describeUserAgent } from "./user-agent.js";
import { toIso } from "../../db/dialect.js";
import {
  accountDeletionRoute,
  changeEmailRoute,
  changePasswordRoute,
  deleteAccountRoute,
  exportAccountRoute,
  listSessionsRoute,
  resendVerificationRoute,
  revokeOtherSessionsRoute,
  revokeSessionRoute,
  updatePreferencesRoute,
  updateProfileRoute,
} from "./account.routes.js";

/** E-mails a user may have sent to themselves (confirmation links, changes of address): per window. */
const MAIL_LIMIT = 3;
const MAIL_WINDOW_SECONDS = 10 * 60;

const done = (message: string) => ({ success: true as const, message });

/** The code of Better Auth's refusal (e.g. INVALID_PASSWORD), or undefined for any other error. */
function refusalCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

const wrongPassword = (field: string) =>
  new ApiError(400, "WRONG_PASSWORD", ACCOUNT_MESSAGES.wrongPassword, { [field]: ACCOUNT_MESSAGES.wrongPassword });

/** Better Auth's answers to a password check, as the form's field error. */
function passwordRefusal(error: unknown, field: string): unknown {
  const code = refusalCode(error);
  if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return wrongPassword(field);
  if (code === "PASSWORD_TOO_LONG") return wrongPassword(field);
  return error;
}

/** Carries Better Auth's cookies (a new session, or the cleared one) over to our response. */
function copyCookies(c: Context, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

export function accountRouter(deps: AppDeps) {
  const { database } = deps;

  async function signedInProfile(c: Context): Promise<Profile> {
    const userId = await requireUserId(deps.sessions, c);
    const profile = await findProfile(database, userId);
    // A session whose user is gone is no session.
    if (!profile) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    return profile;
  }

  async function limit(c: Context, action: string, userId: string, max: number, windowSeconds: number): Promise<void> {
    const result = await deps.rateLimiter.hit(limitKey(`account:${action}`, userId), max, windowSeconds);
    if (result.allowed) return;
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw new ApiError(429, "RATE_LIMITED", AUTH_MESSAGES.rateLimited);
  }

  /** Password checks are limited like sign-in attempts, per account. */
  const limitPasswordChecks = (c: Context, action: string, userId: string) =>
    limit(c, action, userId, deps.config.authRateLimit.perAccount, deps.config.authRateLimit.windowSeconds);

  const headersOf = (c: Context) => c.req.raw.headers;

  return createRouter()
    .openapi(resendVerificationRoute, async (c) => {
      const profile = await signedInProfile(c);
      if (profile.email_verified) throw new ApiError(409, "ALREADY_VERIFIED", ACCOUNT_MESSAGES.alreadyVerified);
      await limit(c, "verification-email", profile.uid, MAIL_LIMIT, MAIL_WINDOW_SECONDS);
      await deps.auth.api.sendVerificationEmail({ headers: headersOf(c), body: { email: profile.email } });
      return c.json(done(ACCOUNT_MESSAGES.verificationSent), 200);
    })
    .openapi(updateProfileRoute, async (c) => {
      const { username, phone } = c.req.valid("json");
      const profile = await signedInProfile(c);
      // Through Better Auth, so the session's copy of the user (Redis) changes with the row.
      await deps.auth.api.updateUser({ headers: headersOf(c), body: { name: username, username, phone } });
      return c.json((await findProfile(database, profile.uid))!, 200);
    })
    .openapi(updatePreferencesRoute, async (c) => {
      const { newsletter, comments } = c.req.valid("json");
      const profile = await signedInProfile(c);
      if (newsletter !== undefined) await setAccountNewsletter(database, profile.uid, newsletter);
      if (comments !== undefined) await setCommentMail(database, profile.uid, comments);
      return c.json((await findProfile(database, profile.uid))!, 200);
    })
    .openapi(changeEmailRoute, async (c) => {
      const { email } = c.req.valid("json");
      const profile = await signedInProfile(c);
      if (email === profile.email.toLowerCase()) {
        throw new ApiError(400, "SAME_EMAIL", ACCOUNT_MESSAGES.sameEmail, { email: ACCOUNT_MESSAGES.sameEmail });
      }
      // Sign-up already tells a taken address, so Settings may too (Better Auth alone would not).
      if (await emailRegistered(database, email)) {
        throw new ApiError(409, "EMAIL_TAKEN", AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
      }
      await limit(c, "change-email", profile.uid, MAIL_LIMIT, MAIL_WINDOW_SECONDS);
      await deps.auth.api.changeEmail({ headers: headersOf(c), body: { newEmail: email } });
      return c.json(done(ACCOUNT_MESSAGES.changeEmailSent(email)), 200);
    })
    .openapi(changePasswordRoute, async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const profile = await signedInProfile(c);
      await limitPasswordChecks(c, "password", profile.uid);
      if (isCommonPassword(newPassword)) {
        throw new ApiError(400, "WEAK_PASSWORD", AUTH_MESSAGES.commonPassword, { newPassword: AUTH_MESSAGES.commonPassword });
      }
      try {
        const { headers } = await deps.auth.api.changePassword({
          headers: headersOf(c),
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          returnHeaders: true,
        });
        // Better Auth ended every session and gave this browser a new one.
        copyCookies(c, headers);
      } catch (error) {
        throw passwordRefusal(error, "currentPassword");
      }
      deps.sessions.endedForUser(profile.uid);
      await mailPasswordChanged(database.db, { id: profile.uid, email: profile.email, username: profile.username });
      return c.json(done(ACCOUNT_MESSAGES.passwordChanged), 200);
    })
    .openapi(listSessionsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const current = sessionToken(c);
      const rows = await liveSessions(database, userId);
      const sessions = rows.map((row) => ({
        id: row.id,
        current: row.token === current,
        ...describeUserAgent(row.user_agent),
        created_at: toIso(row.created_at)!,
        last_seen: toIso(row.updated_at)!,
      }));
      return c.json({ sessions }, 200);
    })
    .openapi(revokeSessionRoute, async (c) => {
      const { id } = c.req.valid("param");
      const userId = await requireUserId(deps.sessions, c);
      // Another account's session reads as no session at all.
      const token = await sessionTokenOf(database, userId, id);
      if (!token) throw new ApiError(404, "NOT_FOUND", "No such session.");
      if (token === sessionToken(c)) {
        // This device: a sign-out, which clears its cookie as well.
        const { headers } = await deps.auth.api.signOut({ headers: headersOf(c), returnHeaders: true });
        copyCookies(c, headers);
        deps.sessions.ended(c);
      } else {
        await deps.auth.api.revokeSession({ headers: headersOf(c), body: { token } });
      }
      deps.sessions.endedForUser(userId);
      return c.json(done("The device was signed out."), 200);
    })
    .openapi(revokeOtherSessionsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await deps.auth.api.revokeOtherSessions({ headers: headersOf(c) });
      deps.sessions.endedForUser(userId);
      return c.json(done("Your other devices were signed out."), 200);
    })
    .openapi(accountDeletionRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json(await deletionOrders(database, userId), 200);
    })
    .openapi(deleteAccountRoute, async (c) => {
      const { password } = c.req.valid("json");
      const userId = await requireUserId(deps.sessions, c);
      await limitPasswordChecks(c, "delete", userId);
      // The uploads' rows go with the user (ON DELETE CASCADE); their files are removed after.
      const uploads = await ownedMedia(database, userId);
      try {
        // Better Auth checks the password, then its hooks remove the account's data
        // (account.queries.ts purgeAccountData) and send the last e-mail.
        const { headers } = await deps.auth.api.deleteUser({ headers: headersOf(c), body: { password }, returnHeaders: true });
        copyCookies(c, headers);
      } catch (error) {
        throw passwordRefusal(error, "password");
      }
      deps.sessions.endedForUser(userId);
      deps.sessions.ended(c);
      try {
        await deleteUnusedVariants(database, deps.media, uploads);
      } catch (error) {
        // The account is gone either way; files left behind are only storage.
        deps.logger.warn({ err: error, userId }, "could not remove a deleted account's uploads");
      }
      return c.json(done(ACCOUNT_MESSAGES.accountDeleted), 200);
    })
    .openapi(exportAccountRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const now = new Date();
      const data = await exportAccount(database, userId, now);
      if (!data) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
      c.header("Content-Disposition", `attachment; filename="maybe-account-${now.toISOString().slice(0, 10)}.json"`);
      return c.json(data, 200);
    });
}
