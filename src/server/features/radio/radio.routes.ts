/** Contracts of the radio for listeners; shapes in common/api/radio.ts (docs/decisions/0033). */
import { z } from "zod";
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { PlayCountedSchema, PlayInputSchema, RecentPlaysSchema, TrackListSchema } from "../../../common/api/radio.js";

const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

export const listTracksRoute = defineRoute({
  method: "get",
  cache: { tags: ["radio"], maxAge: 300 },
  path: "/api/radio/tracks",
  tags: ["Radio"],
  summary: "The radio's rotation: the house's tracks and creators' approved ones, with the gain each plays at",
  responses: {
    200: { description: "The rotation", content: { "application/json": { schema: TrackListSchema } } },
  },
});

export const countPlayRoute = defineRoute({
  method: "post",
  // Counted for the creators' statistics; nothing public changes.
  invalidates: [],
  path: "/api/radio/plays",
  tags: ["Radio"],
  summary: "Count a play of a track in rotation: complete (90% or more heard), partial, or skipped (under 10%)",
  description:
    "Sent by the player when a track ends, is skipped or the page is left. Visitors' plays count too, without any " +
    "identifier; a signed-in member's also fill their 'Recently played'. Limited per client address.",
  request: { body: json(PlayInputSchema) },
  responses: {
    201: { description: "Counted", content: { "application/json": { schema: PlayCountedSchema } } },
    ...ErrorResponses,
    404: { description: "NOT_FOUND: no such track in rotation", content: errorContent },
    429: { description: "RATE_LIMITED: too many plays from this address this hour", content: errorContent },
  },
});

export const recentPlaysRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/radio/recent",
  tags: ["Radio"],
  summary: "The signed-in member's recently played tracks, newest first",
  responses: {
    200: { description: "Recently played", content: { "application/json": { schema: RecentPlaysSchema } } },
    401: { description: "UNAUTHORIZED: not signed in", content: errorContent },
  },
});
