/**
 * Serves the built client's files (dist/client) and the generated media; the pages themselves
 * (index.html as their frame) are server/pages' own. Hashed assets and media are immutable; index.html is always revalidated.
 * Media answers range requests (206 with Content-Range), which audio seeking relies on. The
 * client's text assets are sent precompressed (Brotli or gzip, by Accept-Encoding).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Env, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { servePrecompressed } from "./precompressed.js";

export const CLIENT_DIST = resolve("dist/client");
export const MEDIA_DIR = resolve("media");
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Adds the optional analytics script (DECISIONS.md 14) to the page; the CSP allows its origin.
 * Off unless configured.
 */
export function withAnalytics(html: string, scriptUrl: string | undefined): string {
  if (!scriptUrl) return html;
  const src = scriptUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return html.replace("</head>", `<script defer src="${src}"></script></head>`);
}

export interface StaticOptions {
  /** Keep index.html in memory (production); elsewhere it is re-read so a rebuild shows at once. */
  cacheIndex: boolean;
  analyticsScriptUrl: string | undefined;
}

/** The client's files and the media; every other GET is a page (server/pages, registered after this). */
export function registerStatic<E extends Env>(app: Hono<E>): void {
  app.use("/media/*", async (c, next) => {
    await next();
    // 206 too: audio is fetched in ranges, and every part may be cached as long as the whole.
    if (c.res.status === 200 || c.res.status === 206) {
      c.header("Cache-Control", IMMUTABLE);
      c.header("Accept-Ranges", "bytes");
    }
  });
  app.use("/media/*", serveStatic({ root: MEDIA_DIR, rewriteRequestPath: (p) => p.replace(/^\/media/, "") }));

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
  });
  // Absent before the first build (API tests); `npm start` builds before the server starts.
  if (existsSync(CLIENT_DIST)) {
    // Text assets go out as the .br/.gz copy the build wrote, when the client accepts it.
    const files = servePrecompressed(CLIENT_DIST);
    // Directory paths ("/", "/x/") are client routes: they fall through to index.html below.
    app.use("/*", (c, next) => (c.req.path.endsWith("/") ? next() : files(c, next)));
  }

  // A missing file under these prefixes is a 404, not the SPA's index page.
  app.get("/media/*", (c) => c.text("Not found", 404));
  app.get("/assets/*", (c) => c.text("Not found", 404));
}

/**
 * The built index.html, the frame of every page (server/pages): kept in memory in production,
 * re-read elsewhere so a rebuild shows at once; undefined before the first build.
 */
export function indexHtmlReader({ cacheIndex, analyticsScriptUrl }: StaticOptions): () => string | undefined {
  let cached: string | undefined;
  const readIndex = () => {
    const file = resolve(CLIENT_DIST, "index.html");
    return existsSync(file) ? withAnalytics(readFileSync(file, "utf8"), analyticsScriptUrl) : undefined;
  };
  return () => (cacheIndex ? (cached ??= readIndex()) : readIndex());
}
