/** Follows (issue 32, docs/decisions/0029): signed-in accounts follow creators the public can see. */
import { FOLLOW_MESSAGES } from "../../../common/api/follows.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { createRouter } from "../../lib/router.js";
import { follow, followMailOf, followState, listFollowedCreators, listFollowedIds, setFollowMail, unfollow } from "./follows.queries.js";
import { feedRoute, followRoute, listFollowsRoute, setFollowMailRoute, unfollowRoute } from "./follows.routes.js";
import { followingFeed } from "./feed.queries.js";

export function followsRouter(deps: AppDeps) {
  const { database } = deps;
  return createRouter()
    .openapi(listFollowsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const [creator_ids, creators, mail] = await Promise.all([
        listFollowedIds(database, userId),
        listFollowedCreators(database, userId),
        followMailOf(database, userId),
      ]);
      return c.json({ creator_ids, creators, mail }, 200);
    })
    .openapi(feedRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json(await followingFeed(database, userId, c.req.valid("query").cursor, serverClock.now()), 200);
    })
    .openapi(setFollowMailRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { mail } = c.req.valid("json");
      await setFollowMail(database, userId, mail);
      return c.json({ mail }, 200);
    })
    .openapi(followRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { creatorId } = c.req.valid("param");
      const followed = await follow(database, userId, creatorId, serverClock.now());
      if (followed === "missing") throw new ApiError(404, "NOT_FOUND", FOLLOW_MESSAGES.notFound);
      if (followed === "added") deps.stats.action("follow", { kind: "creator", id: creatorId });
      return c.json(await followState(database, userId, creatorId), 200);
    })
    .openapi(unfollowRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { creatorId } = c.req.valid("param");
      await unfollow(database, userId, creatorId);
      return c.json(await followState(database, userId, creatorId), 200);
    });
}
