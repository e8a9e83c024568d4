import type { Db } from "../../db/client.js";
import type { FavoriteKind } from "../../db/types.js";

export interface FavoriteIds {
  stories: string[];
  creators: string[];
  products: string[];
}

const GROUP: Record<FavoriteKind, keyof FavoriteIds> = { story: "stories", creator: "creators", product: "products" };

export async function listFavoriteIds(database: Db, userId: string): Promise<FavoriteIds> {
  const rows = await database.db
    .selectFrom("favorite")
    .select(["kind", "item_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("item_id")
    .execute();
  const ids: FavoriteIds = { stories: [], creators: [], products: [] };
  for (const row of rows) ids[GROUP[row.kind]].push(row.item_id);
  return ids;
}
