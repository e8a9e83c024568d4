/** What to say when an image cannot be uploaded: checked in the browser first, then the server's answer. */
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "../../../../common/media-fields";
import { failureMessage, isApiError } from "../../../lib/api";

const ACCEPTED = new Set(MEDIA_ACCEPT.split(","));
const KNOWN: ReadonlySet<string> = new Set(Object.values(MEDIA_MESSAGES));

export const UPLOAD_FAILED = "The image could not be uploaded. Check your connection and try again.";

/** A message for a file the server would refuse anyway, or null to send it. The server judges by content. */
export function checkImageFile(file: File): string | null {
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  if (file.type && !ACCEPTED.has(file.type)) return MEDIA_MESSAGES.notImage;
  if (file.size === 0) return MEDIA_MESSAGES.unreadable;
  return null;
}

/**
 * The server's own words when they are the upload's messages (it puts them on `file`: too large,
 * too many pixels, not an image, unreadable); the body's own limits and types worded for the
 * image (the request-level refusals speak of bodies and content types); any other refusal in the
 * server's words (signed out, not a creator: lib/api.ts failureMessage), and 'check your
 * connection' only when the server was not reached or failed.
 */
export function uploadFailure(error: unknown): string {
  if (!isApiError(error)) return UPLOAD_FAILED;
  const said = error.fields.file || error.message;
  if (said && KNOWN.has(said)) return said;
  if (error.code === "IMAGE_TOO_LARGE" || error.code === "PAYLOAD_TOO_LARGE" || error.status === 413) return MEDIA_MESSAGES.tooLarge;
  if (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.status === 415) return MEDIA_MESSAGES.notImage;
  if (error.code === "VALIDATION_FAILED") return MEDIA_MESSAGES.unreadable;
  if (error.code === "UNAVAILABLE") return error.message || UPLOAD_FAILED;
  return failureMessage(error, UPLOAD_FAILED);
}
