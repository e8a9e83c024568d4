import { api } from "../../../lib/api";
import type { FavoriteIds } from "../../../../common/api/favorites";

/** POST /api/me/favorites/merge: the union of the account's favorites and a visitor's. */
export function mergeFavorites(ids: FavoriteIds): Promise<FavoriteIds> {
  return api<FavoriteIds>("/api/me/favorites/merge", { method: "POST", body: ids });
}
