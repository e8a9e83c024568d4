/**
 * The only reader of process.env. Every setting is validated here so a bad value stops
 * start-up with a one-line message naming it, instead of failing later inside a request.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { hasControlCharacters } from "../common/text.js";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** An address, alone or as `Name <address>`. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * Lines of an invoice block (an address, bank details) in one variable, separated by "|": e.g.
 * `MAYBE Community LLC|100 Market St|Brooklyn, NY 11201`. Blank lines are dropped.
 */
function invoiceLines(name: string, max: number) {
  return z
    .string()
    .transform((v) => v.split("|").map((line) => line.trim()).filter(Boolean))
    .refine((lines) => lines.length > 0, "give at least one line")
    .refine((lines) => lines.length <= max, `at most ${max} lines, separated by |`)
    .refine((lines) => lines.every((line) => line.length <= 120 && !hasControlCharacters(line)), "lines of at most 120 printable characters");
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** PostgreSQL connections per instance, measured under the mixed load (docs/decisions/0036). */
export const DEFAULT_POOL_MAX = 10;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, "must start with file: or postgres://")
    .default("file:./data/maybe.db"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: z.string().default(""),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(100 * 1024),
  SEED_ON_START: booleanString.default(true),
  STATS_COUNTING: booleanString.default(true),
  STATS_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  STATS_WRITER: z.enum(["thread", "inline"]).default("thread"),
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
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, "letters, digits and _ : . - only").default("maybe:"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name").optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  MEDIA_GRACE_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  // The invoice (docs/decisions/0009): who sells and how to pay. Lines are separated by "|".
  SELLER_NAME: z.string().trim().min(1).max(100).optional(),
  SELLER_ADDRESS: invoiceLines("SELLER_ADDRESS", 6).optional(),
  SELLER_EMAIL: z.email().optional(),
  SELLER_TAX_ID: z.string().trim().min(1).max(40).optional(),
  PAYMENT_BANK_DETAILS: invoiceLines("PAYMENT_BANK_DETAILS", 8).optional(),
  PAYMENT_LINK: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), "must be an http(s) address")
    .optional(),
  PAYMENT_DUE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string | undefined;
  databaseUrl: string;
  /** PostgreSQL connections per instance (docs/decisions/0036 says how the default was chosen). */
  databasePoolMax: number;
  dataDir: string;
  publicUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  /** How many reverse proxies in front of us append to X-Forwarded-For (0 = none, use the socket). */
  trustProxy: number;
  logLevel: (typeof LOG_LEVELS)[number];
  bodyLimitBytes: number;
  seedOnStart: boolean;
  /**
   * First-party, cookieless counting for the stats (docs/decisions/0034); written every `flushMs`,
   * by a thread of its own or (`inline`) in the server's thread.
   */
  stats: { counting: boolean; flushMs: number; writer: "thread" | "inline" };
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
  /**
   * E-mails sent per second at most (MAIL_RATE_PER_SECOND, 20 by default), so a provider's limit
   * holds when a creator with many followers publishes: per instance on the database queue, for
   * all instances together on BullMQ (its queue's limiter).
   */
  mailRatePerSecond: number;
  media: MediaConfig;
  /** Who the invoices name as seller and how they say to pay (docs/decisions/0009). */
  invoice: InvoiceConfig;
}

/** The invoice's seller and payment instructions, copied into each invoice when it is issued. */
export interface InvoiceConfig {
  seller: { name: string; address: string[]; email: string; taxId: string | null };
  payment: {
    /** Bank transfer details, one line each; empty when only a payment link is offered. */
    bankDetails: string[];
    /** A page to pay online; `{invoice}`, `{order}` and `{amount}` are filled in per invoice. */
    link: string | null;
    /** Days from the invoice's date to its due date. */
    dueDays: number;
  };
}

/**
 * Development and tests get sample details, plainly marked as such, so a fresh checkout shows a
 * whole invoice. Production has no defaults: an invoice with a made-up address or bank account
 * would be worse than none, so a missing setting stops start-up (as AUTH_SECRET does).
 */
const SAMPLE_INVOICE = {
  address: ["100 Sample Street", "Brooklyn, NY 11201"],
  bankDetails: ["Sample bank details: do not pay", "Account name: MAYBE Community", "Bank: Sample Bank", "Routing number: 000000000", "Account number: 0000000000"],
};

function invoiceConfig(env: Env): InvoiceConfig {
  const production = env.NODE_ENV === "production";
  if (production && !env.SELLER_ADDRESS) throw new ConfigError("SELLER_ADDRESS: required in production (the seller's postal address on invoices)");
  if (production && !env.PAYMENT_BANK_DETAILS && !env.PAYMENT_LINK) {
    throw new ConfigError("PAYMENT_BANK_DETAILS: required in production unless PAYMENT_LINK is set (how invoices say to pay)");
  }
  if (production && env.PAYMENT_LINK && !env.PAYMENT_LINK.startsWith("https://")) throw new ConfigError("PAYMENT_LINK: must be https in production");
  const sample = !production && !env.PAYMENT_BANK_DETAILS && !env.PAYMENT_LINK;
  return {
    seller: {
      name: env.SELLER_NAME ?? "MAYBE Community",
      address: env.SELLER_ADDRESS ?? SAMPLE_INVOICE.address,
      email: env.SELLER_EMAIL ?? env.CONTACT_EMAIL,
      taxId: env.SELLER_TAX_ID ?? null,
    },
    payment: {
      bankDetails: env.PAYMENT_BANK_DETAILS ?? (sample ? SAMPLE_INVOICE.bankDetails : []),
      link: env.PAYMENT_LINK ?? null,
      dueDays: env.PAYMENT_DUE_DAYS,
    },
  };
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
    databasePoolMax: env.DATABASE_POOL_MAX,
    dataDir,
    publicUrl,
    authSecret: resolveAuthSecret(env, dataDir),
    trustedOrigins: [...new Set(trustedOrigins.map((o) => new URL(o).origin))],
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    seedOnStart: env.SEED_ON_START,
    stats: { counting: env.STATS_COUNTING, flushMs: env.STATS_FLUSH_MS, writer: env.STATS_WRITER },
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
    mailRatePerSecond: env.MAIL_RATE_PER_SECOND,
    media: { dir: resolve(dataDir, "media"), s3: s3Config(env), graceHours: env.MEDIA_GRACE_HOURS },
    invoice: invoiceConfig(env),
  };
}
