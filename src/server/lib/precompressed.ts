/**
 * Serves the built client's files, choosing the Brotli or gzip copy the build wrote beside each
 * text asset (src/build/precompress.ts) by the request's Accept-Encoding, so nothing is
 * compressed per request. Every answer for a file that has compressed copies says
 * `Vary: Accept-Encoding` (caches must keep the variants apart), and each variant has its own
 * ETag and Content-Length. Each answer (304s too, which update a cached copy's headers) carries
 * the Cache-Control of its file (cacheControlOf).
 */
import { statSync, createReadStream, type Stats } from "node:fs";
import { Readable } from "node:stream";
import { relative, resolve, sep } from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";

/** Smaller API bodies gain little from gzip and cost a header's worth of bytes (json-compression.ts, response-cache.ts). */
export const GZIP_MIN_BYTES = 1024;

/** Best first: Brotli is about 15-20% smaller than gzip on our JavaScript. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The codings the client accepts (q > 0); `*` admits any not named with q=0. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? "").split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    const q = params.map((p) => p.trim().match(/^q=([0-9.]+)$/i)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (name === "*") wildcard = weight > 0;
    else if (weight > 0) accepted.add(name);
    else refused.add(name);
  }
  if (wildcard) for (const { name } of ENCODINGS) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

function fileStats(path: string): Stats | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The file under root a request path names, or undefined for anything that tries to leave it. */
function resolveInside(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\") || /(^|\/)\.\.?(\/|$)/.test(decoded)) return undefined;
  const path = resolve(root, `.${decoded}`);
  return path.startsWith(root + sep) ? path : undefined;
}

/** Vite writes content-hashed names under assets/: a changed file is a new URL. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * Files kept at a fixed name across builds (favicon.ico, the app icons, manifest.webmanifest,
 * robots.txt): a day in any cache, then revalidated by ETag, so a new icon shows within a day.
 */
export const FIXED_NAME = "public, max-age=86400";

/**
 * The Cache-Control for a file, by its path inside the root ("assets/app-1a2b.js"): hashed
 * assets for a year, pages always revalidated, every other file for a day.
 */
export function cacheControlOf(file: string): string {
  if (file.startsWith("assets/")) return IMMUTABLE;
  if (file.endsWith(".html")) return "no-cache";
  return FIXED_NAME;
}

const etagOf = (stats: Stats) => `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

function matchesEtag(c: Context, etag: string): boolean {
  const header = c.req.header("If-None-Match");
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function servePrecompressed(root: string): MiddlewareHandler {
  const base = resolve(root);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const path = resolveInside(base, c.req.path);
    const original = path && fileStats(path);
    if (!path || !original) return next();

    const variants = ENCODINGS.map((e) => ({ ...e, stats: fileStats(path + e.suffix) })).filter((v) => v.stats);
    const accepted = acceptedEncodings(c.req.header("Accept-Encoding"));
    const chosen = variants.find((v) => accepted.has(v.name));
    const stats = chosen?.stats ?? original;

    const headers: Record<string, string> = {
      "Content-Type": getMimeType(path) ?? "application/octet-stream",
      ETag: etagOf(stats),
      "Last-Modified": original.mtime.toUTCString(),
      "Cache-Control": cacheControlOf(relative(base, path).split(sep).join("/")),
    };
    if (variants.length > 0) headers.Vary = "Accept-Encoding";
    if (chosen) headers["Content-Encoding"] = chosen.name;

    if (matchesEtag(c, headers.ETag!)) return c.body(null, 304, headers);
    headers["Content-Length"] = String(stats.size);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    const stream = Readable.toWeb(createReadStream(path + (chosen?.suffix ?? ""))) as ReadableStream<Uint8Array>;
    return c.body(stream, 200, headers);
  };
}
