/**
 * Serves the built SPA (dist/client) with an index.html fallback for client routes, and the
 * generated media. Hashed assets and media are immutable; index.html is always revalidated.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Env, Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

export const CLIENT_DIST = resolve("dist/client");
export const MEDIA_DIR = resolve("media");
const IMMUTABLE = "public, max-age=31536000, immutable";

export function registerStatic<E extends Env>(app: Hono<E>): void {
  app.use("/media/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
  });
  app.use("/media/*", serveStatic({ root: MEDIA_DIR, rewriteRequestPath: (p) => p.replace(/^\/media/, "") }));

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
  });
  // Absent before the first build (API tests); `npm start` builds before the server starts.
  if (existsSync(CLIENT_DIST)) app.use("/*", serveStatic({ root: CLIENT_DIST, index: "" }));

  // A missing file under these prefixes is a 404, not the SPA's index page.
  app.get("/media/*", (c) => c.text("Not found", 404));
  app.get("/assets/*", (c) => c.text("Not found", 404));

  let indexHtml: string | undefined;
  app.get("*", (c) => {
    indexHtml ??= existsSync(resolve(CLIENT_DIST, "index.html"))
      ? readFileSync(resolve(CLIENT_DIST, "index.html"), "utf8")
      : undefined;
    if (!indexHtml) return c.text("The site is not built yet: run `npm run build`.", 503);
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
}
