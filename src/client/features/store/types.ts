/** The store's wire types live in common/api-types.ts; this adds the list request's filters. */
import type { Page, Product, ProductCategory, ProductKind } from "../../../common/api-types";

export type { Product, ProductCategory, ProductFacets, ProductKind, StoryRef } from "../../../common/api-types";
export type ProductPage = Page<Product>;

/** The filters of a product list; undefined or empty values are left out of the request. */
export interface ProductFilters {
  kind?: ProductKind;
  q?: string;
  story?: string;
  category?: ProductCategory;
  limit?: number;
}
