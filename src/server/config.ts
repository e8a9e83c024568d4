/**
 * The only reader of process.env. Every setting is validated here so a bad value stops
 * start-up with a one-line message naming it, instead of failing later inside a request.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** An address, alone or as `Name <address>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, "must start with file: or postgres://")
    .default("file:./data/maybe.db"),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(100 * 1024),
  SEED_ON_START: booleanString.default(true),
  CONTACT_EMAIL: z.email().default("hello@maybe.community"),
  INSTAGRAM_URL: z.url().default("https://instagram.com/maybe.community"),
  ANALYTICS_SCRIPT_URL: z.url().optional(),
  SHOW_BACKEND_BANNER: booleanString.optional(),
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  AUTH_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(100),
  AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  REPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REPORT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must look like smtp://user:password@host:587 or smtps://host:465")
    .refine((v) => URL.canParse(v) && new URL(v).hostname !== "", "must look like smtp://user:password@host:587 or smtps://host:465")
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(MAIL_FROM_PATTERN, 'must be an address, e.g. orders@example.com or "MAYBE <orders@example.com>"')
    .default("MAYBE <orders@maybe.community>"),
  REDIS_URL: z.string().regex(/^rediss?:\/\/[^\s]+$/, "must look like redis://127.0.0.1:6379").optional(),
  QUEUE: z.enum(["database", "bullmq"]).default("database"),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, "letters, digits and _ : . - only").default("maybe:"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name").optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  MEDIA_GRACE_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string | undefined;
  databaseUrl: string;
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  /** How many reverse proxies in front of us append to X-Forwarded-For (0 = none, use the socket). */
  trustProxy: number;
  logLevel: (typeof LOG_LEVELS)[number];
  bodyLimitBytes: number;
  seedOnStart: boolean;
  contactEmail: string;
  instagramUrl: string;
  analyticsScriptUrl: string | undefined;
  showBackendBanner: boolean;
  /**
   * perIp and perAccount (per account and client address) count every attempt per window;
   * accountFailures counts failed password checks per account, from anywhere, per its own window.
   */
  authRateLimit: {
    perIp: number;
    perAccount: number;
    windowSeconds: number;
    accountFailures: number;
    accountFailureWindowSeconds: number;
  };
  /** Reports (POST /api/reports) each signed-in user may send per window. */
  reportRateLimit: { perUser: number; windowSeconds: number };
  /** Where order e-mails go out; unset: they are written to the log instead. */
  smtpUrl: string | undefined;
  /** The From of the site's e-mails. */
  mailFrom: string;
  /** Shared state for several instances (sessions, rate limits, cache invalidation); unset: one instance. */
  redisUrl: string | undefined;
  /** Namespace of this site's keys in that Redis (sessions, counters). */
  redisKeyPrefix: string;
  /**
   * Who sends the outbox's messages (server/outbox/): "database", each instance's worker claims due
   * rows itself; "bullmq", due rows are relayed into a BullMQ queue on REDIS_URL (docs/decisions/0020).
   */
  queue: "database" | "bullmq";
  media: MediaConfig;
}

/** Where uploaded images are kept (server/media): a directory, or S3-compatible storage when S3_BUCKET is set. */
export interface MediaConfig {
  /** DATA_DIR/media: the store when S3 is not configured. */
  dir: string;
  s3: S3Config | undefined;
  /** How long an image nothing refers to is kept before it is deleted. */
  graceHours: number;
}

export interface S3Config {
  bucket: string;
  /** A custom endpoint (MinIO, R2, a local test server); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path rather than the host name; the default with a custom endpoint. */
  forcePathStyle: boolean;
}

function s3Config(env: Env): S3Config | undefined {
  if (!env.S3_BUCKET) {
    if (env.S3_ENDPOINT) throw new ConfigError("S3_BUCKET: required when S3_ENDPOINT is set");
    return undefined;
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

export class ConfigError extends Error {}

/**
 * The environment a child process of the server starts with (the image worker, media/process.ts):
 * this process's own, and `defaults` for the variables it does not set.
 */
export function childProcessEnv(defaults: Record<string, string>): Record<string, string | undefined> {
  return { ...defaults, ...process.env };
}

/** A missing secret is generated once per data directory in development, never in production. */
function resolveAuthSecret(env: Env, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === "production") {
    throw new ConfigError("AUTH_SECRET: required in production (at least 32 characters)");
  }
  const file = resolve(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * In development the same site opened at http://127.0.0.1:3000 or http://[::1]:3000 instead of
 * http://localhost:3000 is the same machine: its writes are accepted too. Production keeps the
 * one configured origin.
 */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most shells' `VAR= npm start`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join(".")}: ${issue.message}`);
  }
  const env = parsed.data;
  if (env.QUEUE === "bullmq" && !env.REDIS_URL) throw new ConfigError("QUEUE: bullmq needs REDIS_URL");
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const trustedOrigins = [
    new URL(publicUrl).origin,
    // `npm run dev` serves the client from Vite's port and proxies /api here.
    ...(env.NODE_ENV === "development" ? ["http://localhost:5173", ...loopbackAliases(publicUrl)] : []),
    ...env.TRUSTED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean),
  ];
  for (const origin of trustedOrigins) {
    if (!URL.canParse(origin)) throw new ConfigError(`TRUSTED_ORIGINS: "${origin}" is not a URL`);
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    publicUrl,
    authSecret: resolveAuthSecret(env, dataDir),
    trustedOrigins: [...new Set(trustedOrigins.map((o) => new URL(o).origin))],
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    seedOnStart: env.SEED_ON_START,
    contactEmail: env.CONTACT_EMAIL,
    instagramUrl: env.INSTAGRAM_URL,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    showBackendBanner: env.SHOW_BACKEND_BANNER ?? env.NODE_ENV === "development",
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_IP,
      perAccount: env.AUTH_RATE_LIMIT_ACCOUNT,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      accountFailures: env.AUTH_ACCOUNT_FAILURES,
      accountFailureWindowSeconds: env.AUTH_ACCOUNT_FAILURE_WINDOW_SECONDS,
    },
    reportRateLimit: { perUser: env.REPORT_RATE_LIMIT, windowSeconds: env.REPORT_RATE_LIMIT_WINDOW_SECONDS },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    queue: env.QUEUE,
    media: { dir: resolve(dataDir, "media"), s3: s3Config(env), graceHours: env.MEDIA_GRACE_HOURS },
  };
}
