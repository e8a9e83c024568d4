import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import type { FavoriteIds } from "../../../../common/api/favorites";
import { countFavorites, localFavorites } from "../lib/local-favorites";
import { mergeFavorites } from "./merge-favorites";

/** GET /api/me/favorites: the favorite ids of each kind. */
export function getFavorites(signal?: AbortSignal): Promise<FavoriteIds> {
  return api<FavoriteIds>("/api/me/favorites", { signal });
}

/**
 * The signed-in user's (uid) favorite ids. Like the cart, the first load merges a visitor's favorites
 * from local storage into the account (DECISIONS.md 9) and clears them once the server has them.
 */
export function favoritesQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: userKey(uid ?? "-", "favorites"),
    queryFn: async ({ signal }) => {
      const visitorFavorites = localFavorites.get();
      if (countFavorites(visitorFavorites) === 0) return getFavorites(signal);
      const ids = await mergeFavorites(visitorFavorites);
      localFavorites.clear();
      return ids;
    },
    enabled: Boolean(uid),
  });
}
