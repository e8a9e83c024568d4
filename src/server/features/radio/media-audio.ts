/**
 * GET/HEAD /media/tracks/{hash}.{mp3|ogg}: an uploaded track's audio, from the media store, with
 * ranges (the player seeks). Who may hear it is decided here, on every request: a track on the
 * radio, anyone (cached for a year: the URL names the content); one pending, declined or
 * withdrawn, only its creator and staff (never cached); anyone else, and any key no track has,
 * a plain 404, the same as a file that does not exist.
 */
import type { Context } from "hono";
import { isStaff } from "../../../common/roles.js";
import type { AppDeps } from "../../app-deps.js";
import { sessionUserId } from "../../auth/session.js";
import { toBool } from "../../db/dialect.js";
import { serveStoredAudio } from "../../media/serve-audio.js";
import { isAudioKey } from "../../media/store.js";
import { TRACK_AUDIO_PREFIX, trackOfAudio } from "./tracks.queries.js";

export const TRACK_AUDIO_ROUTE = `${TRACK_AUDIO_PREFIX}tracks/*`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const PRIVATE = "private, no-store";

export function serveTrackAudio(deps: Pick<AppDeps, "database" | "sessions" | "media">) {
  const { database } = deps;
  return async (c: Context): Promise<Response> => {
    const key = c.req.path.slice(TRACK_AUDIO_PREFIX.length);
    if (!isAudioKey(key)) return c.text("Not found", 404);
    const tracks = await trackOfAudio(database, key);
    if (tracks.length === 0) return c.text("Not found", 404);
    if (tracks.some((t) => t.status === "rotation" && toBool(t.creator_public))) return serveStoredAudio(c, deps.media, key, IMMUTABLE);
    const userId = await sessionUserId(deps.sessions, c);
    if (!userId) return c.text("Not found", 404);
    const user = await database.db.selectFrom("user").select(["role", "creator_id"]).where("id", "=", userId).executeTakeFirst();
    const mayHear = user !== undefined && (isStaff(user.role) || tracks.some((t) => t.creator_id !== null && t.creator_id === user.creator_id));
    if (!mayHear) return c.text("Not found", 404);
    return serveStoredAudio(c, deps.media, key, PRIVATE);
  };
}
