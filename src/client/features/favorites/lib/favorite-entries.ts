/**
 * Favorite records as the favorites lists show them (spec §2 Favorites dropdown): a name, the
 * subtext (the first 50 characters of the description or bio, or the price), and where it lives.
 */
import type { FavoriteKind } from "../../../../common/api/favorites";
import type { Creator, FavoriteItems } from "../api/get-favorite-items";

/** What the favorites surfaces say (spec §2: '{name} added to / removed from favorites!'). */
export const FAVORITE_MESSAGES = {
  added: (name: string) => `${name} added to favorites!`,
  removed: (name: string) => `${name} removed from favorites!`,
  saveFailed: "Your favorites could not be saved. Please try again.",
} as const;

/** Spec §9: favorites previews are cut at 50 characters. */
export const PREVIEW_CHARS = 50;

export interface FavoriteEntry {
  kind: FavoriteKind;
  id: string;
  name: string;
  subtext: string;
  /** A short detail for the Favorites page: a story's city, a creator's place, a product's category. */
  meta: string;
  /** Where the item lives: the story's or creator's own page, or its product in the store. */
  href: string;
  image_url: string | null;
}

export function preview(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > PREVIEW_CHARS ? `${trimmed.slice(0, PREVIEW_CHARS)}…` : trimmed;
}

/** Spec §2: first and last name, else the artist name, else 'Unknown Creator'. */
export function creatorName(creator: Pick<Creator, "first_name" | "last_name" | "artist_name">): string {
  const full = `${creator.first_name ?? ""} ${creator.last_name ?? ""}`.trim();
  return full || creator.artist_name?.trim() || "Unknown Creator";
}

export interface FavoriteSections {
  stories: FavoriteEntry[];
  creators: FavoriteEntry[];
  products: FavoriteEntry[];
}

/** An item's own page under its list, e.g. /stories/{id} (config/paths.ts storyPath, creatorPath). */
const itemPath = (list: string, id: string) => `${list}/${encodeURIComponent(id)}`;

export function toEntries(items: FavoriteItems, paths: { stories: string; creators: string; store: string }): FavoriteSections {
  return {
    stories: items.stories.map((s) => ({
      kind: "story",
      id: s.id,
      name: s.title,
      subtext: preview(s.description),
      meta: s.city,
      // A story without a page (the spec's sample cards, 'Coming Soon') lives on /stories only.
      href: s.has_page ? itemPath(paths.stories, s.id) : paths.stories,
      image_url: s.image_url,
    })),
    creators: items.creators.map((c) => ({
      kind: "creator",
      id: c.id,
      name: creatorName(c),
      subtext: preview(c.bio),
      meta: [c.city, c.state].filter(Boolean).join(", "),
      href: itemPath(paths.creators, c.id),
      image_url: c.profile_image_url,
    })),
    products: items.products.map((p) => ({
      kind: "product",
      id: p.id,
      name: p.name,
      subtext: p.price,
      meta: p.category,
      href: `${paths.store}?productId=${encodeURIComponent(p.id)}`,
      image_url: p.image_url,
    })),
  };
}
