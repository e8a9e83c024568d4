/** The store's wire types live in common/api/catalog.ts; this adds the list request's filters. */
import type { ProductCategory, ProductKind } from "../../../common/api/catalog";

export type { Product, ProductCategory, ProductFacets, ProductKind, ProductPage, StoryRef } from "../../../common/api/catalog";

/** The filters of a product list; undefined or empty values are left out of the request. */
export interface ProductFilters {
  kind?: ProductKind;
  q?: string;
  story?: string;
  category?: ProductCategory;
  limit?: number;
}
