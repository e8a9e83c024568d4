/** Entry point: config → database → migrations → seed → listen; graceful shutdown on signals. */
import type { AddressInfo } from "node:net";
import { bootstrap } from "./bootstrap.js";
import { ConfigError, loadConfig } from "./config.js";
import { createHttpServer } from "./http-server.js";
import { drainable } from "./lib/graceful-shutdown.js";
import { purgeExpired } from "./db/rate-limit-store.js";
import { scheduleMediaSweeps } from "./media/gc.js";
import { stopImageWorker } from "./media/process.js";
import { stopAudioAnalysis } from "./audio/analyse.js";
import { serverClock } from "./lib/clock.js";
import { documentViews } from "./features/stats/count-views.js";
import { scheduleRollups } from "./features/stats/rollup.js";

const SHUTDOWN_GRACE_MS = 10_000;
const PURGE_EVERY_MS = 10 * 60_000;

async function main() {
  const config = loadConfig();
  const { app, database, logger, mailer, media, outbox, redis, responseCache, stats } = await bootstrap(config);

  const countView = config.stats.counting ? documentViews(stats) : undefined;
  const server = createHttpServer({ app, responseCache, config, logger, countView });
  server.listen(config.port, config.host, () => {
    // The port bound, which PORT=0 leaves to the system.
    logger.info({ port: (server.address() as AddressInfo).port, database: database.dialect }, `MAYBE is serving on ${config.publicUrl}`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    logger.fatal(error.code === "EADDRINUSE" ? `PORT ${config.port} is already in use` : error.message);
    process.exit(1);
  });

  // Expired rate-limit windows are dropped now and then, not on every hit.
  const purge = setInterval(() => {
    purgeExpired(database).catch((error: unknown) => logger.warn({ err: error }, "rate-limit purge failed"));
  }, PURGE_EVERY_MS);
  purge.unref();
  // Images nothing refers to are deleted after MEDIA_GRACE_HOURS (media/gc.ts).
  const mediaSweeps = scheduleMediaSweeps(database, media, { graceHours: config.media.graceHours, logger });
  // Yesterday's counts summed into the daily tables, old raw events and salts deleted (features/stats/rollup.ts).
  const rollups = scheduleRollups(database, { logger, now: serverClock.now });

  const drainer = drainable(server);
  const shutdown = async (signal: string) => {
    if (drainer.draining) return;
    clearInterval(purge);
    mediaSweeps.stop();
    const started = Date.now();
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const grace = setTimeout(() => {
      logger.warn("shutdown grace period over; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    // Keep-alive connections close after their current response; see graceful-shutdown.ts.
    await drainer.drain();
    // The e-mail being sent goes out (or is recorded as failed); the rest waits in the outbox.
    await outbox.stop();
    await rollups.stop();
    // The last batch of counts is written.
    await stats.stop();
    await database.close();
    mailer.close();
    media.close();
    stopImageWorker();
    await stopAudioAnalysis();
    responseCache.close();
    redis?.disconnect();
    logger.info({ ms: Date.now() - started }, "stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { responseCache, clock: serverClock };
}

/**
 * The running server's handles, for a script that starts it in its own process: the browser
 * tests' server (scripts/e2e-server.mjs) drops the response cache after a test writes rows
 * straight into the database, which no write route did and so nothing invalidated, and moves the
 * server's clock so a test can open a scheduled drop without waiting for it.
 */
export const running = main().catch((error: unknown) => {
  // One line, naming what is wrong; no stack trace for a configuration mistake.
  const message = error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : String(error);
  console.error(`MAYBE could not start. ${message}`);
  process.exit(1);
});
