import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import type { FavoriteIds } from "../../../../common/api-types";
import { countLikes, localLikes } from "../lib/local-likes";
import { mergeFavorites } from "./merge-favorites";

/** GET /api/me/favorites: the liked ids of each kind. */
export function getFavorites(signal?: AbortSignal): Promise<FavoriteIds> {
  return api<FavoriteIds>("/api/me/favorites", { signal });
}

/**
 * The signed-in user's (uid) liked ids. Like the cart, the first load merges a visitor's likes
 * from local storage into the account (DECISIONS.md 9) and clears them once the server has them.
 */
export function favoritesQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: userKey(uid ?? "-", "favorites"),
    queryFn: async ({ signal }) => {
      const visitorLikes = localLikes.get();
      if (countLikes(visitorLikes) === 0) return getFavorites(signal);
      const ids = await mergeFavorites(visitorLikes);
      localLikes.clear();
      return ids;
    },
    enabled: Boolean(uid),
  });
}
