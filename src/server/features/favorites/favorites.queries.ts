/**
 * Favorites (docs/decisions/0008). Only what the public may see is listed or can be liked
 * (db/visibility.ts): a favorite of an item that is hidden later is kept, unlisted, and shows
 * again once the item is back; liking a hidden item is "not found", as an unknown one.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "../../db/client.js";
import type { DialectName } from "../../db/dialect.js";
import { publicCreator, publicProduct, publicStory } from "../../db/visibility.js";
import type { FavoriteIds, FavoriteKind } from "../../../common/api/favorites.js";

const GROUP: Record<FavoriteKind, keyof FavoriteIds> = { story: "stories", creator: "creators", product: "products" };
const TABLE = { story: "story", creator: "creator", product: "product" } as const;
const KINDS = ["story", "creator", "product"] as const;

/** The row of TABLE[kind] is public. */
function isPublic(dialect: DialectName, kind: FavoriteKind) {
  return kind === "story" ? publicStory("story") : kind === "product" ? publicProduct("product") : publicCreator(dialect, "creator");
}

/** The favorite names a public item of its kind (one primary-key probe). */
function namesPublicItem(dialect: DialectName, kind: FavoriteKind) {
  const table = TABLE[kind];
  return sql<SqlBool>`(${sql.ref("favorite.kind")} = ${kind} and exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.id`)} = ${sql.ref("favorite.item_id")} and ${isPublic(dialect, kind)}))`;
}

export async function listFavoriteIds(database: Db, userId: string): Promise<FavoriteIds> {
  const rows = await database.db
    .selectFrom("favorite")
    .select(["kind", "item_id"])
    .where("user_id", "=", userId)
    .where((eb) => eb.or(KINDS.map((kind) => namesPublicItem(database.dialect, kind))))
    .orderBy("created_at")
    .orderBy("item_id")
    .execute();
  const ids: FavoriteIds = { stories: [], creators: [], products: [] };
  for (const row of rows) ids[GROUP[row.kind]].push(row.item_id);
  return ids;
}

/** Likes an item; false when no such public item exists. Liking twice is harmless. */
export async function addFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<boolean> {
  const result = await database.db
    .insertInto("favorite")
    .columns(["user_id", "kind", "item_id"])
    .expression((eb) =>
      eb
        .selectFrom(TABLE[kind])
        .select([eb.val(userId).as("user_id"), eb.val(kind).as("kind"), "id"])
        .where("id", "=", itemId)
        .where(isPublic(database.dialect, kind)),
    )
    .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  // Nothing inserted: either it was liked already, or there is no such item.
  const exists = await database.db.selectFrom(TABLE[kind]).select("id").where("id", "=", itemId).where(isPublic(database.dialect, kind)).executeTakeFirst();
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

/** DECISIONS.md 9: the union of the account's likes and a visitor's; unknown and hidden ids are skipped. */
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
            .where("id", "in", group)
            .where(isPublic(database.dialect, kind)),
        )
        .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
        .execute();
    }
  });
}
