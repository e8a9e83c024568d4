/** JSON request logs with a request id; silent in tests unless LOG_LEVEL says otherwise. */
import type { MiddlewareHandler } from "hono";
import { pino, type Logger } from "pino";

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const status = c.res.status;
    const entry = {
      id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    };
    if (status >= 500) logger.error(entry, "request failed");
    else logger.info(entry, "request");
  };
}
