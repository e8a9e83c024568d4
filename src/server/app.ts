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
import type { Auth } from "./auth.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { registerAuthRoutes } from "./features/auth/auth.router.js";
import { registerHealthRoutes } from "./features/health/health.router.js";
import { registerCartRoutes } from "./features/cart/cart.router.js";
import { registerCatalogRoutes } from "./features/catalog/catalog.router.js";
import { registerCreatorsRoutes } from "./features/creators/creators.router.js";
import { registerFavoritesRoutes } from "./features/favorites/favorites.router.js";
import { registerMeRoutes } from "./features/me/me.router.js";
import { registerNewsletterRoutes } from "./features/newsletter/newsletter.router.js";
import { registerOrdersRoutes } from "./features/orders/orders.router.js";
import { registerSearchRoutes } from "./features/search/search.router.js";
import { registerSiteRoutes } from "./features/site/site.router.js";
import { ApiError, errorResponse, validationError } from "./lib/api-error.js";
import { API_DOCS_CSS, renderApiDocs } from "./lib/api-docs.js";
import { requestLogger } from "./lib/logger.js";
import type { Mailer } from "./lib/mailer.js";
import { contentSecurityPolicy, jsonOnly, originGuard, rejectNul, sizeLimit } from "./lib/security.js";
import { registerStatic } from "./lib/static.js";

export interface AppDeps {
  config: Config;
  database: Db;
  auth: Auth;
  logger: Logger;
  mailer: Mailer;
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

  const csp = contentSecurityPolicy(config.analyticsScriptUrl);
  app.use(async (c, next) => {
    await next();
    c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    if (config.isProduction) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });

  app.use("/api/*", originGuard(config.trustedOrigins));
  app.use("/api/*", jsonOnly());
  app.use("/api/*", sizeLimit(config.bodyLimitBytes));
  app.use("/api/*", rejectNul());

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
  registerSearchRoutes(app, deps);

  const openApiInfo = { title: "MAYBE", version: "0.1.0", description: "The MAYBE site's HTTP API." };
  app.doc31("/api/openapi.json", { openapi: "3.1.0", info: openApiInfo });
  app.get("/api/docs", (c) => c.html(renderApiDocs(app.getOpenAPI31Document({ openapi: "3.1.0", info: openApiInfo }))));
  app.get("/api/docs.css", (c) => c.body(API_DOCS_CSS, 200, { "Content-Type": "text/css; charset=utf-8" }));
  app.all("/api/*", () => {
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
    logger.error({ err: error, id: c.get("requestId") }, "unhandled error");
    return errorResponse(c, new ApiError(500, "INTERNAL", "Something went wrong on our side. Please try again."));
  });

  return app;
}

export type AppType = ReturnType<typeof createApp>;
