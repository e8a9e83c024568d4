/**
 * Stored media over HTTP. GET/HEAD /media/u/{hash}/{width}.{ext} is an uploaded image's variant;
 * serveStoredObject is the answer for any stored object, which tracks' audio shares
 * (serve-audio.ts). The key names the content, so it serves as the ETag and the answer never
 * changes; a key that is malformed or not stored is a plain 404.
 */
import type { Context } from "hono";
import { resolveRange } from "./byte-range.js";
import { MEDIA_URL_PREFIX } from "./image-view.js";
import { contentTypeOfKey, isVariantKey, type MediaStore } from "./store.js";

const IMMUTABLE = "public, max-age=31536000, immutable";

export function serveMediaFile(store: MediaStore) {
  return async (c: Context): Promise<Response> => {
    const key = c.req.path.slice(MEDIA_URL_PREFIX.length);
    if (!c.req.path.startsWith(MEDIA_URL_PREFIX) || !isVariantKey(key)) return c.text("Not found", 404);
    return serveStoredObject(c, store, key, IMMUTABLE);
  };
}

/**
 * GET or HEAD of the object under `key` (a valid key: the caller has checked it, and whether this
 * visitor may have it), with `cacheControl` on its 200, 206 and 304. A GET may ask for one range
 * of bytes (byte-range.ts): a player seeks that way. HEAD, a conditional GET and a ranged one
 * ask the store for the size first; a plain GET reads the object at once.
 */
export async function serveStoredObject(c: Context, store: MediaStore, key: string, cacheControl: string): Promise<Response> {
  const etag = `"${key.replace("/", "-")}"`;
  const always = { "X-Content-Type-Options": "nosniff", ETag: etag, "Accept-Ranges": "bytes" };
  // Not on a 416: an answer about a range, not the object, kept nowhere.
  const headers = { ...always, "Cache-Control": cacheControl };
  const conditional = matchesEtag(c.req.header("if-none-match"), etag);
  const ifRange = c.req.header("if-range");
  // A range asked "if the object is still this one" is ignored when it is not (RFC 9110 §13.1.5);
  // a date never matches, as no Last-Modified is sent.
  const range = c.req.method === "GET" && (ifRange === undefined || ifRange === etag) ? c.req.header("range") : undefined;
  const contentType = contentTypeOfKey(key);

  if (c.req.method === "HEAD" || conditional || range) {
    const info = await store.head(key);
    if (!info) return c.text("Not found", 404);
    if (conditional) return c.body(null, 304, headers);
    if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "Content-Type": contentType, "Content-Length": String(info.size) });
    const answer = resolveRange(range, info.size);
    if (answer.kind === "unsatisfiable") return c.body(null, 416, { ...always, "Content-Range": `bytes */${info.size}` });
    if (answer.kind === "part") {
      const part = await store.get(key, answer);
      if (!part) return c.text("Not found", 404);
      return c.body(part.body, 206, {
        ...headers,
        "Content-Type": contentType,
        "Content-Length": String(answer.end - answer.start + 1),
        "Content-Range": `bytes ${answer.start}-${answer.end}/${info.size}`,
      });
    }
  }
  const object = await store.get(key);
  if (!object) return c.text("Not found", 404);
  return c.body(object.body, 200, { ...headers, "Content-Type": contentType, "Content-Length": String(object.size) });
}

/** If-None-Match names this ETag: one of a list, weak or strong (a GET compares weakly), or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}
