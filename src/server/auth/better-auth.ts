/**
 * Better Auth over the app's own database and Kysely instance. Columns are snake_case like the
 * rest of the schema; the profile fields of spec §3 are additional user fields. Better Auth's own
 * rate limiter is off: it only reads client addresses from headers, so the app limits sign-in and
 * sign-up itself (features/auth) and hands Better Auth the address it computed in CLIENT_IP_HEADER.
 *
 * The account lifecycle (issue 20, decision 0020) is Better Auth's own: password reset, e-mail
 * verification, change of e-mail (confirmed by a link to the new address), sessions and account
 * deletion. Its e-mails go to the outbox (auth/account-mail.ts) with links to the client's pages.
 */
import { betterAuth } from "better-auth";
import type { Logger } from "pino";
import { PASSWORD_MIN } from "../../common/auth-schemas.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Redis } from "../lib/redis.js";
import { redisSessionStorage } from "../lib/session-storage.js";
import { RESET_LINK_MINUTES } from "../../common/account-schemas.js";
import {
  emailTokenClaims,
  mailAccountDeleted,
  mailEmailChanged,
  mailPasswordChanged,
  mailPasswordReset,
  mailVerification,
} from "./account-mail.js";

/** Set by the app on every request it forwards to Better Auth, replacing any client value. */
export const CLIENT_IP_HEADER = "x-maybe-client-ip";

/** How long the link confirming an address works (at sign-up, and for a change of e-mail). */
export const VERIFY_LINK_SECONDS = 24 * 60 * 60;

/**
 * What the features do when an account's life turns (bootstrap.ts wires them), so identity imports
 * no feature: the newsletter adopts consent, the account feature purges a deleted account's data.
 */
export interface AccountLifecycle {
  /** The account has just taken `email` (signed up with it, or confirmed it as its new address). */
  addressTaken(userId: string, email: string): Promise<void>;
  /** After Better Auth checked the password, before it deletes the user, its sessions and accounts. */
  beforeDelete(user: { id: string; email: string }): Promise<void>;
}

/** With `shared`, sessions are cached in Redis for every instance; the database keeps the originals. */
export function createAuth(config: Config, database: Db, lifecycle: AccountLifecycle, shared?: { redis: Redis; logger: Logger }) {
  const timestamps = { createdAt: "created_at", updatedAt: "updated_at" };
  return betterAuth({
    appName: "MAYBE",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
    rateLimit: { enabled: false },
    ...(shared ? { secondaryStorage: redisSessionStorage(shared.redis, `${config.redisKeyPrefix}auth:`, shared.logger) } : {}),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Single use (Better Auth consumes the verification row), one hour, and every session ends.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => mailPasswordReset(database.db, config.publicUrl, user, token),
      onPasswordReset: ({ user }) => mailPasswordChanged(database.db, user),
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link signs nobody in: the client page posts the token, and whoever is signed in stays so.
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_SECONDS,
      sendVerificationEmail: ({ user, token }) => mailVerification(database.db, config.publicUrl, user, token),
    },
    databaseHooks: {
      user: {
        // An account that takes an address takes its newsletter consent too (decision 0020):
        // a footer sign-up of the address becomes the account's.
        create: {
          after: (user) => lifecycle.addressTaken(user.id, user.email),
        },
        update: {
          // An address changes only through the link sent to it, which proves it is the user's.
          before: async (data, ctx) => (data.email && ctx?.path === "/verify-email" ? { data: { ...data, emailVerified: true } } : undefined),
          // Once committed, the old address (in the confirmed token) is told of the change.
          after: async (user, ctx) => {
            const token = ctx?.path === "/verify-email" ? (ctx.query as { token?: string } | undefined)?.token : undefined;
            const claims = token ? emailTokenClaims(token) : {};
            if (claims.requestType === "change-email-verification" && claims.email && claims.email !== user.email.toLowerCase()) {
              await mailEmailChanged(database.db, user, claims.email);
              await lifecycle.addressTaken(user.id, user.email);
            }
          },
        },
      },
    },
    session: {
      // The database stays the source of truth, so a Redis flush signs nobody out.
      storeSessionInDatabase: true,
      modelName: "session",
      fields: {
        ...timestamps,
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
      },
    },
    account: {
      modelName: "account",
      fields: {
        ...timestamps,
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
      },
    },
    verification: {
      modelName: "verification",
      fields: { ...timestamps, expiresAt: "expires_at" },
    },
    user: {
      modelName: "user",
      fields: { ...timestamps, emailVerified: "email_verified" },
      // No confirmation by the old address first: the link goes to the new one (issue 20).
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // After Better Auth checked the password, before it deletes the user, its sessions and accounts.
        beforeDelete: (user) => lifecycle.beforeDelete(user),
        afterDelete: (user) => mailAccountDeleted(database.db, user),
      },
      additionalFields: {
        username: { type: "string", required: true, input: true },
        phone: { type: "string", required: false, defaultValue: "", input: true },
        subscribed: { type: "boolean", required: false, defaultValue: true, input: false },
        creatorId: { type: "string", required: false, input: false, fieldName: "creator_id" },
      },
    },
    advanced: {
      cookiePrefix: "maybe",
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
