import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { FavoriteIds, FavoriteItems } from "../../../../common/api/favorites";
import { countFavorites } from "../lib/local-favorites";

export type { Creator } from "../../../../common/api/creators";
export type { FavoriteItems, FavoriteTrack } from "../../../../common/api/favorites";

/** GET /api/favorites/items: favorite ids resolved to records (unknown ids left out). */
export function getFavoriteItems(ids: FavoriteIds, signal?: AbortSignal): Promise<FavoriteItems> {
  const query = new URLSearchParams();
  for (const [group, list] of Object.entries(ids)) if (list.length) query.set(group, list.join(","));
  return api<FavoriteItems>(`/api/favorites/items?${query}`, { signal });
}

export function favoriteItemsQueryOptions(ids: FavoriteIds) {
  return queryOptions({
    queryKey: ["favorite-items", ids.stories, ids.creators, ids.products, ids.tracks],
    queryFn: ({ signal }) => getFavoriteItems(ids, signal),
    enabled: countFavorites(ids) > 0,
    // While a favorite is added or removed, the list keeps showing the records it has.
    placeholderData: keepPreviousData,
  });
}

/** The records behind a set of favorite ids, in the order they were saved. */
export function useFavoriteItems(ids: FavoriteIds) {
  return useQuery(favoriteItemsQueryOptions(ids));
}
