/**
 * The shapes the API sends (ARCHITECTURE.md §5), shared by the server's queries and the client's
 * fetchers so the two cannot drift apart. The OpenAPI schemas in the routes describe the same.
 */

export type ProductKind = "merch" | "artifact";
export type ProductCategory = "clothing" | "art" | "music" | "video" | "other";
export type FavoriteKind = "story" | "creator" | "product";

/** The user profile of spec §3 (GET /api/me). */
export interface Profile {
  uid: string;
  email: string;
  username: string;
  phone: string;
  subscribed: boolean;
  creator: boolean;
  creator_id: string | null;
  /** ISO timestamp. */
  joined: string;
}

export interface Story {
  id: string;
  title: string;
  description: string;
  city: string;
  /** ISO timestamp, or null when the story has no date. */
  date: string | null;
  image_url: string | null;
}

export interface StoryRef {
  id: string;
  title: string;
}

export interface Product {
  id: string;
  kind: ProductKind;
  title: string;
  /** Same as title: the product modal of the spec calls it name. */
  name: string;
  description: string;
  category: ProductCategory;
  price_cents: number;
  /** Formatted, e.g. '$28.00'. */
  price: string;
  stock: number;
  /** Same as stock: the product modal of the spec calls it stock_count; 0 means sold out. */
  stock_count: number;
  limited_edition: boolean;
  image_url: string | null;
  story: StoryRef | null;
}

/** A keyset-paged list. */
export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

export interface ProductFacets {
  categories: ProductCategory[];
  stories: StoryRef[];
}

/** A cart line (GET /api/cart): name, category, price and image come from the product. */
export interface CartLine {
  id: string;
  name: string;
  category: string;
  price_cents: number;
  price: string;
  quantity: number;
  stock: number;
  image_url: string | null;
}

export interface Cart {
  items: CartLine[];
  /** Sum of quantities. */
  count: number;
  subtotal_cents: number;
}

/** Liked ids by kind (GET /api/favorites). */
export interface FavoriteIds {
  stories: string[];
  creators: string[];
  products: string[];
}

/** A radio track (spec §3, GET /api/radio/tracks). */
export interface Track {
  id: string;
  title: string;
  artist: string;
  /** Where the MP3 is served; carries a content version, so the long media cache never goes stale. */
  url: string;
  description: string;
}

export interface TrackList {
  tracks: Track[];
}
