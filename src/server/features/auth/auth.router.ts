/**
 * The account endpoints. Sign-up and sign-in are validated with the forms' own schemas, rate
 * limited per client address and per account, then handed to Better Auth, whose errors are
 * mapped to the stable codes of common/errors.ts. Only the endpoints the product uses are exposed.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import { CLIENT_IP_HEADER } from "../../auth.js";
import type { AppDeps } from "../../app.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { isCommonPassword } from "../../lib/common-passwords.js";
import { hit } from "../../lib/rate-limit.js";
import { findProfile, type Profile } from "../me/me.queries.js";
import { getSessionRoute, joinArtistRoute, signInRoute, signOutRoute, signUpRoute } from "./auth.routes.js";

type Action = "sign-up" | "sign-in";

/** Counts an attempt against the client address and, when the body names one, the account. */
function attemptLimit(deps: AppDeps, action: Action): MiddlewareHandler {
  const { perIp, perAccount, windowSeconds } = deps.config.authRateLimit;
  return async (c, next) => {
    const ip = clientIp(c, deps.config.trustProxy);
    const checks = [hit(deps.database, `${action}:ip:${ip}`, perIp, windowSeconds)];
    const email = await c.req.json().then(
      (body: unknown) => (body && typeof body === "object" && "email" in body ? body.email : undefined),
      () => undefined,
    );
    if (typeof email === "string" && email.trim()) {
      checks.push(hit(deps.database, `${action}:account:${email.trim().toLowerCase()}`, perAccount, windowSeconds));
    }
    const results = await Promise.all(checks);
    const refused = results.find((r) => !r.allowed);
    if (refused) {
      c.header("Retry-After", String(refused.retryAfterSeconds));
      throw new ApiError(429, "RATE_LIMITED", AUTH_MESSAGES.rateLimited);
    }
    await next();
  };
}

/**
 * Re-issues the request to Better Auth's own endpoint `path` with a clean JSON body and the
 * computed client address.
 */
function forward(deps: AppDeps, c: Context, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config.trustProxy));
  const init: RequestInit = { method: c.req.method, headers };
  if (body !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(body);
  }
  return deps.auth.handler(new Request(new URL(path, c.req.url), init));
}

const invalidEmail = () =>
  new ApiError(400, "INVALID_EMAIL", AUTH_MESSAGES.invalidEmail, { email: AUTH_MESSAGES.invalidEmail });

async function authFailure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  switch (body.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return new ApiError(409, "EMAIL_TAKEN", AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    case "VALIDATION_ERROR":
      // Better Auth's own email check is stricter than the forms' (e.g. a one-letter TLD).
      if (/email/i.test(body.message ?? "")) return invalidEmail();
      break;
    case "INVALID_EMAIL":
      return invalidEmail();
    case "INVALID_EMAIL_OR_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new ApiError(401, "INVALID_CREDENTIALS", AUTH_MESSAGES.invalidCredentials);
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return new ApiError(400, "WEAK_PASSWORD", body.message ?? "Password is too weak.", {
        password: body.message ?? "Password is too weak.",
      });
  }
  if (res.status === 403) return new ApiError(403, "FORBIDDEN_ORIGIN", "This request came from another site.");
  if (res.status < 500) return new ApiError(400, "VALIDATION_FAILED", body.message ?? AUTH_MESSAGES.registrationFailed);
  throw new Error(`auth service failed with ${res.status}: ${body.message ?? "no message"}`);
}

/** Carries Better Auth's session cookies over to our response. */
function copyCookies(c: Context, res: Response): void {
  for (const cookie of res.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/** The profile of the user Better Auth just signed in, with its cookies copied over. */
async function signedInProfile(deps: AppDeps, c: Context, res: Response): Promise<Profile> {
  const { user } = (await res.json()) as { user: { id: string } };
  const profile = await findProfile(deps.database, user.id);
  if (!profile) throw new Error("signed-in user has no profile row");
  copyCookies(c, res);
  return profile;
}

export function registerAuthRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.use(signUpRoute.path, attemptLimit(deps, "sign-up"));
  app.use(joinArtistRoute.path, attemptLimit(deps, "sign-up"));
  app.use(signInRoute.path, attemptLimit(deps, "sign-in"));

  /** Creates the account in Better Auth and answers with the new profile. */
  async function createAccount(c: Context, account: { username: string; email: string; phone: string; password: string }) {
    if (isCommonPassword(account.password)) {
      throw new ApiError(400, "WEAK_PASSWORD", AUTH_MESSAGES.commonPassword, {
        password: AUTH_MESSAGES.commonPassword,
      });
    }
    const res = await forward(deps, c, signUpRoute.path, { name: account.username, ...account });
    if (!res.ok) throw await authFailure(res);
    return signedInProfile(deps, c, res);
  }

  app.openapi(signUpRoute, async (c) => {
    const { username, email, phone, password } = c.req.valid("json");
    return c.json({ user: await createAccount(c, { username, email, phone, password }) }, 200);
  });

  app.openapi(joinArtistRoute, async (c) => {
    const { displayName, email, password } = c.req.valid("json");
    const username = displayName ?? email.split("@")[0]!;
    return c.json({ user: await createAccount(c, { username, email, phone: "", password }) }, 200);
  });

  app.openapi(signInRoute, async (c) => {
    const input = c.req.valid("json");
    const res = await forward(deps, c, signInRoute.path, { email: input.email, password: input.password });
    if (!res.ok) throw await authFailure(res);
    return c.json({ user: await signedInProfile(deps, c, res) }, 200);
  });

  app.openapi(signOutRoute, async (c) => {
    const res = await forward(deps, c, signOutRoute.path, {});
    if (!res.ok && res.status !== 401) throw await authFailure(res);
    copyCookies(c, res);
    return c.json({ success: true }, 200);
  });

  // Better Auth's own shape, passed through; kept for tools that speak its protocol.
  app.openapi(getSessionRoute, async (c) => (await forward(deps, c, getSessionRoute.path)) as never);

  // Every other Better Auth endpoint (profile updates, account deletion…) stays closed until
  // the product needs it, so nothing can change a profile around the app's validation.
  app.all("/api/auth/*", () => {
    throw new ApiError(404, "NOT_FOUND", "No such endpoint.");
  });
}
