import { api } from "../../../lib/api";
import type { FavoriteIds, FavoriteKind } from "../../../../common/api-types";

/** PUT (like) or DELETE (unlike) /api/me/favorites/{kind}/{id}; answers the ids after the change. */
export function setFavorite(kind: FavoriteKind, id: string, liked: boolean): Promise<FavoriteIds> {
  return api<FavoriteIds>(`/api/me/favorites/${kind}/${encodeURIComponent(id)}`, { method: liked ? "PUT" : "DELETE" });
}
