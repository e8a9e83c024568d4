/**
 * gzip for the API's JSON answers of 1 KB or more, for clients that accept it.
 *
 * Why not hono/compress: Hono's JSON answers carry no Content-Length, so it cannot apply its size
 * threshold and pipes every answer, however small, through a CompressionStream, which also moves
 * @hono/node-server off its fast path for string bodies. Measured on the signed-in cart (about
 * 700 bytes, clients sending `Accept-Encoding: gzip`): 1,100 req/s with it, 2,450 without.
 * Here the body, a whole JSON document, is read once, gzipped in one synchronous call when it is
 * large enough, and sent with its length either way.
 *
 * Answers already negotiated (a Content-Encoding, or a Vary on Accept-Encoding: the response
 * cache's answers, which keep a gzip copy of each entry), answers without a body and anything that
 * is not JSON pass through untouched.
 */
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { acceptedEncodings } from "./precompressed.js";

/** Smaller bodies gain little from gzip and cost a header's worth of bytes. */
export const GZIP_MIN_BYTES = 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 304 ||
      !headers.get("content-type")?.startsWith("application/json") ||
      headers.has("content-encoding") ||
      VARIES_BY_ENCODING.test(headers.get("vary") ?? "") ||
      NO_TRANSFORM.test(headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const plain = new Uint8Array(await res.arrayBuffer());
    const compressed = plain.byteLength >= GZIP_MIN_BYTES;
    const out = new Headers(headers);
    let body = plain;
    if (compressed) {
      // Whether the answer is gzipped depends on the request's Accept-Encoding from here on.
      const vary = out.get("vary");
      out.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      if (acceptedEncodings(c.req.header("accept-encoding")).has("gzip")) {
        body = gzipSync(plain);
        out.set("content-encoding", "gzip");
        const etag = out.get("etag");
        if (etag && !etag.startsWith("W/")) out.set("etag", `W/${etag}`);
      }
    }
    out.set("content-length", String(body.byteLength));
    // Cleared first, so Hono takes the new answer as it is instead of copying it into a stream
    // again; its headers, cookies included, were carried over above.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: out });
  };
}
