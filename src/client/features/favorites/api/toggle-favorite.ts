import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FavoriteKind } from "../../../../common/api-types";
import { api } from "../../../lib/api";
import { favoritesQueryOptions, type Favorites } from "./get-favorites";

export type { FavoriteKind };

/** PUT (like) or DELETE (unlike) /api/favorites/{kind}/{id}; answers the ids after the change. */
export function setFavorite(kind: FavoriteKind, id: string, liked: boolean): Promise<Favorites> {
  return api<Favorites>(`/api/favorites/${kind}/${encodeURIComponent(id)}`, { method: liked ? "PUT" : "DELETE" });
}

const GROUP = { story: "stories", creator: "creators", product: "products" } as const;

interface FavoriteChange {
  kind: FavoriteKind;
  id: string;
  liked: boolean;
}

/**
 * Likes or unlikes for the signed-in user. The heart changes at once (optimistic); a failure
 * puts the previous ids back, and the server's answer is the final word.
 */
export function useSetFavorite(uid: string | undefined) {
  const queryClient = useQueryClient();
  const { queryKey } = favoritesQueryOptions(uid);
  return useMutation({
    mutationFn: ({ kind, id, liked }: FavoriteChange) => setFavorite(kind, id, liked),
    onMutate: async ({ kind, id, liked }: FavoriteChange) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        const group = GROUP[kind];
        const ids = previous[group].filter((x) => x !== id);
        queryClient.setQueryData(queryKey, { ...previous, [group]: liked ? [...ids, id] : ids });
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (favorites) => queryClient.setQueryData(queryKey, favorites),
  });
}
