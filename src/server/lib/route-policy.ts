/**
 * Every route says, beside its contract, how its answers may be cached or which cached answers it
 * makes stale: `defineRoute({ ..., cache })` for reads, `defineRoute({ ..., invalidates })` for
 * writes. The policy becomes the route's own middleware (the response cache, Cache-Control, the
 * invalidation once a write has answered) and part of its OpenAPI operation (`x-cache`,
 * `x-invalidates`), where a test checks that no route leaves it out. docs/decisions/0017.
 */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.js";
import { errorContent, SESSION_SCHEME } from "./openapi.js";
import { productTag, storyTag, type CacheTag } from "./response-cache.js";
import { setResponseHeaders } from "./response-headers.js";

const NO_STORE = [["Cache-Control", "no-store"]] as const;

/**
 * A read's policy. Public answers are the same for everyone: browsers may keep them `maxAge`
 * seconds (0: they revalidate every time), and with `tags` the server keeps them too, until a
 * write invalidates one of the tags. `private` answers belong to one user (or to this moment, as
 * the health check) and are never stored anywhere.
 */
export type ReadPolicy = { tags?: readonly CacheTag[]; maxAge: number; storyParam?: string; productParam?: string } | "private";
// `storyParam`: the path parameter naming a story whose own tag (`story:<id>`) the answer also
// carries, so a write to that story alone (a comment) drops it without touching the rest;
// `productParam` the same for a product (`product:<id>`: an order of it drops its answer).

type Policy<M> = M extends "get" ? { cache: ReadPolicy; invalidates?: never } : { invalidates: readonly CacheTag[]; cache?: never };

/**
 * How a route knows its caller, for the OpenAPI document's `security` (decision 0017):
 * - "session": the session cookie is required; the route lists 401 among its answers, and that is
 *   how it is told (no route needs to say it again);
 * - "optional": the cookie is read when sent and changes the answer, none is needed (`GET /api/me`
 *   answers null for a visitor);
 * - "none": the cookie is not read (the catalogue, sign-in, a reset link).
 * Only "optional" is ever written beside a route; the other two follow from its 401.
 */
export type RouteAuth = "session" | "optional" | "none";

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  session: [{ [SESSION_SCHEME]: [] }],
  // An empty requirement first: anonymous access is allowed, the cookie is taken when present.
  optional: [{}, { [SESSION_SCHEME]: [] }],
  none: [],
};

/** What a route's answers say of its caller: a route that may answer 401 needs the session. */
function authOf(declared: RouteAuth | undefined, responses: RouteConfig["responses"]): RouteAuth {
  const refuses = 401 in responses;
  if (declared === "optional" && refuses) throw new Error("a route that answers 401 needs the session: it cannot be optional");
  return declared ?? (refuses ? "session" : "none");
}

/**
 * The operation's id when it gives none: its method and path, e.g. `POST /api/orders/{orderId}/cancel`
 * → `postOrdersByOrderIdCancel`. Unique because a method and path are, and stable while the path
 * is (changing a path breaks clients anyway).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

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
  const { storyParam, productParam } = policy;
  return async (c, next) => {
    // HEAD passes through: only GET answers are stored.
    if (tags.length > 0 && c.req.method === "GET") {
      const all = [
        ...tags,
        ...(storyParam ? [storyTag(c.req.param(storyParam) ?? "")] : []),
        ...(productParam ? [productTag(c.req.param(productParam) ?? "")] : []),
      ];
      return c.var.responseCache.serve(c, next, all, cacheControl);
    }
    await next();
    if (c.res.status === 200) setResponseHeaders(c, [["Cache-Control", cacheControl]]);
  };
}

/** A write's answer is this moment's state, never to be reused; then the cached reads it made stale go. */
function writeMiddleware(tags: readonly CacheTag[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    setResponseHeaders(c, NO_STORE);
    const stale = [...tags, ...(c.var.staleTags ?? [])];
    // A 4xx changed nothing (the write's transaction was refused); anything else may have.
    if (stale.length > 0 && !(c.res.status >= 400 && c.res.status < 500)) await c.var.responseCache.invalidate(stale);
  };
}

/**
 * A write's handler names what it made stale that its route cannot declare ahead (the story a
 * comment belongs to: `storyTag(id)`); dropped with the route's `invalidates` after it answers.
 */
export function staleAlso(c: Context<AppEnv>, ...tags: CacheTag[]): void {
  c.set("staleTags", [...(c.var.staleTags ?? []), ...tags]);
}

/**
 * A read's handler names what its answer shows that its route cannot declare ahead (the products
 * of a list: `productTag(id)`); stored with the cached answer, so a write of one drops it.
 */
export function cacheAlso(c: Context<AppEnv>, ...tags: CacheTag[]): void {
  c.set("cacheTags", [...(c.var.cacheTags ?? []), ...tags]);
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
 * createRoute() with the route's cache policy, as middleware and in the OpenAPI document, the
 * answers every route may give, how it is authenticated (`security`, see RouteAuth) and an
 * operationId (operationIdOf, unless the route names its own). The path is its own type parameter,
 * as in createRoute(), so that it stays a literal type: AppType, and the typed clients built from
 * it, know each route by its path.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  route: R & Policy<R["method"]> & { auth?: "optional" },
): ReturnType<typeof createRoute<P, R>> {
  const { cache, invalidates, auth, ...declared } = route as RouteConfig & { cache?: ReadPolicy; invalidates?: readonly CacheTag[]; auth?: RouteAuth };
  const contract: RouteConfig = {
    operationId: operationIdOf(declared.method, declared.path),
    security: SECURITY[authOf(auth, declared.responses)],
    ...declared,
    responses: { ...ANY_ROUTE, ...declared.responses },
  };
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
