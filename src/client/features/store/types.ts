/** The store's product as GET /api/products and GET /api/products/{id} return it. */
export type ProductKind = "merch" | "artifact";
export type ProductCategory = "clothing" | "art" | "music" | "video" | "other";

export interface StoryRef {
  id: string;
  title: string;
}

export interface Product {
  id: string;
  kind: ProductKind;
  title: string;
  /** Same as title (the product modal's name). */
  name: string;
  description: string;
  category: ProductCategory;
  price_cents: number;
  /** Formatted, e.g. '$28.00'. */
  price: string;
  stock: number;
  /** Same as stock; 0 means sold out. */
  stock_count: number;
  limited_edition: boolean;
  image_url: string | null;
  story: StoryRef | null;
}

export interface ProductPage {
  items: Product[];
  next_cursor: string | null;
}

export interface ProductFacets {
  categories: ProductCategory[];
  stories: StoryRef[];
}

/** The filters of a product list; undefined or empty values are left out of the request. */
export interface ProductFilters {
  kind?: ProductKind;
  q?: string;
  story?: string;
  category?: ProductCategory;
  limit?: number;
}
