import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { ApiError } from "../../lib/api-error.js";
import { requireUserId } from "../auth/session.js";
import { findProfile, subscribe } from "./me.queries.js";
import { getMeRoute, subscribeRoute } from "./me.routes.js";

export function registerMeRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(getMeRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    const profile = await findProfile(deps.database, userId);
    if (!profile) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    c.header("Cache-Control", "no-store");
    return c.json(profile, 200);
  });

  app.openapi(subscribeRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    await subscribe(deps.database, userId);
    const profile = await findProfile(deps.database, userId);
    if (!profile) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
    return c.json(profile, 200);
  });
}
