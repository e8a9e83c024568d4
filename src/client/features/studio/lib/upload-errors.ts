/** What to say when an image cannot be uploaded: checked in the browser first, then the server's answer. */
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "../../../../common/media-fields";
import { isApiError } from "../../../lib/api";

const ACCEPTED = new Set(MEDIA_ACCEPT.split(","));

export const UPLOAD_FAILED = "The image could not be uploaded. Check your connection and try again.";

/** A message for a file the server would refuse anyway, or null to send it. The server judges by content. */
export function checkImageFile(file: File): string | null {
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  if (file.type && !ACCEPTED.has(file.type)) return MEDIA_MESSAGES.notImage;
  if (file.size === 0) return MEDIA_MESSAGES.unreadable;
  return null;
}

export function uploadFailure(error: unknown): string {
  if (!isApiError(error)) return UPLOAD_FAILED;
  if (error.code === "IMAGE_TOO_LARGE" || error.code === "PAYLOAD_TOO_LARGE" || error.status === 413) return MEDIA_MESSAGES.tooLarge;
  if (error.code === "UNSUPPORTED_MEDIA_TYPE" || error.status === 415) return MEDIA_MESSAGES.notImage;
  if (error.status === 400) return error.fields.file || error.message || MEDIA_MESSAGES.unreadable;
  return UPLOAD_FAILED;
}
