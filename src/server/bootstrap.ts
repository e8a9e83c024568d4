/** Everything between configuration and a ready app: database, migrations, seed, auth, media storage. */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { createApp } from "./app.js";
import { createAuth, type AccountLifecycle } from "./auth/better-auth.js";
import { purgeAccountData } from "./features/account/account.queries.js";
import { adoptAddressConsent } from "./features/newsletter/newsletter.queries.js";
import type { Config } from "./config.js";
import { createDb, type Db } from "./db/client.js";
import type { Database } from "./db/types.js";
import { createSessionLookup } from "./auth/session-cache.js";
import { migrateToLatest } from "./db/migrate.js";
import { seedIfEmpty } from "./db/seed/index.js";
import { createLogger } from "./lib/logger.js";
import { createMailer, type Mailer } from "./lib/mailer.js";
import { FallbackRateLimiter, RedisRateLimiter, type RateLimiter } from "./lib/rate-limit.js";
import { createRedis, type Redis } from "./lib/redis.js";
import { DatabaseRateLimiter } from "./db/rate-limit-store.js";
import { createResponseCache } from "./lib/response-cache.js";
import { createMediaStore } from "./media/create-store.js";
import type { MediaStore } from "./media/store.js";
import { serverClock } from "./lib/clock.js";
import { createOutbox } from "./outbox/outbox.js";
import { createBatchWriter, type StatsWriter } from "./features/stats/batch-writer.js";
import { createCounter } from "./features/stats/counter.js";
import { createThreadedWriter } from "./features/stats/threaded-writer.js";

export async function bootstrap(config: Config, options: { database?: Db; mailer?: Mailer; media?: MediaStore } = {}) {
  const logger = createLogger(config.logLevel);
  const database = options.database ?? createDb(config.databaseUrl, { poolMax: config.databasePoolMax });
  const applied = await migrateToLatest(database);
  if (applied.length) logger.info({ applied }, "migrations applied");
  const sampleAccounts = config.env === "development";
  if (config.seedOnStart && (await seedIfEmpty(database, { sampleAccounts }))) logger.info("sample content seeded");
  const redis = config.redisUrl ? await createRedis(config.redisUrl, logger) : undefined;
  const lifecycle: AccountLifecycle = {
    addressTaken: (userId, email) => adoptAddressConsent(database, userId, email),
    beforeDelete: (user) => purgeAccountData(database, user),
  };
  const auth = createAuth(config, database, lifecycle, redis && { redis, logger });
  const mailer = options.mailer ?? createMailer(config, logger);
  const responseCache = createResponseCache({ redis, logger, redisKeyPrefix: config.redisKeyPrefix });
  const sessions = createSessionLookup(auth, { redis, redisKeyPrefix: config.redisKeyPrefix });
  const rateLimiter = createRateLimiter(database, redis, logger, config.redisKeyPrefix);
  const media = options.media ?? (await createMediaStore(config.media));
  // Starts sending at once; stop() it before closing the database (index.ts, test harness).
  const outbox = await createOutbox(config, { database, mailer, logger, now: serverClock.now });
  // Writes its batches until stop() (index.ts, test harness), before the database closes.
  const stats = createCounter(statsWriter(config, database), { flushMs: config.stats.flushMs, logger, now: () => serverClock.now().getTime(), enabled: config.stats.counting });
  const app = createApp({ config, database, auth, logger, mailer, redis, responseCache, sessions, rateLimiter, media, outbox, stats });
  return { app, auth, database, logger, mailer, redis, responseCache, sessions, media, outbox, stats };
}

/** Counters in Redis when several instances share one, falling back to the database while it is down (decision 0010). */
function createRateLimiter(database: Db, redis: Redis | undefined, logger: Logger, redisKeyPrefix: string): RateLimiter<Kysely<Database>> {
  const inDatabase = new DatabaseRateLimiter(database);
  return redis ? new FallbackRateLimiter<Kysely<Database>>(new RedisRateLimiter(redis, `${redisKeyPrefix}rl:`), inDatabase, logger) : inDatabase;
}

/** The stats' batches written by a thread of their own, or in this one (STATS_WRITER=inline, and a database only this connection sees). */
function statsWriter(config: Config, database: Db): StatsWriter {
  const options = { site: new URL(config.publicUrl).host, trustProxy: config.trustProxy };
  const shareable = config.databaseUrl !== "file::memory:";
  return config.stats.writer === "thread" && shareable ? createThreadedWriter(config.databaseUrl, options) : createBatchWriter(database.db, options);
}
