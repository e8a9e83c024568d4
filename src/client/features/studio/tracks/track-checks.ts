/**
 * What the tracks' forms check before sending (the server's own rules, common/api/studio-tracks.ts,
 * without loading zod), and where a refusal of the server is said: on the file, on a detail, or
 * above the form. The messages are the server's (common/radio.ts TRACK_MESSAGES), so both say the same.
 */
import { TRACK_ACCEPT, TRACK_DESCRIPTION_MAX, TRACK_MAX_BYTES, TRACK_MESSAGES, TRACK_TITLE_MAX } from "../../../../common/radio";
import { failureMessage, isApiError } from "../../../lib/api";

export type TrackField = "file" | "title" | "description" | "cover_media_id";
export type TrackErrors = Partial<Record<TrackField | "form", string>>;

export const UPLOAD_FAILED = "The track could not be uploaded. Check your connection and try again.";
export const SAVE_FAILED = "The details could not be saved. Check your connection and try again.";

const ACCEPTED = TRACK_ACCEPT.split(",");
const TYPES = new Set(ACCEPTED.filter((a) => !a.startsWith(".")));
const EXTENSIONS = ACCEPTED.filter((a) => a.startsWith("."));

/**
 * A message for a file the server would refuse anyway, or null to send it. Only what is certain
 * here: its size, and a type the browser names that is no audio the radio takes (a file without
 * a known type, or a misnamed one, goes to the server, which judges the content).
 */
export function checkTrackFile(file: File | null): string | null {
  if (!file) return TRACK_MESSAGES.fileRequired;
  if (file.size > TRACK_MAX_BYTES) return TRACK_MESSAGES.tooLarge;
  const name = file.name.toLowerCase();
  if (file.type && !TYPES.has(file.type) && !EXTENSIONS.some((ext) => name.endsWith(ext))) return TRACK_MESSAGES.notAudio;
  if (file.size === 0) return TRACK_MESSAGES.undecodable;
  return null;
}

/** The title and description as the server reads them: trimmed, the title required, both within their limits. */
export function checkTrackDetails(details: { title: string; description: string }): TrackErrors {
  const errors: TrackErrors = {};
  const title = details.title.trim();
  if (title.length === 0) errors.title = TRACK_MESSAGES.titleRequired;
  else if (title.length > TRACK_TITLE_MAX) errors.title = TRACK_MESSAGES.titleTooLong;
  if (details.description.trim().length > TRACK_DESCRIPTION_MAX) errors.description = TRACK_MESSAGES.descriptionTooLong;
  return errors;
}

/** `errors` without the messages of `fields` (a field edited drops its own message). */
export function withoutErrors(errors: TrackErrors, ...fields: (TrackField | "form")[]): TrackErrors {
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

const FIELDS: readonly TrackField[] = ["file", "title", "description", "cover_media_id"];

/**
 * Where a refused upload or save is said. The server puts its words on the field it refused
 * (`fields.file`: not audio, too long, silent, damaged, too large); a refusal of the body itself
 * (413, 415 without a field) is the file's too; anything else (503 busy, signed out, a dropped
 * connection) goes above the form, in the server's words when it said any.
 */
export function trackFailure(error: unknown, otherwise: string): TrackErrors {
  if (!isApiError(error)) return { form: otherwise };
  const errors: TrackErrors = {};
  for (const field of FIELDS) if (error.fields[field]) errors[field] = error.fields[field];
  if (Object.keys(errors).length > 0) return errors;
  if (error.code === "TRACK_TOO_LARGE" || error.code === "PAYLOAD_TOO_LARGE" || error.status === 413) return { file: TRACK_MESSAGES.tooLarge };
  if (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.status === 415) return { file: error.message || TRACK_MESSAGES.notAudio };
  if (error.code === "AUDIO_REFUSED") return { file: error.message || TRACK_MESSAGES.undecodable };
  if (error.code === "UNAVAILABLE" && error.message) return { form: error.message };
  return { form: failureMessage(error, otherwise) };
}
