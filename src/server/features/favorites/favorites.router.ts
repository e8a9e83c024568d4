import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { errorContent } from "../../lib/openapi.js";
import { requireUserId } from "../auth/session.js";
import { listFavoriteIds } from "./favorites.queries.js";

const FavoriteIdsSchema = z
  .object({ stories: z.array(z.string()), creators: z.array(z.string()), products: z.array(z.string()) })
  .openapi("FavoriteIds");

export const listFavoritesRoute = createRoute({
  method: "get",
  path: "/api/favorites",
  tags: ["Favorites"],
  summary: "Ids the signed-in user has liked, by kind",
  responses: {
    200: { description: "Liked ids", content: { "application/json": { schema: FavoriteIdsSchema } } },
    401: { description: "Not signed in", content: errorContent },
  },
});

export function registerFavoritesRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(listFavoritesRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await listFavoriteIds(deps.database, userId), 200);
  });
}
