import { createRouter } from "../../lib/router.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { requireUserId, sessionUserId } from "../../auth/session.js";
import { findProductsByIds, findStoriesByIds } from "../catalog/catalog.queries.js";
import { findCreatorsByIds } from "../creators/creators.queries.js";
import {
  addFavorite,
  findFavoriteTracks,
  listFavoriteIds,
  mergeFavorites,
  removeFavorite,
} from "./favorites.queries.js";
import {
  addFavoriteRoute,
  favoriteItemsRoute,
  listFavoritesRoute,
  mergeFavoritesRoute,
  removeFavoriteRoute,
} from "./favorites.routes.js";

export function favoritesRouter(deps: AppDeps) {
  const { database } = deps;

  return createRouter()
    .openapi(listFavoritesRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json(await listFavoriteIds(database, userId), 200);
    })
    .openapi(addFavoriteRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { kind, id } = c.req.valid("param");
      const added = await addFavorite(database, userId, kind, id);
      if (added === "missing") throw new ApiError(404, "NOT_FOUND", "That item could not be found.");
      if (added === "added") deps.stats.action("favorite", { kind, id });
      return c.json(await listFavoriteIds(database, userId), 200);
    })
    .openapi(removeFavoriteRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { kind, id } = c.req.valid("param");
      await removeFavorite(database, userId, kind, id);
      return c.json(await listFavoriteIds(database, userId), 200);
    })
    .openapi(mergeFavoritesRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await mergeFavorites(database, userId, c.req.valid("json"));
      return c.json(await listFavoriteIds(database, userId), 200);
    })
    .openapi(favoriteItemsRoute, async (c) => {
      const { stories, creators, products, tracks } = c.req.valid("query");
      // A track taken off the radio is answered only to a member who saved it: the session is
      // read for that alone, so a list without tracks costs what it did.
      const member = tracks.length > 0 ? sessionUserId(deps.sessions, c) : Promise.resolve(null);
      const [storyRecords, creatorRecords, productRecords, trackRecords] = await Promise.all([
        findStoriesByIds(database, stories),
        findCreatorsByIds(database, creators),
        findProductsByIds(database, products),
        member.then((memberId) => findFavoriteTracks(database, tracks, memberId)),
      ]);
      // Stock changes with every sale, so the records are not kept by caches.
      return c.json({ stories: storyRecords, creators: creatorRecords, products: productRecords, tracks: trackRecords }, 200);
    });
}
