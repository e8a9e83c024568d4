/**
 * Better Auth over the app's own database and Kysely instance. Columns are snake_case like the
 * rest of the schema; the profile fields of spec §3 are additional user fields. Better Auth's own
 * rate limiter is off: it only reads client addresses from headers, so the app limits sign-in and
 * sign-up itself (features/auth) and hands Better Auth the address it computed in CLIENT_IP_HEADER.
 */
import { betterAuth } from "better-auth";
import type { Logger } from "pino";
import { PASSWORD_MIN } from "../../common/auth-schemas.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Redis } from "../lib/redis.js";
import { redisSessionStorage } from "../lib/session-storage.js";

/** Set by the app on every request it forwards to Better Auth, replacing any client value. */
export const CLIENT_IP_HEADER = "x-maybe-client-ip";

/** With `shared`, sessions are cached in Redis for every instance; the database keeps the originals. */
export function createAuth(config: Config, database: Db, shared?: { redis: Redis; logger: Logger }) {
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
