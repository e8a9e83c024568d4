/**
 * createApp(deps) builds the whole HTTP surface without listening, so tests drive it through
 * app.request(). Order: request id and logs → security headers → /api guards → routes →
 * static site. Errors leave in the shape of ARCHITECTURE.md §5 and never carry a stack trace.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { Logger } from "pino";
import { fieldErrors } from "../common/auth-schemas.js";
import type { Auth } from "./auth/better-auth.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import type { SessionLookup } from "./auth/session-cache.js";
import { registerAuthRoutes } from "./features/auth/auth.router.js";
import { registerHealthRoutes } from "./features/health/health.router.js";
import { registerCartRoutes } from "./features/cart/cart.router.js";
import { registerCatalogRoutes } from "./features/catalog/catalog.router.js";
import { registerCreatorsRoutes } from "./features/creators/creators.router.js";
import { registerFavoritesRoutes } from "./features/favorites/favorites.router.js";
import { registerMeRoutes } from "./features/me/me.router.js";
import { registerNewsletterRoutes } from "./features/newsletter/newsletter.router.js";
import { registerRadioRoutes } from "./features/radio/radio.router.js";
import { registerSearchRoutes } from "./features/search/search.router.js";
import { registerOrdersRoutes } from "./features/orders/orders.router.js";
import { registerSiteRoutes } from "./features/site/site.router.js";
import { unavailableReason } from "./db/unavailable.js";
import { ApiError, databaseUnavailable, errorResponse, validationError } from "./lib/api-error.js";
import { API_DOCS_CSS, renderApiDocs } from "./lib/api-docs.js";
import { compressJson } from "./lib/json-compression.js";
import { requestLogger } from "./lib/logger.js";
import { methodIndex } from "./lib/method-not-allowed.js";
import type { Mailer } from "./lib/mailer.js";
import type { RateLimiter } from "./lib/rate-limit.js";
import type { Redis } from "./lib/redis.js";
import { createResponseCache, type ResponseCache } from "./lib/response-cache.js";
import { setResponseHeaders } from "./lib/response-headers.js";
import { jsonOnly, originGuard, rejectHostileJson, securityHeaders, sizeLimit } from "./lib/security.js";
import { registerStatic } from "./lib/static.js";

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
  rateLimiter: RateLimiter;
}

export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const app = new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw validationError(fieldErrors(result.error));
    },
  });

  app.use(requestId());
  app.use(requestLogger(logger));

  const headers = Object.entries(securityHeaders(config));
  app.use(async (c, next) => {
    await next();
    setResponseHeaders(c, headers);
  });

  // Public reads answered from memory (with ETag/304); writes that change them invalidate, across
  // instances through Redis when configured. Before the guards: a GET passes them all anyway.
  const responseCache = deps.responseCache ?? createResponseCache({ redis: deps.redis, logger, redisKeyPrefix: config.redisKeyPrefix });
  // JSON answers of 1 KB or more are gzipped for clients that take it: the cached reads by the
  // cache, which keeps a gzip copy of each entry, so a hit costs no compression; every other
  // answer as c.json() serialises it. The client's own files are compressed at build time
  // instead (lib/precompressed.ts).
  app.use("/api/*", compressJson(responseCache.handles));
  app.use("/api/*", responseCache.middleware);

  app.use("/api/*", originGuard(config.trustedOrigins));
  app.use("/api/*", jsonOnly());
  app.use("/api/*", sizeLimit(config.bodyLimitBytes));
  app.use("/api/*", rejectHostileJson());

  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerMeRoutes(app, deps);
  registerSiteRoutes(app, deps);
  registerFavoritesRoutes(app, deps);
  registerCartRoutes(app, deps);
  registerOrdersRoutes(app, deps);
  registerCatalogRoutes(app, deps);
  registerCreatorsRoutes(app, deps);
  registerNewsletterRoutes(app, deps);
  registerRadioRoutes(app);
  registerSearchRoutes(app, deps);

  const openApiInfo = { title: "MAYBE", version: "0.1.0", description: "The MAYBE site's HTTP API." };
  app.doc31("/api/openapi.json", { openapi: "3.1.0", info: openApiInfo });
  app.get("/api/docs", (c) => c.html(renderApiDocs(app.getOpenAPI31Document({ openapi: "3.1.0", info: openApiInfo }))));
  app.get("/api/docs.css", (c) => c.body(API_DOCS_CSS, 200, { "Content-Type": "text/css; charset=utf-8" }));
  let methodsOf: ((path: string) => string[]) | undefined;
  app.all("/api/*", (c) => {
    methodsOf ??= methodIndex(app.routes);
    const allowed = methodsOf(c.req.path);
    if (allowed.length) {
      c.header("Allow", allowed.join(", "));
      throw new ApiError(405, "METHOD_NOT_ALLOWED", `This endpoint answers ${allowed.join(", ")} only.`);
    }
    throw new ApiError(404, "NOT_FOUND", "No such endpoint.");
  });

  registerStatic(app, { cacheIndex: config.isProduction, analyticsScriptUrl: config.analyticsScriptUrl });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (malformed JSON and the like) are the client's fault.
      const status = error.status;
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 401 ? "UNAUTHORIZED" : "VALIDATION_FAILED";
      return errorResponse(c, new ApiError(status, code, error.message || "The request is not valid."));
    }
    const reason = unavailableReason(error);
    if (reason) {
      logger.warn({ err: error, id: c.get("requestId"), reason }, "database unavailable");
      return errorResponse(c, databaseUnavailable(reason));
    }
    logger.error({ err: error, id: c.get("requestId") }, "unhandled error");
    return errorResponse(c, new ApiError(500, "INTERNAL", "Something went wrong on our side. Please try again."));
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
