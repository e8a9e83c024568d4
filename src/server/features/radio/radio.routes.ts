import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";

export const TrackSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z.string(),
    url: z.string().openapi({
      example: "/media/audio/slow-tide.mp3?v=1a2b3c4d",
      description: "The MP3 under /media (range requests, long cache); `v` changes when the file does",
    }),
    description: z.string(),
  })
  .openapi("Track");

export const TrackListSchema = z
  .object({ tracks: z.array(TrackSchema).openapi({ description: "The four tracks, in a fixed order; the player shuffles them" }) })
  .openapi("TrackList");

export const listTracksRoute = defineRoute({
  method: "get",
  cache: { tags: ["radio"], maxAge: 300 },
  path: "/api/radio/tracks",
  tags: ["Radio"],
  summary: "The radio's tracks: title, artist, audio URL and description",
  responses: {
    200: { description: "Every track", content: { "application/json": { schema: TrackListSchema } } },
  },
});
