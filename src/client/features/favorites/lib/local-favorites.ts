/**
 * The visitor's favorites, kept in local storage under `maybeUserLikes` (spec §4, §9): three lists
 * of ids, one per kind (stories, creators, products).
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
};

export const NO_FAVORITES: FavoriteIds = Object.freeze({ stories: [], creators: [], products: [] }) as FavoriteIds;

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
  return { stories: idList(v.stories, "stories"), creators: idList(v.creators, "creators"), products: idList(v.products, "products") };
}

export const localFavorites = createLocalStore<FavoriteIds>(FAVORITES_STORAGE_KEY, NO_FAVORITES, parseLocalFavorites);

/** Spec §4: toggling adds or removes an id in the set of its kind. */
export function withFavorite(ids: FavoriteIds, kind: FavoriteKind, id: string, favorite: boolean): FavoriteIds {
  const group = GROUP[kind];
  const rest = ids[group].filter((x) => x !== id);
  return { ...ids, [group]: favorite ? [...rest, id] : rest };
}

export function countFavorites(ids: FavoriteIds): number {
  return ids.stories.length + ids.creators.length + ids.products.length;
}
