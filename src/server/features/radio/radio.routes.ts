/** Contract of the radio's track list; its shape is in common/api/radio.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { TrackListSchema } from "../../../common/api/radio.js";

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
