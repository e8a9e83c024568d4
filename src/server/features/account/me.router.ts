import { createRouter } from "../../lib/router.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { requireUserId, sessionUserId } from "../../auth/session.js";
import { findProfile, subscribe } from "./profile.queries.js";
import { getMeRoute, subscribeRoute } from "./me.routes.js";

export function meRouter(deps: AppDeps) {
  return createRouter()
    .openapi(getMeRoute, async (c) => {
      const userId = await sessionUserId(deps.sessions, c);
      // A session whose user is gone reads as signed out too.
      const profile = userId ? await findProfile(deps.database, userId) : undefined;
      return c.json(profile ?? null, 200);
    })
    .openapi(subscribeRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await subscribe(deps.database, userId);
      const profile = await findProfile(deps.database, userId);
      if (!profile) throw new ApiError(401, "UNAUTHORIZED", "Please sign in to continue.");
      return c.json(profile, 200);
    });
}
