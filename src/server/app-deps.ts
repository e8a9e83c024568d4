/** What the app is built from (bootstrap.ts makes them; createApp and every feature router take them). */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Auth } from "./auth/better-auth.js";
import type { SessionLookup } from "./auth/session-cache.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { Database } from "./db/types.js";
import type { Mailer } from "./lib/mailer.js";
import type { RateLimiter } from "./lib/rate-limit.js";
import type { Redis } from "./lib/redis.js";
import type { ResponseCache } from "./lib/response-cache.js";
import type { MediaStore } from "./media/store.js";
import type { Outbox } from "./outbox/worker.js";
import type { PageRenderer } from "./pages/renderer.js";
import type { StatsCounter } from "./features/stats/counter.js";

export interface AppDeps {
  config: Config;
  database: Db;
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
  /** Present when REDIS_URL is set: state shared by several instances. */
  redis?: Redis;
  /** Made by bootstrap (which closes its Redis subscriber); createApp makes one when absent. */
  responseCache?: ResponseCache;
  /** Who is signed in, with confirmed sessions remembered briefly (auth/session-cache.ts). */
  sessions: SessionLookup;
  /** Fixed-window counters shared by every instance (lib/rate-limit.ts). */
  rateLimiter: RateLimiter<Kysely<Database>>;
  /** Where uploaded images' variants live: DATA_DIR/media, or S3 when configured (media/store.ts). */
  media: MediaStore;
  /** The pages' server-side renderer; by default the built one (dist/ssr), loaded on first use (pages/renderer.ts). */
  pageRenderer?: () => Promise<PageRenderer | undefined>;
  /** Sends the e-mails written with enqueueMail; wake() it after committing one (outbox/worker.ts). */
  outbox: Outbox;
  /** Counts page views and actions for the stats, in batches (features/stats/counter.ts); stop() it before closing the database. */
  stats: StatsCounter;
}
