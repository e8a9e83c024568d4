import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { userKey } from "../../../lib/query-client";
import type { FavoriteIds } from "../../../../common/api-types";

/** GET /api/favorites: the liked ids of each kind. */
export type Favorites = FavoriteIds;

export function getFavorites(signal?: AbortSignal): Promise<Favorites> {
  return api<Favorites>("/api/favorites", { signal });
}

export function favoritesQueryOptions(uid: string | undefined) {
  return queryOptions({
    queryKey: userKey(uid ?? "-", "favorites"),
    queryFn: ({ signal }) => getFavorites(signal),
    enabled: Boolean(uid),
  });
}

/** The favorites of the signed-in user (uid), idle while signed out. */
export function useFavorites(uid: string | undefined) {
  return useQuery(favoritesQueryOptions(uid));
}

export function countFavorites(favorites: Favorites | undefined): number {
  if (!favorites) return 0;
  return favorites.stories.length + favorites.creators.length + favorites.products.length;
}
