/** Contracts of a creator's tracks for the radio (studio → Tracks); shapes in common/api/studio-tracks.ts (docs/decisions/0033). */
import { z } from "zod";
import { StudioTrackListSchema, StudioTrackSchema, TrackDetailsSchema } from "../../../../common/api/studio-tracks.js";
import { TRACK_MAX_BYTES, TRACK_MAX_MS } from "../../../../common/radio.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notCreator, notCreatorOrSuspended, signedOut } from "../studio-contract.js";

const trackId = z.object({ id: z.string().min(1).max(64) });
const notFound = { description: "NOT_FOUND: no such track of this creator's", content: errorContent };

export const listStudioTracksRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/tracks",
  tags: ["Studio"],
  summary: "The creator's tracks for the radio, newest first, with their review status and plays",
  responses: {
    200: { description: "The tracks", content: { "application/json": { schema: StudioTrackListSchema } } },
    401: signedOut,
    403: notCreator,
  },
});

export const uploadStudioTrackRoute = defineRoute({
  method: "post",
  // A new track waits for review: nothing public changes until a curator puts it in rotation.
  invalidates: [],
  path: "/api/studio/tracks",
  tags: ["Studio"],
  summary: "Upload a track for the radio (MP3 or Ogg Opus), sent for the curators' review",
  description:
    `multipart/form-data: a \`file\` part of at most ${TRACK_MAX_BYTES / 1024 / 1024} MB and ${TRACK_MAX_MS / 60_000} minutes, ` +
    "and `title`, `description` and `cover_media_id` fields. The type is judged by the file's content (MP3 or Ogg Opus; the name " +
    "and declared type are ignored). The file is streamed to disk, decoded in the audio worker, and its loudness (EBU R128), " +
    "true peak, duration and waveform measured before the answer; a file that does not decode is refused and nothing is stored.",
  request: {
    body: {
      required: true,
      content: {
        // A plain schema, not zod: the route streams the body itself (busboy) instead of having it parsed whole.
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              file: { type: "string", format: "binary" },
              title: { type: "string" },
              description: { type: "string" },
              cover_media_id: { type: "string" },
            },
            required: ["file", "title"],
          },
        },
      },
    },
  },
  responses: {
    201: { description: "Stored and waiting for review", content: { "application/json": { schema: StudioTrackSchema } } },
    400: { description: "VALIDATION_FAILED: no file, a bad title or description, or an image not the creator's (`fields` says which)", content: errorContent },
    401: signedOut,
    403: notCreatorOrSuspended,
    413: { description: "TRACK_TOO_LARGE: over the size limit", content: errorContent },
    415: { description: "UNSUPPORTED_MEDIA_TYPE: the content is not MP3 or Ogg Opus, or the body is not multipart/form-data", content: errorContent },
    422: { description: "AUDIO_REFUSED: too long, damaged or cut short, or silent (`fields.file` says which)", content: errorContent },
    503: { description: "UNAVAILABLE: too many uploads in progress; try again", content: errorContent },
  },
});

export const updateStudioTrackRoute = defineRoute({
  method: "patch",
  invalidates: ["radio"],
  path: "/api/studio/tracks/{id}",
  tags: ["Studio"],
  summary: "Edit a track's title, description and cover",
  request: { params: trackId, body: json(TrackDetailsSchema) },
  responses: {
    200: { description: "The track", content: { "application/json": { schema: StudioTrackSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notCreatorOrSuspended,
    404: notFound,
    409: { description: "TRACK_WITHDRAWN: a withdrawn track cannot be changed", content: errorContent },
  },
});

export const withdrawStudioTrackRoute = defineRoute({
  method: "post",
  invalidates: ["radio"],
  path: "/api/studio/tracks/{id}/withdraw",
  tags: ["Studio"],
  summary: "Withdraw a track: out of the review queue or the rotation, for good",
  request: { params: trackId },
  responses: {
    200: { description: "The withdrawn track", content: { "application/json": { schema: StudioTrackSchema } } },
    401: signedOut,
    403: notCreator,
    404: notFound,
  },
});
