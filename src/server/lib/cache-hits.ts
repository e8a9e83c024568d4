/**
 * Answers response-cache hits at the node:http layer, before the request reaches Hono.
 *
 * A hit through the app cost more than the rest of the request put together: node-server builds a
 * WHATWG Request, Hono runs the middleware chain, and the Response is copied back onto the socket.
 * Here a GET whose target is a stored key is written straight from the entry's bytes, with the same
 * headers the app would send (security headers, request id, ETag/304, gzip by Accept-Encoding) and
 * the same log line, from the same helpers (request-stamp.ts). Everything else, misses included, goes to the app unchanged; the app fills the
 * cache as before. docs/decisions/0012-response-cache-and-bench.md has the figures.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { logRequest, requestIdOf } from "./request-stamp.js";
import type { ResponseCache } from "./response-cache.js";


const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

export function withCacheHits(
  cache: ResponseCache,
  app: RequestListener,
  options: {
    securityHeaders: Record<string, string>;
    logger: Logger;
    /**
     * The key under which the app keeps a GET of this target that is not the API (a rendered
     * page, server/pages), from the request's Cookie header; undefined when it keeps none.
     */
    pageKey?: (target: string, cookie: string | undefined) => string | undefined;
  },
): RequestListener {
  const { securityHeaders, logger, pageKey } = options;
  // An entry's hit headers are one object per representation, reused until the entry goes; the
  // flat [name, value, ...] list node writes from is built once per object and reused with it.
  const written = new WeakMap<object, string[]>();
  const headerList = (headers: Readonly<Record<string, string>>) => {
    let list = written.get(headers);
    if (!list) {
      list = Object.entries({ ...headers, ...securityHeaders }).flat();
      written.set(headers, list);
    }
    return list;
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url;
    if (req.method !== "GET" || !target) return app(req, res);
    // The API's reads are stored by their target; the pages by their audience and target.
    const key = target.startsWith("/api/") ? target : pageKey?.(target, header(req, "cookie"));
    if (key === undefined) return app(req, res);
    const start = performance.now();
    const found = cache.lookup(key, header(req, "accept-encoding"), header(req, "if-none-match"));
    if (!found) return app(req, res);

    const id = requestIdOf(header(req, "x-request-id"));
    const headers = [...headerList(found.headers), "x-request-id", id];
    if (found.body) headers.push("content-length", String(found.body.byteLength));
    res.writeHead(found.status, headers);
    res.end(found.body ?? undefined);

    const query = target.indexOf("?");
    logRequest(logger, { id, method: "GET", path: query < 0 ? target : target.slice(0, query), status: found.status, start });
  };
}
