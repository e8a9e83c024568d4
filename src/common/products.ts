/** The store's kinds and categories, without zod: pages that only list them need no schema code. */
export const PRODUCT_KINDS = ["merch", "artifact"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
/** Categories in the fixed order the store shows them (spec §3). */
export const PRODUCT_CATEGORIES = ["clothing", "art", "music", "video", "other"] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
/** Pictures per product: the first is its cover. */
export const PRODUCT_IMAGES_MAX = 5;
/** Stories one product can belong to. */
export const PRODUCT_STORIES_MAX = 5;
