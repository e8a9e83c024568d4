/**
 * The visitor's likes, kept in local storage under `maybeUserLikes` (spec §4, §9): three lists of
 * ids, one per kind (stories, creators, products).
 */
import type { FavoriteIds, FavoriteKind } from "../../../../common/api-types";
import { createLocalStore } from "../../../lib/local-store";

export const LIKES_STORAGE_KEY = "maybeUserLikes";
/** The server takes at most this many ids of a kind in one merge. */
const MAX_PER_KIND = 200;

export const GROUP: Record<FavoriteKind, keyof FavoriteIds> = {
  story: "stories",
  creator: "creators",
  product: "products",
};

export const NO_LIKES: FavoriteIds = Object.freeze({ stories: [], creators: [], products: [] }) as FavoriteIds;

function idList(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((id) => typeof id === "string" && id.length > 0 && id.length <= 200)) {
    throw new Error(`the saved ${name} are not a list of ids`);
  }
  return [...new Set(value as string[])].slice(0, MAX_PER_KIND);
}

export function parseLocalLikes(raw: unknown): FavoriteIds {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new Error("the saved likes are not an object");
  const v = raw as Record<string, unknown>;
  return { stories: idList(v.stories, "stories"), creators: idList(v.creators, "creators"), products: idList(v.products, "products") };
}

export const localLikes = createLocalStore<FavoriteIds>(LIKES_STORAGE_KEY, NO_LIKES, parseLocalLikes);

/** Spec §4: toggling adds or removes an id in the set of its kind. */
export function withLike(ids: FavoriteIds, kind: FavoriteKind, id: string, liked: boolean): FavoriteIds {
  const group = GROUP[kind];
  const rest = ids[group].filter((x) => x !== id);
  return { ...ids, [group]: liked ? [...rest, id] : rest };
}

export function countLikes(ids: FavoriteIds): number {
  return ids.stories.length + ids.creators.length + ids.products.length;
}
