import type { Db } from "../../db/client.js";
import type { FavoriteIds, FavoriteKind } from "../../../common/api-types.js";

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

const TABLE = { story: "story", creator: "creator", product: "product" } as const;

/** Likes an item; false when no such item exists. Liking twice is harmless. */
export async function addFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<boolean> {
  const exists = await database.db.selectFrom(TABLE[kind]).select("id").where("id", "=", itemId).executeTakeFirst();
  if (!exists) return false;
  await database.db
    .insertInto("favorite")
    .values({ user_id: userId, kind, item_id: itemId })
    .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
    .execute();
  return true;
}

export async function removeFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<void> {
  await database.db
    .deleteFrom("favorite")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .execute();
}
