/** Entry point: config → database → migrations → seed → listen; graceful shutdown on signals. */
import { serve } from "@hono/node-server";
import { bootstrap } from "./bootstrap.js";
import { ConfigError, loadConfig } from "./config.js";
import { purgeExpired } from "./lib/rate-limit.js";

const SHUTDOWN_GRACE_MS = 10_000;
const PURGE_EVERY_MS = 10 * 60_000;

async function main() {
  const config = loadConfig();
  const { app, database, logger, mailer } = await bootstrap(config);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ port: info.port, database: database.dialect }, `MAYBE is serving on ${config.publicUrl}`);
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

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(purge);
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop accepting; keep-alive sockets that sit idle are closed so close() can finish.
    server.close(async () => {
      await database.close();
      mailer.close();
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
    setTimeout(() => {
      logger.warn("shutdown grace period over; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // One line, naming what is wrong; no stack trace for a configuration mistake.
  const message = error instanceof ConfigError ? `Configuration error: ${error.message}` : error instanceof Error ? error.message : String(error);
  console.error(`MAYBE could not start. ${message}`);
  process.exit(1);
});
