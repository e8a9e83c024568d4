/**
 * Favorite records as the favorites lists show them (spec §2 Favorites dropdown): a name, the
 * subtext (the first 50 characters of the description or bio, or the price), and where it lives.
 * A track (issue 34) is named by its title, its artist the subtext, and lives on the Favorites
 * page, where it can be played on the radio.
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
  /** Where the item lives: the story's or creator's own page, its product in the store, or (a track) the Favorites page. */
  href: string;
  image_url: string | null;
  /** A track's: its artist, the creator's page (null for the house's tracks), and whether the radio plays it now. */
  track?: { artist: string; artistHref: string | null; onRadio: boolean };
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
  tracks: FavoriteEntry[];
}

/** Where the lists lead: each kind's list, and the Favorites page itself (a track's place). */
export interface EntryPaths {
  stories: string;
  creators: string;
  store: string;
  favorites: string;
}

/** What a track's card says of it: whether the radio plays it now. */
export const TRACK_STATUS = { onRadio: "On the radio", offRadio: "Off the radio" } as const;

/** An item's own page under its list, e.g. /stories/{id} (config/paths.ts storyPath, creatorPath). */
const itemPath = (list: string, id: string) => `${list}/${encodeURIComponent(id)}`;

export function toEntries(items: FavoriteItems, paths: EntryPaths): FavoriteSections {
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
    tracks: items.tracks.map((t) => ({
      kind: "track",
      id: t.id,
      name: t.title,
      subtext: t.artist,
      meta: t.on_radio ? TRACK_STATUS.onRadio : TRACK_STATUS.offRadio,
      href: paths.favorites,
      image_url: null,
      track: { artist: t.artist, artistHref: t.creator ? itemPath(paths.creators, t.creator.id) : null, onRadio: t.on_radio },
    })),
  };
}
