/**
 * Cross-cutting request guards for /api: CSRF by Origin, JSON-only bodies, body size. The
 * response headers (CSP and friends) are set for every response in app.ts.
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, validationError } from "./api-error.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that carries cookies must come from one of our own pages: its Origin
 * must be trusted. A foreign Origin is refused even without cookies (no login CSRF).
 */
export function originGuard(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const hasCookie = Boolean(c.req.header("cookie"));
    if (origin ? !trusted.has(origin) : hasCookie) {
      throw new ApiError(403, "FORBIDDEN_ORIGIN", "This request came from another site and was refused.");
    }
    return next();
  };
}

/** Requests with a body must send JSON. */
export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // HTTP/1.1: a body is announced by Content-Length or Transfer-Encoding; neither means none.
    const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (hasBody && type !== "application/json") {
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
    }
    return next();
  };
}

export function sizeLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${maxSize} bytes.`);
    },
  });
  // Reads carry no body; skipping them spares node-server building a full Request per GET.
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limit(c, next));
}

export function contentSecurityPolicy(analyticsScriptUrl: string | undefined): string {
  const scriptSrc = ["'self'", ...(analyticsScriptUrl ? [new URL(analyticsScriptUrl).origin] : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    `connect-src ${scriptSrc.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, v]) => key.includes("\u0000") || containsNul(v));
  }
  return false;
}

/**
 * NUL characters are refused in query parameters and JSON bodies: PostgreSQL cannot store them
 * in text, so one would otherwise surface as a 500 deep inside a query. Path parameters are
 * checked by each route's schema (src/common/text.ts), which can name the parameter.
 */
export function rejectNul(): MiddlewareHandler {
  return async (c, next) => {
    for (const [key, value] of new URL(c.req.url).searchParams) {
      if (key.includes("\u0000") || value.includes("\u0000")) {
        throw validationError({ [key]: `${key} must not contain a NUL character` });
      }
    }
    const isJson = (c.req.header("content-type") ?? "").includes("json");
    if (!SAFE_METHODS.has(c.req.method) && isJson && containsNul(await c.req.json().catch(() => undefined))) {
      throw new ApiError(400, "VALIDATION_FAILED", "The request contains a NUL character, which is not allowed.");
    }
    return next();
  };
}
