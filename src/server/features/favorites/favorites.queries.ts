/**
 * Favorites (docs/decisions/0008). Only what the public may see is listed or can be liked
 * (db/visibility.ts): a favorite of an item that is hidden later is kept, unlisted, and shows
 * again once the item is back; liking a hidden item is "not found", as an unknown one.
 *
 * Tracks (issue 34, docs/decisions/0033) can be liked while they are on the radio. One taken off
 * it later (a curator's take-out, its creator's withdrawal: neither comes back) stays listed for
 * the members who saved it, marked off the radio, so they still see it and can let it go; a
 * suspended or hidden creator's tracks are unlisted with their profile, as their other work.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { toBool, type DialectName } from "../../db/dialect.js";
import { onTheRadioTrack, publicCreator, publicProduct, publicStory, publicTrackSource } from "../../db/visibility.js";
import { FAVORITE_KINDS, type FavoriteIds, type FavoriteKind, type FavoriteTrack } from "../../../common/api/favorites.js";

const GROUP: Record<FavoriteKind, keyof FavoriteIds> = { story: "stories", creator: "creators", product: "products", track: "tracks" };
const TABLE = { story: "story", creator: "creator", product: "product", track: "track" } as const;

/** The row of TABLE[kind] may be liked now: public; a track, on the radio. */
function isPublic(dialect: DialectName, kind: FavoriteKind) {
  switch (kind) {
    case "story":
      return publicStory("story");
    case "product":
      return publicProduct("product");
    case "creator":
      return publicCreator(dialect, "creator");
    case "track":
      return onTheRadioTrack(dialect, "track");
  }
}

/**
 * A saved favorite of the row of TABLE[kind] is listed: the item is public; a track, on the radio
 * or taken off it since (never one still waiting for review: no favorite can name it anyway).
 */
function isListed(dialect: DialectName, kind: FavoriteKind) {
  return kind === "track" ? sql<SqlBool>`(${sql.ref("track.status")} <> 'pending' and ${publicTrackSource(dialect, "track")})` : isPublic(dialect, kind);
}

/** The favorite names a listed item of its kind (one primary-key probe). */
function namesListedItem(dialect: DialectName, kind: FavoriteKind) {
  const table = TABLE[kind];
  return sql<SqlBool>`(${sql.ref("favorite.kind")} = ${kind} and exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.id`)} = ${sql.ref("favorite.item_id")} and ${isListed(dialect, kind)}))`;
}

/** A member's listed favorites, read by every signed-in page: kept compiled (db/prepared.ts), one shape per dialect. */
const favoriteIdsOn = (dialect: DialectName) =>
  prepared(["userId"], (db, p) =>
    db
      .selectFrom("favorite")
      .select(["kind", "item_id"])
      .where("user_id", "=", p.userId)
      .where((eb) => eb.or(FAVORITE_KINDS.map((kind) => namesListedItem(dialect, kind))))
      .orderBy("created_at")
      .orderBy("item_id"),
  );
const FAVORITE_IDS = { sqlite: favoriteIdsOn("sqlite"), postgres: favoriteIdsOn("postgres") } satisfies Record<DialectName, unknown>;

export async function listFavoriteIds(database: Db, userId: string): Promise<FavoriteIds> {
  const rows = await FAVORITE_IDS[database.dialect](database.db, { userId });
  const ids: FavoriteIds = { stories: [], creators: [], products: [], tracks: [] };
  for (const row of rows) ids[GROUP[row.kind]].push(row.item_id);
  return ids;
}

/**
 * Track ids resolved to what a favorite's card shows, in the order given, unknown ids left out.
 * A track on the radio is answered to anyone (the radio names it to every listener); one taken
 * off it only to `memberId` when that member saved it: its title is theirs to keep, not the public's.
 */
export async function findFavoriteTracks(database: Db, ids: readonly string[], memberId: string | null): Promise<FavoriteTrack[]> {
  if (ids.length === 0) return [];
  const { dialect } = database;
  const rows = await database.db
    .selectFrom("track")
    .leftJoin("creator", "creator.id", "track.creator_id")
    .select(["track.id", "track.title", "track.artist", "track.creator_id", "creator.first_name", "creator.last_name"])
    .select(sql<boolean>`${onTheRadioTrack(dialect, "track")}`.as("on_radio"))
    .where("track.id", "in", ids)
    .where((eb) => {
      const onRadio = onTheRadioTrack(dialect, "track");
      if (memberId === null) return onRadio;
      const saved = sql<SqlBool>`exists (select 1 from favorite where favorite.user_id = ${memberId} and favorite.kind = 'track' and favorite.item_id = ${sql.ref("track.id")})`;
      return eb.or([onRadio, eb.and([isListed(dialect, "track"), saved])]);
    })
    .execute();
  const byId = new Map(
    rows.map((row) => {
      const creator = row.creator_id !== null ? { id: row.creator_id, name: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() } : null;
      // As the radio names it (tracks.queries.ts toListenerTrack): the house's name, else the creator's.
      const track: FavoriteTrack = { id: row.id, title: row.title, artist: row.artist ?? creator?.name ?? "", creator, on_radio: toBool(row.on_radio) };
      return [row.id, track] as const;
    }),
  );
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** Likes an item; false when no such public item exists. Liking twice is harmless. */
/** "added", "present" (liked already: nothing changed) or "missing" (no such item the public can see). */
export async function addFavorite(database: Db, userId: string, kind: FavoriteKind, itemId: string): Promise<"added" | "present" | "missing"> {
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
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return "added";
  // Nothing inserted: either it was liked already, or there is no such item.
  const exists = await database.db.selectFrom(TABLE[kind]).select("id").where("id", "=", itemId).where(isPublic(database.dialect, kind)).executeTakeFirst();
  return exists !== undefined ? "present" : "missing";
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
    for (const kind of FAVORITE_KINDS) {
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
