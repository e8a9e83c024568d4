/**
 * A creator's upload for the radio (docs/decisions/0033), in the order that stores nothing a
 * refusal would leave behind: the body is streamed to a temporary file (never whole in memory),
 * the details are checked, the audio is judged by its content and measured in the audio worker
 * (server/audio: decoded, loudness, true peak, duration, waveform), and only then is the file put
 * in the media store under its content hash and the track's row written, waiting for review.
 * The temporary file goes whatever happens.
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { TrackDetailsSchema, type StudioTrack } from "../../../../common/api/studio-tracks.js";
import { TRACK_MAX_BYTES, TRACK_MESSAGES as M } from "../../../../common/radio.js";
import type { ErrorCode } from "../../../../common/errors.js";
import type { AppDeps } from "../../../app-deps.js";
import { analyseAudioFile, AudioRefused, type AudioAnalysis } from "../../../audio/analyse.js";
import { ApiError } from "../../../lib/api-error.js";
import { readUploadToFile } from "../../../media/multipart-file.js";
import { audioKey } from "../../../media/store.js";
import { ownsMedia } from "../studio.queries.js";
import { findOwnTrack } from "./tracks.queries.js";

const fileError = (status: 400 | 413 | 415 | 422, code: ErrorCode, message: string) => new ApiError(status, code, message, { file: message });

function refusalOf(error: AudioRefused): ApiError {
  switch (error.reason) {
    case "not_audio":
      return fileError(415, "UNSUPPORTED_MEDIA_TYPE", M.notAudio);
    case "too_long":
      return fileError(422, "AUDIO_REFUSED", M.tooLong);
    case "silent":
      return fileError(422, "AUDIO_REFUSED", M.silent);
    default:
      return fileError(422, "AUDIO_REFUSED", M.undecodable);
  }
}

export async function uploadTrack(deps: Pick<AppDeps, "database" | "media" | "config">, who: { userId: string; creatorId: string }, request: Request, now: Date): Promise<StudioTrack> {
  const { database } = deps;
  const upload = await readUploadToFile(request, {
    field: "file",
    maxFileBytes: TRACK_MAX_BYTES,
    dir: join(deps.config.dataDir, "uploads"),
    fields: ["title", "description", "cover_media_id"],
    // A description at its limit in four-byte characters; past this the form is not one of ours.
    maxFieldBytes: 8 * 1024,
  });
  if (upload.kind === "tooLarge") throw fileError(413, "TRACK_TOO_LARGE", M.tooLarge);
  if (upload.kind === "malformed") throw fileError(415, "UNSUPPORTED_MEDIA_TYPE", M.fileRequired);
  try {
    const details = TrackDetailsSchema.safeParse({
      title: upload.fields.title ?? "",
      description: upload.fields.description ?? "",
      cover_media_id: upload.fields.cover_media_id || null,
    });
    const fields: Record<string, string> = {};
    if (!details.success) for (const issue of details.error.issues) fields[String(issue.path[0])] ??= issue.message;
    if (upload.kind === "missing") fields.file = M.fileRequired;
    if (details.success && details.data.cover_media_id !== null && !(await ownsMedia(database, who.userId, details.data.cover_media_id))) {
      fields.cover_media_id = "Please upload the cover again";
    }
    if (Object.keys(fields).length > 0 || !details.success || upload.kind !== "file") {
      throw new ApiError(400, "VALIDATION_FAILED", Object.values(fields)[0] ?? M.fileRequired, fields);
    }
    let audio: AudioAnalysis;
    try {
      audio = await analyseAudioFile(upload.path);
    } catch (error) {
      if (error instanceof AudioRefused) throw refusalOf(error);
      throw error;
    }
    const key = audioKey(upload.sha256, audio.format === "mp3" ? "mp3" : "ogg");
    await deps.media.putFile(key, upload.path, audio.contentType);
    const id = `trk_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
    await database.db
      .insertInto("track")
      .values({
        id,
        source: "upload",
        creator_id: who.creatorId,
        title: details.data.title,
        description: details.data.description,
        cover_media_id: details.data.cover_media_id,
        audio_key: key,
        audio_type: audio.contentType,
        audio_bytes: upload.size,
        duration_ms: audio.durationMs,
        loudness_lufs: audio.loudnessLufs,
        true_peak_dbtp: audio.truePeakDbtp,
        gain_db: audio.gainDb,
        waveform: JSON.stringify(audio.waveform),
        status: "pending",
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    const track = await findOwnTrack(database, who.creatorId, id);
    if (!track) throw new Error(`track ${id} was just written and is not there`);
    return track;
  } finally {
    if (upload.kind === "file") await rm(upload.path, { force: true });
  }
}
