/**
 * POST /api/studio/media: a creator's (or an admin's, for the house's products) image upload, streamed (busboy) rather than parsed by the
 * API's JSON guards, which let exactly this route through (lib/security.ts UPLOAD_ROUTES).
 * Signed in, then a creator or an admin, then the body: nothing is read from a request that will be refused.
 */
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "../../../common/api/media.js";
import { STORY_MESSAGES } from "../../../common/api/studio.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { createRouter } from "../../lib/router.js";
import { imageOf } from "../../media/image-view.js";
import { readUpload } from "../../media/multipart.js";
import { ImageRefused } from "../../media/process.js";
import { mayUploadMedia } from "./media.queries.js";
import { uploadMediaRoute } from "./media.routes.js";
import { uploadImage } from "./upload-image.js";

/**
 * Uploads held at once by this instance (being received, waiting for the pipeline, processed).
 * Each holds at most MEDIA_MAX_BYTES, so this bounds the memory uploads take; beyond it, 503.
 */
export const MAX_UPLOADS_IN_FLIGHT = 24;

const fileError = (status: 400 | 413 | 415, code: "VALIDATION_FAILED" | "IMAGE_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE", message: string) =>
  new ApiError(status, code, message, { file: message });

export function mediaRouter(deps: AppDeps) {
  const { database, media } = deps;
  let inFlight = 0;

  return createRouter().openapi(uploadMediaRoute, async (c) => {
    const userId = await requireUserId(deps.sessions, c);
    if (!(await mayUploadMedia(database, userId))) throw new ApiError(403, "NOT_CREATOR", STORY_MESSAGES.notCreator);
    if (inFlight >= MAX_UPLOADS_IN_FLIGHT) {
      c.header("Retry-After", "5");
      throw new ApiError(503, "UNAVAILABLE", "Many images are being uploaded right now. Please try again in a moment.");
    }
    inFlight += 1;
    try {
      const upload = await readUpload(c.req.raw, { field: "file", maxFileBytes: MEDIA_MAX_BYTES });
      if (upload.kind === "tooLarge") throw fileError(413, "IMAGE_TOO_LARGE", MEDIA_MESSAGES.tooLarge);
      if (upload.kind !== "file") throw fileError(400, "VALIDATION_FAILED", MEDIA_MESSAGES.missing);
      try {
        const image = await uploadImage(database, media, userId, upload.bytes, upload.sha256);
        return c.json(imageOf(image), 201);
      } catch (error) {
        if (!(error instanceof ImageRefused)) throw error;
        if (error.problem === "notImage") throw fileError(415, "UNSUPPORTED_MEDIA_TYPE", MEDIA_MESSAGES.notImage);
        if (error.problem === "tooManyPixels") throw fileError(413, "IMAGE_TOO_LARGE", MEDIA_MESSAGES.tooManyPixels);
        throw fileError(400, "VALIDATION_FAILED", MEDIA_MESSAGES.unreadable);
      }
    } finally {
      inFlight -= 1;
    }
  });
}
