/**
 * Cross-cutting request guards for /api: CSRF by Origin, JSON-only bodies, body size. The
 * response headers (CSP and friends) are set for every response in app.ts.
 */
import type { Context, MiddlewareHandler } from "hono";
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
    if (SAFE_METHODS.has(c.req.method) || isTokenForm(c)) return next();
    const origin = c.req.header("origin");
    const hasCookie = Boolean(c.req.header("cookie"));
    if (origin ? !trusted.has(origin) : hasCookie) {
      throw new ApiError(403, "FORBIDDEN_ORIGIN", "This request came from another site and was refused.");
    }
    return next();
  };
}

/**
 * The only routes whose body is not JSON: file uploads, sent as multipart/form-data and streamed
 * by the route itself with its own limits (features/media: 10 MB a file). jsonOnly and sizeLimit
 * let exactly these through; the origin guard and everything else still apply. `METHOD path`.
 */
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set(["POST /api/studio/media", "POST /api/studio/tracks"]);

const isUpload = (c: Context) => UPLOAD_ROUTES.has(`${c.req.method} ${c.req.path}`);

/**
 * Routes a mail provider or a plain HTML form posts, whose authority is a signed token in the
 * URL, not a session: RFC 8058's one-click unsubscribe (features/unsubscribe) and the newsletter's
 * confirmation (features/newsletter, a plain form on its landing page) must work without
 * a cookie, a CSRF token or an Origin of ours, with any body (it is not read).
 */
export const TOKEN_FORM_ROUTES: ReadonlySet<string> = new Set(["POST /api/unsubscribe", "POST /api/newsletter/confirm"]);

const isTokenForm = (c: Context) => TOKEN_FORM_ROUTES.has(`${c.req.method} ${c.req.path}`);

/**
 * Beacons the app sends with `navigator.sendBeacon(url, text)`: a plain-text body, the shortest a
 * page can send (the stats' view beacon, features/stats). The origin guard and the size limit apply.
 */
export const BEACON_ROUTES: ReadonlySet<string> = new Set(["POST /api/views"]);

const isBeacon = (c: Context) => BEACON_ROUTES.has(`${c.req.method} ${c.req.path}`);

/** A token route posted by a person's browser (its plain form), not by a provider or the app: answer with a redirect to the page. */
export const wantsPage = (c: Context) => (c.req.header("accept") ?? "").includes("text/html");

/** Requests with a body must send JSON; an upload route's, multipart/form-data. */
export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isTokenForm(c)) return next();
    if (isUpload(c)) {
      if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "") && hasBody(c)) {
        throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
      }
      return next();
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (hasBody(c) && type !== "application/json" && !(type === "text/plain" && isBeacon(c))) {
      throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
    }
    return next();
  };
}

/** HTTP/1.1: a body is announced by Content-Length or Transfer-Encoding; neither means none. */
function hasBody(c: Context): boolean {
  return Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
}

/** Bodies over maxSize are refused (413); upload routes limit their own stream instead. */
export function sizeLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${maxSize} bytes.`);
    },
  });
  // Reads carry no body; skipping them spares node-server building a full Request per GET.
  return (c, next) => (SAFE_METHODS.has(c.req.method) || isUpload(c) ? next() : limit(c, next));
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
    // No page of ours needs <base>; 'none' stops an injected one from re-pointing relative URLs.
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers every response carries, whatever produced it (API, page, asset, error). HSTS goes
 * with an https site, since it is the scheme the browser sees that matters, not NODE_ENV: a
 * staging site on https gets it, a production build tried on http://localhost does not (a
 * browser would otherwise refuse plain http on localhost for a year).
 */
export function securityHeaders(options: { analyticsScriptUrl: string | undefined; publicUrl: string }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options.analyticsScriptUrl),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(new URL(options.publicUrl).protocol === "https:"
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/** Deepest nesting of arrays and objects a JSON body may have; our forms need 3. */
export const MAX_JSON_DEPTH = 32;

/**
 * What is wrong with a parsed JSON body, if anything: nested deeper than MAX_JSON_DEPTH, or a NUL
 * character in a key or string. Walks with an explicit stack, not recursion, so a hostile body
 * (thousands of levels) cannot overflow the call stack; it stops at the first level too deep.
 */
export function jsonBodyProblem(body: unknown): "too-deep" | "nul" | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "nul";
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return "too-deep";
    for (const [key, child] of Object.entries(value)) {
      if (key.includes("\u0000")) return "nul";
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused (they served no form and could
 * exhaust the stack of any recursive code after us). NUL characters are refused in query parameters and JSON bodies: PostgreSQL cannot store them
 * in text, so one would otherwise surface as a 500 deep inside a query. Path parameters are
 * checked by each route's schema (src/common/text.ts), which can name the parameter.
 */
export function rejectHostileJson(): MiddlewareHandler {
  return async (c, next) => {
    for (const [key, value] of new URL(c.req.url).searchParams) {
      if (key.includes("\u0000") || value.includes("\u0000")) {
        throw validationError({ [key]: `${key} must not contain a NUL character` });
      }
    }
    const isJson = (c.req.header("content-type") ?? "").includes("json");
    if (!SAFE_METHODS.has(c.req.method) && isJson) {
      const problem = jsonBodyProblem(await c.req.json().catch(() => undefined));
      if (problem === "too-deep") {
        throw new ApiError(400, "VALIDATION_FAILED", `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
      }
      if (problem === "nul") {
        throw new ApiError(400, "VALIDATION_FAILED", "The request contains a NUL character, which is not allowed.");
      }
    }
    return next();
  };
}
