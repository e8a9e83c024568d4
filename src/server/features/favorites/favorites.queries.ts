import type { Db } from "../../db/client.js";
import type { FavoriteIds, FavoriteKind } from "../../../common/api/favorites.js";

const GROUP: Record<FavoriteKind, keyof FavoriteIds> = { story: "stories", creator: "creators", product: "products" };
const TABLE = { story: "story", creator: "creator", product: "product" } as const;

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

/** Likes an item; false when no such item exists. Liking twice is harmless. */
export async function addFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<boolean> {
  const result = await database.db
    .insertInto("favorite")
    .columns(["user_id", "kind", "item_id"])
    .expression((eb) =>
      eb
        .selectFrom(TABLE[kind])
        .select([eb.val(userId).as("user_id"), eb.val(kind).as("kind"), "id"])
        .where("id", "=", itemId),
    )
    .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  // Nothing inserted: either it was liked already, or there is no such item.
  const exists = await database.db.selectFrom(TABLE[kind]).select("id").where("id", "=", itemId).executeTakeFirst();
  return exists !== undefined;
}

export async function removeFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<void> {
  await database.db
    .deleteFrom("favorite")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .execute();
}

/** DECISIONS.md 9: the union of the account's likes and a visitor's; unknown ids are skipped. */
export async function mergeFavorites(database: Db, userId: string, ids: FavoriteIds): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    for (const kind of ["story", "creator", "product"] as const) {
      const group = ids[GROUP[kind]];
      if (group.length === 0) continue;
      await trx
        .insertInto("favorite")
        .columns(["user_id", "kind", "item_id"])
        .expression((eb) =>
          eb
            .selectFrom(TABLE[kind])
            .select([eb.val(userId).as("user_id"), eb.val(kind).as("kind"), "id"])
            .where("id", "in", group),
        )
        .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
        .execute();
    }
  });
}
