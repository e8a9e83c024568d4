/**
 * A creator's tracks for the radio (issue 34, docs/decisions/0033), behind the studio's gate
 * (studio.router.ts): upload (sent for review), edit the details, withdraw. A suspended creator
 * may list and withdraw, not upload or change what the site would show.
 */
import { TRACK_MESSAGES as M } from "../../../../common/radio.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { ownsMedia } from "../studio.queries.js";
import { refuseIfSuspended, type StudioAccess } from "../studio-access.js";
import { findOwnTrack, listOwnTracks, updateOwnTrack, withdrawOwnTrack } from "./tracks.queries.js";
import { listStudioTracksRoute, updateStudioTrackRoute, uploadStudioTrackRoute, withdrawStudioTrackRoute } from "./tracks.routes.js";
import { uploadTrack } from "./upload-track.js";

/** Uploads being received or measured at once by this instance; beyond it, 503 (the audio worker takes them one by one). */
export const MAX_TRACK_UPLOADS_IN_FLIGHT = 10;

export function studioTracksRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { database } = deps;
  const notFound = () => new ApiError(404, "NOT_FOUND", M.notFound);
  let inFlight = 0;
  return createRouter()
    .openapi(listStudioTracksRoute, async (c) => c.json({ items: await listOwnTracks(database, studioUser(c).creatorId) }, 200))
    .openapi(uploadStudioTrackRoute, async (c) => {
      const user = studioUser(c);
      refuseIfSuspended(user);
      if (inFlight >= MAX_TRACK_UPLOADS_IN_FLIGHT) {
        c.header("Retry-After", "10");
        throw new ApiError(503, "UNAVAILABLE", "Many tracks are being uploaded right now. Please try again in a moment.");
      }
      inFlight += 1;
      try {
        return c.json(await uploadTrack(deps, user, c.req.raw, serverClock.now()), 201);
      } finally {
        inFlight -= 1;
      }
    })
    .openapi(updateStudioTrackRoute, async (c) => {
      const user = studioUser(c);
      refuseIfSuspended(user);
      const { id } = c.req.valid("param");
      const details = c.req.valid("json");
      const current = await findOwnTrack(database, user.creatorId, id);
      if (!current) throw notFound();
      if (current.status === "withdrawn") throw new ApiError(409, "TRACK_WITHDRAWN", M.withdrawn);
      if (details.cover_media_id !== null && !(await ownsMedia(database, user.userId, details.cover_media_id))) {
        throw new ApiError(400, "VALIDATION_FAILED", "Please upload the cover again", { cover_media_id: "Please upload the cover again" });
      }
      if (!(await updateOwnTrack(database, user.creatorId, id, details, serverClock.now()))) throw notFound();
      return c.json((await findOwnTrack(database, user.creatorId, id))!, 200);
    })
    .openapi(withdrawStudioTrackRoute, async (c) => {
      const { creatorId } = studioUser(c);
      const { id } = c.req.valid("param");
      if (!(await withdrawOwnTrack(database, creatorId, id, serverClock.now()))) throw notFound();
      return c.json((await findOwnTrack(database, creatorId, id))!, 200);
    });
}
