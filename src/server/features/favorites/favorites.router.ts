import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { ApiError } from "../../lib/api-error.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { plainText } from "../../lib/text.js";
import { requireUserId } from "../auth/session.js";
import { addFavorite, listFavoriteIds, removeFavorite } from "./favorites.queries.js";

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

const FavoriteParams = z.object({
  kind: z.enum(["story", "creator", "product"], { error: "kind must be story, creator or product" }),
  id: z.string().min(1).max(200).refine(plainText, "id must not contain control characters"),
});

export const addFavoriteRoute = createRoute({
  method: "put",
  path: "/api/favorites/{kind}/{id}",
  tags: ["Favorites"],
  summary: "Like a story, creator or product",
  request: { params: FavoriteParams },
  responses: {
    200: { description: "Liked ids after the change", content: { "application/json": { schema: FavoriteIdsSchema } } },
    401: { description: "Not signed in", content: errorContent },
    404: { description: "No such item", content: errorContent },
    ...ErrorResponses,
  },
});

export const removeFavoriteRoute = createRoute({
  method: "delete",
  path: "/api/favorites/{kind}/{id}",
  tags: ["Favorites"],
  summary: "Unlike a story, creator or product",
  request: { params: FavoriteParams },
  responses: {
    200: { description: "Liked ids after the change", content: { "application/json": { schema: FavoriteIdsSchema } } },
    401: { description: "Not signed in", content: errorContent },
    ...ErrorResponses,
  },
});

export function registerFavoritesRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(listFavoritesRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await listFavoriteIds(deps.database, userId), 200);
  });

  app.openapi(addFavoriteRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    const { kind, id } = c.req.valid("param");
    if (!(await addFavorite(deps.database, userId, kind, id))) {
      throw new ApiError(404, "NOT_FOUND", "That item could not be found.");
    }
    return c.json(await listFavoriteIds(deps.database, userId), 200);
  });

  app.openapi(removeFavoriteRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    const { kind, id } = c.req.valid("param");
    await removeFavorite(deps.database, userId, kind, id);
    return c.json(await listFavoriteIds(deps.database, userId), 200);
  });
}
