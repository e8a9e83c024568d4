/** Contract of the site search (DECISIONS.md 8); its shapes are in common/api/search.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses } from "../../lib/openapi.js";
import { HITS_PER_KIND, SearchQuerySchema, SearchResultsSchema } from "../../../common/api/search.js";

export const searchRoute = defineRoute({
  method: "get",
  // Stories and the site search show no stock, so a purchase leaves them cached. Revalidated every
  // time (a 304 when unchanged): what a curator hides must leave browsers at once (docs/decisions/0019).
  cache: { tags: ["catalog", "creators"], maxAge: 0 },
  path: "/api/search",
  tags: ["Search"],
  summary: "Find stories, creators and store items by name or text",
  description: `Case-insensitive; at most ${HITS_PER_KIND} hits of each kind, best matches (names) first.`,
  request: { query: SearchQuerySchema },
  responses: {
    200: { description: "Hits by kind", content: { "application/json": { schema: SearchResultsSchema } } },
    ...ErrorResponses,
  },
});
