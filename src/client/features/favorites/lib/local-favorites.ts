/**
 * The visitor's favorites, kept in local storage under `maybeUserLikes` (spec §4, §9): three lists
 * of ids, one per kind (stories, creators, products), and the radio's tracks (issue 34) once any is
 * liked; a value saved before tracks were a kind reads with none.
 */
import type { FavoriteIds, FavoriteKind } from "../../../../common/api/favorites";
import { createLocalStore } from "../../../lib/local-store";

/** The spec's key (§9), kept as it is: visitors' browsers already hold their favorites under it. */
export const FAVORITES_STORAGE_KEY = "maybeUserLikes";
/** The server takes at most this many ids of a kind in one merge. */
const MAX_PER_KIND = 200;

export const GROUP: Record<FavoriteKind, keyof FavoriteIds> = {
  story: "stories",
  creator: "creators",
  product: "products",
  track: "tracks",
};

export const NO_FAVORITES: FavoriteIds = Object.freeze({ stories: [], creators: [], products: [], tracks: [] }) as FavoriteIds;

function idList(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((id) => typeof id === "string" && id.length > 0 && id.length <= 200)) {
    throw new Error(`the saved ${name} are not a list of ids`);
  }
  return [...new Set(value as string[])].slice(0, MAX_PER_KIND);
}

export function parseLocalFavorites(raw: unknown): FavoriteIds {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("the saved favorites are not an object");
  const v = raw as Record<string, unknown>;
  return Object.fromEntries(Object.values(GROUP).map((group) => [group, idList(v[group], group)])) as FavoriteIds;
}

export const localFavorites = createLocalStore<FavoriteIds>(FAVORITES_STORAGE_KEY, NO_FAVORITES, parseLocalFavorites);

/**
 * Saves the visitor's favorites. Without a liked track the value is spec §3's three groups, as it
 * was before tracks were a kind (it reads back with none, as an older value does).
 */
export function saveLocalFavorites(ids: FavoriteIds): void {
  const { tracks, ...spec } = ids;
  localFavorites.set(tracks.length > 0 ? ids : (spec as FavoriteIds));
}

/** Spec §4: toggling adds or removes an id in the set of its kind. */
export function withFavorite(ids: FavoriteIds, kind: FavoriteKind, id: string, favorite: boolean): FavoriteIds {
  const group = GROUP[kind];
  const rest = ids[group].filter((x) => x !== id);
  return { ...ids, [group]: favorite ? [...rest, id] : rest };
}

export function countFavorites(ids: FavoriteIds): number {
  return Object.values(GROUP).reduce((n, group) => n + ids[group].length, 0);
}
