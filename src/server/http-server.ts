/** The node:http server around the app: cached public reads answered first, everything else by Hono. */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Logger } from "pino";
import type { createApp } from "./app.js";
import type { Config } from "./config.js";
import { withCacheHits } from "./lib/cache-hits.js";
import type { ResponseCache } from "./lib/response-cache.js";
import { securityHeaders } from "./lib/security.js";
import { audienceOf, pageCacheKey } from "./pages/pages.js";

/** How long a quiet keep-alive connection stays open (see below); sent as `Keep-Alive: timeout=65`. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function createHttpServer(deps: {
  app: ReturnType<typeof createApp>;
  responseCache: ResponseCache;
  config: Pick<Config, "host" | "publicUrl" | "analyticsScriptUrl">;
  logger: Logger;
  /** Counts a browser's load of a public page, before the cache answers it (features/stats/count-views.ts). */
  countView?: (req: IncomingMessage) => void;
}): Server {
  const { app, responseCache, config, logger, countView } = deps;
  const toApp = getRequestListener(app.fetch, { hostname: config.host });
  const pageKey = (target: string, cookie: string | undefined) => pageCacheKey(audienceOf(cookie), target);
  const answer = withCacheHits(responseCache, toApp, { securityHeaders: securityHeaders(config), logger, pageKey });
  const server = createServer(
    countView
      ? (req, res) => {
          countView(req);
          return answer(req, res);
        }
      : answer,
  );
  // Node closes a quiet keep-alive connection after 5 s by default. A client that picks that
  // connection for its next request at the same moment gets ECONNRESET (seen from Playwright's
  // request context between slow browser steps). Clients and proxies keep idle sockets for less
  // than a minute, so they close first and the race goes away; headersTimeout must exceed it.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

