import { api } from "../../../lib/api";
import type { FavoriteIds, FavoriteKind } from "../../../../common/api/favorites";

/** PUT (save) or DELETE (remove) /api/me/favorites/{kind}/{id}; answers the ids after the change. */
export function setFavorite(kind: FavoriteKind, id: string, favorite: boolean): Promise<FavoriteIds> {
  return api<FavoriteIds>(`/api/me/favorites/${kind}/${encodeURIComponent(id)}`, { method: favorite ? "PUT" : "DELETE" });
}
