/** Contract of image uploads for the creator studio (docs/decisions/0018); the answer's shape is common/api/media.ts. */
import { ImageSchema, MEDIA_ACCEPT, MEDIA_MAX_BYTES } from "../../../common/api/media.js";
import { defineRoute } from "../../lib/route-policy.js";
import { errorContent } from "../../lib/openapi.js";

export const uploadMediaRoute = defineRoute({
  method: "post",
  // A new image changes no cached answer until a story or profile names it (that write invalidates).
  invalidates: [],
  path: "/api/studio/media",
  tags: ["Studio"],
  summary: "Upload an image (a story cover or an avatar)",
  description:
    `A creator's upload, as multipart/form-data with one \`file\` part of at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB. ` +
    "The type is judged by the file's content (JPEG, PNG, WebP, AVIF or GIF; the name and declared type are ignored). " +
    "The image is auto-oriented, stripped of its metadata (EXIF, GPS) and stored as AVIF, WebP and JPEG at up to four widths " +
    "under content-hashed URLs that never change; the answer carries them with a ThumbHash placeholder. " +
    "Nothing refers to the image until a story or the profile names its id; an image nothing names is deleted after a grace period.",
  request: {
    body: {
      required: true,
      content: {
        // A plain schema, not zod: the route streams the body itself (busboy) instead of having it parsed whole.
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary", description: `The image; the file input may say accept="${MEDIA_ACCEPT}"` } },
            required: ["file"],
          },
        },
      },
    },
  },
  responses: {
    201: { description: "The stored image", content: { "application/json": { schema: ImageSchema } } },
    400: { description: "VALIDATION_FAILED: no file (`fields.file`), or a file that could not be read as an image", content: errorContent },
    401: { description: "UNAUTHORIZED: not signed in", content: errorContent },
    403: { description: "NOT_CREATOR: the user is neither a creator nor an admin; FORBIDDEN_ORIGIN: a write from another site", content: errorContent },
    413: { description: "IMAGE_TOO_LARGE: over 10 MB, or over 40 megapixels (`fields.file` says which)", content: errorContent },
    415: { description: "UNSUPPORTED_MEDIA_TYPE: the content is not a JPEG, PNG, WebP, AVIF or GIF image, or the body is not multipart/form-data", content: errorContent },
    503: { description: "UNAVAILABLE: too many uploads in progress, or the database is out of reach; try again", content: errorContent },
  },
});
