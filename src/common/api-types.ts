/**
 * The shapes the API sends (ARCHITECTURE.md §5), shared by the server's queries and the client's
 * fetchers so the two cannot drift apart. The OpenAPI schemas in the routes describe the same.
 */
import type { CartSummary } from "./cart.js";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "./checkout.js";
import type { ArtDiscipline } from "./creator-schemas.js";

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

/** A cart line (GET /api/me/cart): name, category, price and image come from the product. */
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

/** GET /api/me/cart: the lines and their totals (count, subtotal, shipping, total in cents). */
export interface Cart extends CartSummary {
  items: CartLine[];
}

/** Liked ids by kind (GET /api/me/favorites). */
export interface FavoriteIds {
  stories: string[];
  creators: string[];
  products: string[];
}

/** Liked ids resolved to records; ids that no longer exist are left out. */
export interface FavoriteItems {
  stories: Story[];
  creators: Creator[];
  products: Product[];
}

/** The contact and shipping details of an order, as the checkout form sends them. */
export interface ShippingDetails {
  email: string;
  name: string;
  address_line1: string;
  /** Empty when not given. */
  address_line2: string;
  city: string;
  /** Two-letter code. */
  state: string;
  zip: string;
  phone: string;
}

/** GET /api/me/address: what the checkout form starts with. */
export interface AddressPrefill {
  /** True when these are the details of the user's last order; else the account's email and phone. */
  saved: boolean;
  address: ShippingDetails;
}

/** An order line: name and price as they were when the order was placed. */
export interface OrderLine {
  product_id: string;
  name: string;
  price_cents: number;
  /** Formatted, e.g. '$28.00'. */
  price: string;
  quantity: number;
  line_total_cents: number;
}

/** GET /api/orders/{id}, and the answer to placing or cancelling one. */
export interface Order {
  /** The order number, e.g. MB-7K2Q9XDM. */
  id: string;
  status: OrderStatus;
  /** ISO timestamps. */
  created_at: string;
  updated_at: string;
  items: OrderLine[];
  /** Sum of quantities. */
  item_count: number;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  shipping: ShippingDetails;
  payment: { method: PaymentMethod; status: PaymentStatus };
  /** True while the buyer may still cancel it (placed, not yet paid). */
  can_cancel: boolean;
}

/** A row of GET /api/orders. */
export interface OrderSummary {
  id: string;
  status: OrderStatus;
  created_at: string;
  item_count: number;
  total_cents: number;
  payment_status: PaymentStatus;
}

/** One hit of the site search (GET /api/search). */
export interface SearchHit {
  id: string;
  title: string;
  /** A city, a place or a price: what tells hits apart. */
  subtitle: string;
}

export interface SearchResults {
  stories: SearchHit[];
  creators: SearchHit[];
  products: SearchHit[];
}

/**
 * A creator as the directory shows it (spec §3 'Creator directory view'; GET /api/creators).
 * The email and the linked user id are never part of it (docs/decisions/0006).
 */
export interface Creator {
  /** The creator_id: `first_last` lower-cased, `-2`, `-3`… on a clash. */
  id: string;
  /** First and last name with a space between. */
  artist_name: string;
  first_name: string;
  last_name: string;
  /** May be empty; the card then shows its default text. */
  bio: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  /** In the fixed order of ART_DISCIPLINES. */
  disciplines: ArtDiscipline[];
  /** Stories the creator is featured in, newest first (same order as `stories`). */
  story_ids: string[];
  stories: StoryRef[];
  profile_image_url: string | null;
  /** The website, as the card's portfolio link; null when none. */
  portfolio_url: string | null;
  /** Handle without the leading @ (the card shows it with one); null when none. */
  instagram: string | null;
  website: string | null;
  /** ISO timestamp of the application. */
  joined: string;
  approved: boolean;
}

/** A page of the directory; `total` counts every creator matching the filters (first page only). */
export interface CreatorPage extends Page<Creator> {
  /** Number of approved creators matching the filters; given on the first page, null after it. */
  total: number | null;
}

/** What the directory's filters offer (GET /api/creators/facets). */
export interface CreatorFacets {
  /** Disciplines at least one approved creator has, in the fixed order of ART_DISCIPLINES. */
  disciplines: ArtDiscipline[];
  /** Cities of approved creators, alphabetical. */
  cities: string[];
  /** Stories that feature at least one approved creator, newest first. */
  stories: StoryRef[];
  /** Number of approved creators ('N creator(s) total'). */
  total: number;
}
