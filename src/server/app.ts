/**
 * createApp(deps) builds the whole HTTP surface without listening, so tests drive it through
 * app.request(). Order: request id and logs → security headers → /api guards → routes →
 * uploaded images (/media/u/*) → static site. Errors leave in the shape of ARCHITECTURE.md §5
 * and never carry a stack trace.
 */
import type { Role } from "../common/roles.js";
import { HTTPException } from "hono/http-exception";
import { authRouter } from "./features/auth/auth.router.js";
import { healthRouter } from "./features/health/health.router.js";
import { cartRouter } from "./features/cart/cart.router.js";
import { catalogRouter } from "./features/catalog/catalog.router.js";
import { creatorsRouter } from "./features/creators/creators.router.js";
import { favoritesRouter } from "./features/favorites/favorites.router.js";
import { meRouter } from "./features/account/me.router.js";
import { accountRouter } from "./features/account/account.router.js";
import { newsletterRouter } from "./features/newsletter/newsletter.router.js";
import { radioRouter } from "./features/radio/radio.router.js";
import { serveTrackAudio, TRACK_AUDIO_ROUTE } from "./features/radio/media-audio.js";
import { searchRouter } from "./features/search/search.router.js";
import { ordersRouter } from "./features/orders/orders.router.js";
import { siteRouter } from "./features/site/site.router.js";
import { studioRouter } from "./features/studio/studio.router.js";
import { mediaRouter } from "./features/media/media.router.js";
import { followsRouter } from "./features/follows/follows.router.js";
import { unsubscribeRouter } from "./features/unsubscribe/unsubscribe.router.js";
import { stockAlertsRouter } from "./features/stock-alerts/stock-alerts.router.js";
import { commentsRouter } from "./features/comments/comments.router.js";
import { houseProductsRouter } from "./features/studio/products/house-products.router.js";
import { ogRouter } from "./features/og/og.router.js";
import { adminRouter } from "./features/admin/admin.router.js";
import { reportsRouter } from "./features/reports/reports.router.js";
import { sitemapRouter } from "./features/sitemap/sitemap.router.js";
import { viewsRouter } from "./features/stats/views.router.js";
import { declinesCounting } from "./features/stats/who-counts.js";
import { clientIp } from "./lib/client-ip.js";
import { unavailableReason } from "./db/unavailable.js";
import { ApiError, databaseUnavailable, errorResponse } from "./lib/api-error.js";
import { createRouter } from "./lib/router.js";
import type { AppDeps } from "./app-deps.js";
import { API_DOCS_CSS, renderApiDocs } from "./lib/api-docs.js";
import { apiDocumentConfig, registerSessionScheme } from "./lib/openapi.js";
import { sessionCookieName } from "./auth/session-cache.js";
import { compressJson } from "./lib/json-compression.js";
import { stampRequests } from "./lib/request-stamp.js";
import { methodIndex } from "./lib/method-not-allowed.js";
import { createResponseCache } from "./lib/response-cache.js";
import { jsonOnly, originGuard, rejectHostileJson, securityHeaders, sizeLimit } from "./lib/security.js";
import { indexHtmlReader, registerStatic } from "./lib/static.js";
import { registerPages } from "./pages/pages.js";
import { lazyRenderer } from "./pages/renderer.js";
import { memoizedTemplate } from "./pages/template.js";
import { shareImages } from "./pages/share-images.js";
import { MEDIA_URL_PREFIX } from "./media/image-view.js";
import { serveMediaFile } from "./media/serve.js";


export function createApp(deps: AppDeps) {
  const { config, logger } = deps;
  const app = createRouter();

  app.use(stampRequests(logger, securityHeaders(config)));

  // Public reads answered from memory (with ETag/304); writes that change them invalidate, across
  // instances through Redis when configured. Before the guards: a GET passes them all anyway.
  const responseCache = deps.responseCache ?? createResponseCache({ redis: deps.redis, logger, redisKeyPrefix: config.redisKeyPrefix });
  // JSON answers of 1 KB or more are gzipped for clients that take it: the cached reads by the
  // cache, which keeps a gzip copy of each entry, so a hit costs no compression; every other
  // answer as c.json() serialises it. The client's own files are compressed at build time
  // instead (lib/precompressed.ts).
  app.use("/api/*", async (c, next) => {
    c.set("responseCache", responseCache);
    await next();
  });
  app.use("/api/*", compressJson());

  app.use("/api/*", originGuard(config.trustedOrigins));
  app.use("/api/*", jsonOnly());
  app.use("/api/*", sizeLimit(config.bodyLimitBytes));
  app.use("/api/*", rejectHostileJson());

  // The account flows write their e-mails into the outbox inside Better Auth's own steps; once the
  // request has answered (so after its commit), the worker is told to look now instead of at its
  // next poll. Only the routes that may write an e-mail: a wake runs a claim query, which the
  // cart's and favorites' writes under /api/me should not pay for.
  for (const path of ["/api/auth/*", "/api/me/email", "/api/me/password", "/api/me/delete", "/api/me/verification-email"]) {
    app.use(path, async (c, next) => {
      await next();
      if (c.req.method !== "GET" && c.res.status < 400) deps.outbox.wake();
    });
  }

  // A new account is counted for the stats, with the visit that brought it when the browser allows
  // counting (features/stats/counter.ts).
  app.use("/api/auth/sign-up/email", async (c, next) => {
    await next();
    if (c.req.method !== "POST" || c.res.status !== 200) return;
    const declines = declinesCounting({ header: (name) => c.req.header(name) });
    deps.stats.signup(declines ? null : { address: clientIp(c, config.trustProxy), agent: c.req.header("user-agent")! });
  });

  // Chained, so that the returned app's type (AppType) carries every route's contract.
  const api = app
    .route("/", healthRouter(deps))
    .route("/", authRouter(deps))
    .route("/", meRouter(deps))
    .route("/", accountRouter(deps))
    .route("/", siteRouter(deps))
    .route("/", favoritesRouter(deps))
    .route("/", followsRouter(deps))
    .route("/", unsubscribeRouter(deps))
    .route("/", stockAlertsRouter(deps))
    .route("/", cartRouter(deps))
    .route("/", ordersRouter(deps))
    .route("/", catalogRouter(deps))
    .route("/", commentsRouter(deps))
    .route("/", creatorsRouter(deps))
    // Before the studio's creators-only gate (/api/studio/*): admins upload too, for the house's products.
    .route("/", mediaRouter(deps))
    .route("/", studioRouter(deps))
    .route("/", newsletterRouter(deps))
    .route("/", radioRouter(deps))
    .route("/", searchRouter(deps))
    .route("/", reportsRouter(deps))
    .route("/", adminRouter(deps))
    .route("/", houseProductsRouter(deps))
    .route("/", viewsRouter(deps));

  const documentFacts = { publicUrl: config.publicUrl, sessionCookie: sessionCookieName(config.isProduction) };
  registerSessionScheme(app, documentFacts);
  app.doc31("/api/openapi.json", apiDocumentConfig(documentFacts));
  app.get("/api/docs", (c) => c.html(renderApiDocs(app.getOpenAPI31Document(apiDocumentConfig(documentFacts)))));
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

  // Uploaded images, from the media store; before the static files, whose /media/* is the repository's own.
  app.get(`${MEDIA_URL_PREFIX}*`, serveMediaFile(deps.media));
  // Uploaded tracks: only those on the radio to everyone (features/radio/media-audio.ts).
  app.on(["GET", "HEAD"], TRACK_AUDIO_ROUTE, serveTrackAudio(deps));
  app.route("/", ogRouter(deps)); // Share cards (/og/*), before the static fallback.
  app.route("/", sitemapRouter(deps, responseCache)); // /sitemap.xml and /robots.txt, before the static fallback.
  registerStatic(app);
  const INTERNAL = { internal: true };
  // Every other GET is a page: the public ones rendered on the server (docs/decisions/0022).
  // Their data comes from this app's own public API, as a visitor's would.
  const read = async (path: string) => {
    const res = await app.request(path, { headers: { accept: "application/json" } }, INTERNAL);
    // Not found, or an id no item can have (400): either way there is nothing to show.
    if (res.status === 404 || res.status === 400) return undefined;
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res.json();
  };
  registerPages(app, {
    site: { origin: config.publicUrl, instagramUrl: config.instagramUrl, contactEmail: config.contactEmail },
    logger,
    responseCache,
    template: memoizedTemplate(indexHtmlReader({ cacheIndex: config.isProduction, analyticsScriptUrl: config.analyticsScriptUrl })),
    renderer: deps.pageRenderer ?? lazyRenderer((path, init) => Promise.resolve(app.request(path, init, INTERNAL))),
    read,
    viewer: async (cookie) => {
      const res = await app.request("/api/me", { headers: { cookie, accept: "application/json" } }, INTERNAL);
      if (!res.ok) return null;
      const profile = (await res.json()) as { role: Role } | null;
      return profile && { role: profile.role };
    },
    ogImage: shareImages,
  });

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

  return api;
}

export type AppType = ReturnType<typeof createApp>;
