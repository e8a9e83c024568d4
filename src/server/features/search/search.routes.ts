/** Contract of the site search (DECISIONS.md 8): one box for stories, creators and store items. */
import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
/** Hits per kind: the box shows a few of each and links on to the full lists. */
export const HITS_PER_KIND = 5;

const HitSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().openapi({ description: "A city, a place or a price: what tells hits apart" }),
  })
  .openapi("SearchHit");

export const SearchResultsSchema = z
  .object({ stories: z.array(HitSchema), creators: z.array(HitSchema), products: z.array(HitSchema) })
  .openapi("SearchResults");

export const searchRoute = defineRoute({
  method: "get",
  // Stories and the site search show no stock, so a purchase leaves them cached.
  cache: { tags: ["catalog", "creators"], maxAge: 30 },
  path: "/api/search",
  tags: ["Search"],
  summary: "Find stories, creators and store items by name or text",
  description: `Case-insensitive; at most ${HITS_PER_KIND} hits of each kind, best matches (names) first.`,
  request: {
    query: z.object({
      q: z
        .string({ error: "Type something to search for" })
        .trim()
        .min(SEARCH_MIN, `Type at least ${SEARCH_MIN} characters`)
        .max(SEARCH_MAX, `Search text must be at most ${SEARCH_MAX} characters`)
        .refine(plainText, "Search text must not contain control characters"),
    }),
  },
  responses: {
    200: { description: "Hits by kind", content: { "application/json": { schema: SearchResultsSchema } } },
    ...ErrorResponses,
  },
});
