import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { searchSite } from "./search.queries.js";
import { searchRoute } from "./search.routes.js";

export function registerSearchRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(searchRoute, async (c) => {
    const { q } = c.req.valid("query");
    // Public data: a short shared cache keeps a popular query cheap; stock is not part of a hit.
    c.header("Cache-Control", "public, max-age=30");
    return c.json(await searchSite(deps.database, q), 200);
  });
}
