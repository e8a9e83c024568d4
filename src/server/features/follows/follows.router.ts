/** Follows (issue 32, docs/decisions/0029): signed-in accounts follow creators the public can see. */
import { FOLLOW_MESSAGES } from "../../../common/api/follows.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { createRouter } from "../../lib/router.js";
import { follow, followState, listFollowedIds, unfollow } from "./follows.queries.js";
import { followRoute, listFollowsRoute, unfollowRoute } from "./follows.routes.js";

export function followsRouter(deps: AppDeps) {
  const { database } = deps;
  return createRouter()
    .openapi(listFollowsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json({ creator_ids: await listFollowedIds(database, userId) }, 200);
    })
    .openapi(followRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { creatorId } = c.req.valid("param");
      if (!(await follow(database, userId, creatorId, serverClock.now()))) throw new ApiError(404, "NOT_FOUND", FOLLOW_MESSAGES.notFound);
      return c.json(await followState(database, userId, creatorId), 200);
    })
    .openapi(unfollowRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { creatorId } = c.req.valid("param");
      await unfollow(database, userId, creatorId);
      return c.json(await followState(database, userId, creatorId), 200);
    });
}
