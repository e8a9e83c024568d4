/** Resolves the signed-in user from the session cookie, through Better Auth. */
import type { Context } from "hono";
import type { Auth } from "../../auth.js";
import { ApiError } from "../../lib/api-error.js";

export async function sessionUserId(auth: Auth, c: Context): Promise<string | null> {
  if (!c.req.header("cookie")) return null;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return session?.user.id ?? null;
}

export async function requireUserId(auth: Auth, c: Context): Promise<string> {
  const id = await sessionUserId(auth, c);
  if (!id) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
  return id;
}
