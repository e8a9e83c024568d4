/**
 * The radio for listeners (spec §3, issue 34, docs/decisions/0033): the rotation, counting plays,
 * a member's 'Recently played'. The audio of uploaded tracks is served by media-audio.ts.
 */
import type { AppDeps } from "../../app-deps.js";
import { requireUserId, sessionUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { serverClock } from "../../lib/clock.js";
import { limitKey } from "../../lib/rate-limit.js";
import { createRouter } from "../../lib/router.js";
import { countPlay, recentPlays } from "./plays.js";
import { countPlayRoute, listTracksRoute, recentPlaysRoute } from "./radio.routes.js";
import { listRotation } from "./tracks.queries.js";

/** Plays counted per client address an hour: a day's listening at the shortest tracks, far past a person's. */
const PLAYS_PER_HOUR = 600;

export function radioRouter(deps: AppDeps) {
  const { database } = deps;
  return createRouter()
    .openapi(listTracksRoute, async (c) => c.json({ tracks: await listRotation(database) }, 200))
    .openapi(countPlayRoute, async (c) => {
      const { track_id, listened_ms } = c.req.valid("json");
      const limit = await deps.rateLimiter.hit(limitKey("radio:plays", clientIp(c, deps.config.trustProxy)), PLAYS_PER_HOUR, 3_600);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", "Too many plays from here this hour.");
      }
      const userId = await sessionUserId(deps.sessions, c);
      const outcome = await countPlay(database, track_id, userId, listened_ms, serverClock.now());
      if (!outcome) throw new ApiError(404, "NOT_FOUND", "No such track on the radio.");
      deps.stats.action(`play_${outcome}`, { kind: "track", id: track_id });
      return c.json({ outcome }, 201);
    })
    .openapi(recentPlaysRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json({ items: await recentPlays(database, userId) }, 200);
    });
}
