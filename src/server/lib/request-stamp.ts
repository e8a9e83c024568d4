/**
 * What every answer carries and every request leaves in the log, whichever path answers it: the
 * app (Hono) or a response-cache hit written at the node:http layer (cache-hits.ts). One request
 * id rule, one set of headers, one log line, so the two paths cannot drift apart.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env.js";
import { setResponseHeaders } from "./response-headers.js";

/** As hono/request-id: a client's id is kept when short and plain, otherwise a new one is made. */
const REQUEST_ID_MAX = 255;
export const requestIdOf = (sent: string | undefined) =>
  sent && sent.length <= REQUEST_ID_MAX && !/[^\w\-=]/.test(sent) ? sent : randomUUID();

export interface RequestLine {
  id: string;
  method: string;
  path: string;
  status: number;
  /** When the request arrived, from performance.now(). */
  start: number;
}

export function logRequest(logger: Logger, line: RequestLine, internal = false): void {
  const entry = { id: line.id, method: line.method, path: line.path, status: line.status, ms: Math.round((performance.now() - line.start) * 10) / 10 };
  if (line.status >= 500) logger.error(entry, "request failed");
  else if (internal) logger.debug(entry, "internal request");
  else logger.info(entry, "request");
}

/** The app's first middleware: request id in, then the headers and the log line on the way out. */
export function stampRequests(logger: Logger, headers: Readonly<Record<string, string>>): MiddlewareHandler<AppEnv> {
  const list = Object.entries(headers);
  return async (c, next) => {
    const start = performance.now();
    const id = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
    setResponseHeaders(c, list);
    logRequest(logger, { id, method: c.req.method, path: c.req.path, status: c.res.status, start }, c.env?.internal === true);
  };
}
