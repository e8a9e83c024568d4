/**
 * GET/HEAD /media/u/{hash}/{width}.{ext}: an uploaded image's variant, from the media store.
 * The URL names the content (its hash), so the answer never changes and is cached for a year
 * without revalidation; a key that is malformed or not stored is a plain 404.
 */
import type { Context } from "hono";
import { MEDIA_URL_PREFIX } from "./image-view.js";
import { isVariantKey, type MediaStore } from "./store.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

export function serveMediaFile(store: MediaStore) {
  return async (c: Context): Promise<Response> => {
    const key = c.req.path.slice(MEDIA_URL_PREFIX.length);
    if (!c.req.path.startsWith(MEDIA_URL_PREFIX) || !isVariantKey(key)) return c.text("Not found", 404);
    // The key is the content: its name serves as the validator.
    const etag = `"${key.replace("/", "-")}"`;
    const headers: Record<string, string> = { "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff", ETag: etag };
    const conditional = c.req.header("if-none-match") === etag;
    if (c.req.method === "HEAD" || conditional) {
      // No body to send: ask for the size and type only.
      const info = await store.head(key);
      if (!info) return c.text("Not found", 404);
      if (conditional) return c.body(null, 304, headers);
      return c.body(null, 200, { ...headers, "Content-Type": info.contentType, "Content-Length": String(info.size) });
    }
    const object = await store.get(key);
    if (!object) return c.text("Not found", 404);
    return c.body(object.body, 200, { ...headers, "Content-Type": object.contentType, "Content-Length": String(object.size) });
  };
}
