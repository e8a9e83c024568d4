/**
 * Every route says, beside its contract, how its answers may be cached or which cached answers it
 * makes stale: `defineRoute({ ..., cache })` for reads, `defineRoute({ ..., invalidates })` for
 * writes. The policy becomes the route's own middleware (the response cache, Cache-Control, the
 * invalidation once a write has answered) and part of its OpenAPI operation (`x-cache`,
 * `x-invalidates`), where a test checks that no route leaves it out. docs/decisions/0017.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.js";
import { errorContent } from "./openapi.js";
import type { CacheTag } from "./response-cache.js";
import { setResponseHeaders } from "./response-headers.js";

const NO_STORE = [["Cache-Control", "no-store"]] as const;

/**
 * A read's policy. Public answers are the same for everyone: browsers may keep them `maxAge`
 * seconds (0: they revalidate every time), and with `tags` the server keeps them too, until a
 * write invalidates one of the tags. `private` answers belong to one user (or to this moment, as
 * the health check) and are never stored anywhere.
 */
export type ReadPolicy = { tags?: readonly CacheTag[]; maxAge: number } | "private";

type Policy<M> = M extends "get" ? { cache: ReadPolicy; invalidates?: never } : { invalidates: readonly CacheTag[]; cache?: never };

export function cacheControlOf(policy: ReadPolicy): string {
  if (policy === "private") return "no-store";
  return policy.maxAge > 0 ? `public, max-age=${policy.maxAge}` : "no-cache";
}

function readMiddleware(policy: ReadPolicy): MiddlewareHandler<AppEnv> {
  const cacheControl = cacheControlOf(policy);
  if (policy === "private") {
    return async (c, next) => {
      await next();
      setResponseHeaders(c, [["Cache-Control", cacheControl]]);
    };
  }
  const tags = policy.tags ?? [];
  return async (c, next) => {
    // HEAD passes through: only GET answers are stored.
    if (tags.length > 0 && c.req.method === "GET") return c.var.responseCache.serve(c, next, tags, cacheControl);
    await next();
    if (c.res.status === 200) setResponseHeaders(c, [["Cache-Control", cacheControl]]);
  };
}

/** A write's answer is this moment's state, never to be reused; then the cached reads it made stale go. */
function writeMiddleware(tags: readonly CacheTag[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    setResponseHeaders(c, NO_STORE);
    // A 4xx changed nothing (the write's transaction was refused); anything else may have.
    if (tags.length > 0 && !(c.res.status >= 400 && c.res.status < 500)) await c.var.responseCache.invalidate([...tags]);
  };
}

/**
 * Answers any route may give, whatever it does: the request guards' refusals, the database out of
 * reach (503, decision 0014), and a fault of ours (500). Listed on every route so the document says what the server does.
 */
const ANY_ROUTE = {
  // The request guards answer before any route's handler (lib/security.ts, decision 0014).
  400: { description: "VALIDATION_FAILED: the request is malformed (bad JSON, nesting too deep, a bad parameter)", content: errorContent },
  403: { description: "FORBIDDEN_ORIGIN: a write from another site", content: errorContent },
  413: { description: "PAYLOAD_TOO_LARGE: the body is over the size limit", content: errorContent },
  415: { description: "UNSUPPORTED_MEDIA_TYPE: a body that is not JSON", content: errorContent },
  500: { description: "INTERNAL: something went wrong on the server's side", content: errorContent },
  503: { description: "UNAVAILABLE: the database is out of reach for now; try again", content: errorContent },
};

/**
 * createRoute() with the route's cache policy, as middleware and in the OpenAPI document, and the
 * answers every route may give. The path is its own type parameter, as in createRoute(), so that it
 * stays a literal type: AppType, and the typed clients built from it, know each route by its path.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  route: R & Policy<R["method"]>,
): ReturnType<typeof createRoute<P, R>> {
  const { cache, invalidates, ...declared } = route as RouteConfig & { cache?: ReadPolicy; invalidates?: readonly CacheTag[] };
  const contract: RouteConfig = { ...declared, responses: { ...ANY_ROUTE, ...declared.responses } };
  const existing = contract.middleware ? [contract.middleware].flat() : [];
  if (cache !== undefined) {
    const ok = contract.responses[200];
    const responses =
      ok && "content" in ok
        ? { ...contract.responses, 200: { ...ok, headers: { "Cache-Control": { schema: { type: "string" as const }, description: cacheControlOf(cache) }, ...ok.headers } } }
        : contract.responses;
    return createRoute({ ...contract, responses, "x-cache": cache, middleware: [readMiddleware(cache), ...existing] }) as never;
  }
  const tags = invalidates ?? [];
  return createRoute({ ...contract, "x-invalidates": tags, middleware: [writeMiddleware(tags), ...existing] }) as never;
}
