import { createRouter } from "../../lib/router.js";
import type { AppDeps } from "../../app-deps.js";
import { searchSite } from "./search.queries.js";
import { searchRoute } from "./search.routes.js";

export function searchRouter(deps: AppDeps) {
  return createRouter()
    .openapi(searchRoute, async (c) => {
      const { q } = c.req.valid("query");
      // Public data: a short shared cache keeps a popular query cheap; stock is not part of a hit.
      return c.json(await searchSite(deps.database, q), 200);
    });
}
