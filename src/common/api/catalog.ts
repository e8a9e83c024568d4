/** Stories and store products (GET /api/stories, /api/products and their facets). */
import { z } from "zod";
import { plainText } from "../text.js";
import { SIZES } from "../sizes.js";
import { CursorParam, DatedCursorParam, limitParam, pageSchema } from "./paging.js";
import { ImageSchema } from "./media.js";
import { ID_MAX, textParam } from "./params.js";

export const LIMIT_DEFAULT = 24;
export const LIMIT_MAX = 100;
export const SEARCH_MAX = 100;

import { PRODUCT_CATEGORIES, PRODUCT_KINDS } from "../products.js";
export { PRODUCT_CATEGORIES, PRODUCT_KINDS, type ProductCategory, type ProductKind } from "../products.js";

// ----------------------------------------------------------------------------- response bodies

/** Who made a story or sells a product; links to /creators/{id}. */
export const CreatorRefSchema = z
  .object({ id: z.string(), artist_name: z.string().meta({ example: "Maya Lopez" }) })
  .meta({ id: "CreatorRef" });
export type CreatorRef = z.infer<typeof CreatorRefSchema>;

export const StorySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    city: z.string(),
    date: z.string().nullable().meta({ format: "date-time", description: "null when the story has no date" }),
    image_url: z.string().nullable().meta({ description: "The cover's JPEG when it has one (see `cover`)" }),
    // Unions, not .nullable(): the generator writes a nullable component as allOf, which no null passes.
    cover: z.union([ImageSchema, z.null()]).meta({ description: "An uploaded cover; null for the sample stories" }),
    has_page: z.boolean().meta({
      description: "true when the story has a body to read at /stories/{id}; false shows 'Coming Soon'",
    }),
    creator: z.union([CreatorRefSchema, z.null()]).meta({ description: "The author; null for the sample stories" }),
    comment_count: z.number().int().meta({ description: "Comments the public sees on it, replies included" }),
  })
  .meta({ id: "Story" });
export type Story = z.infer<typeof StorySchema>;

export const StoryPageSchema = pageSchema(StorySchema).meta({ id: "StoryPage" });
export type StoryPage = z.infer<typeof StoryPageSchema>;

/** GET /api/stories/{id}: a published story with its page. */
export const StoryDetailSchema = StorySchema.extend({
  body: z.string().meta({ description: "Markdown; render it with raw HTML off" }),
  published_at: z.string().nullable().meta({ format: "date-time" }),
  images: z.array(ImageSchema).meta({
    description: "The uploaded images the body shows (`/media/u/{hash}/…` addresses), with their size and variants",
  }),
  comments_open: z.boolean().meta({ description: "false when the author turned comments off (the comments stay readable)" }),
}).meta({ id: "StoryDetail" });
export type StoryDetail = z.infer<typeof StoryDetailSchema>;

export const StoryRefSchema = z.object({ id: z.string(), title: z.string() }).meta({ id: "StoryRef" });
export type StoryRef = z.infer<typeof StoryRefSchema>;

export const ProductVariantSchema = z
  .object({
    id: z.string().meta({ description: "What a cart line names: `{product_id}.{size}`, or the product's id for its one default variant" }),
    size: z.union([z.enum(SIZES), z.null()]).meta({ description: "XS…XXL; null for the one default variant of goods without sizes" }),
    stock: z.number().int().min(0).meta({ description: "Left in this size; 0: sold out in it" }),
  })
  .meta({ id: "ProductVariant" });
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    title: z.string(),
    name: z.string().meta({ description: "Same as title (the product modal's name)" }),
    description: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    price_cents: z.number().int(),
    price: z.string().meta({ example: "$28.00" }),
    stock: z.number().int(),
    stock_count: z.number().int().meta({ description: "Same as stock; 0 means sold out" }),
    limited_edition: z.boolean(),
    image_url: z.string().nullable().meta({ description: "The cover picture's JPEG (the first of `images` when it has uploads)" }),
    images: z.array(ImageSchema).meta({ description: "Uploaded pictures in the seller's order, the cover first; empty for the sample products" }),
    // A union, not .nullable(): the generator writes a nullable component as allOf, which no null passes.
    story: z.union([StoryRefSchema, z.null()]).meta({ description: "Its lead story (the first of `stories`)" }),
    stories: z.array(StoryRefSchema).meta({ description: "Every public story it belongs to, lead story first" }),
    creator: z.union([CreatorRefSchema, z.null()]).meta({ description: "Who sells it; null for the house's own" }),
    drops_at: z.union([z.string().meta({ format: "date-time" }), z.null()]).meta({
      description: "A scheduled drop: when it opens for sale (ISO time). Before it the product cannot be added or ordered (409 DROP_NOT_OPEN); null: on sale now",
    }),
    limit_per_buyer: z.union([z.number().int().positive(), z.null()]).meta({
      description: "At most this many units to one account over its orders (409 LIMIT_PER_BUYER); null: no limit",
    }),
    edition_size: z.union([z.number().int().positive(), z.null()]).meta({
      description: "A numbered edition ('Edition of 25'): each unit sold gets the next number; null: not numbered",
    }),
    variants: z.array(ProductVariantSchema).meta({
      description: "Clothing: one per size on offer, XS…XXL, each with its own stock; anything else: one default variant without a size. `stock` is their sum",
    }),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof ProductSchema>;

export const ProductPageSchema = pageSchema(ProductSchema).meta({ id: "ProductPage" });
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const ProductFacetsSchema = z
  .object({
    categories: z.array(z.enum(PRODUCT_CATEGORIES)).meta({
      description: "Categories present, in the fixed order clothing, art, music, video, other",
    }),
    stories: z.array(StoryRefSchema).meta({ description: "Stories with at least one product, in story order" }),
  })
  .meta({ id: "ProductFacets" });
export type ProductFacets = z.infer<typeof ProductFacetsSchema>;

// ------------------------------------------------------------------------------ request params

const limit = limitParam(LIMIT_MAX, LIMIT_DEFAULT);

const kindParam = z
  .enum(PRODUCT_KINDS, { error: "kind must be merch or artifact" })
  .optional()
  .meta({ description: "merch or artifact; absent for both" });

export const StoryListQuerySchema = z.object({ cursor: CursorParam, limit });

export const ProductListQuerySchema = z.object({
  kind: kindParam,
  q: textParam("q", SEARCH_MAX).meta({
    description:
      "Search text, trimmed; matches title or description, case-insensitively (non-ASCII letters too). Empty means no search.",
  }),
  story: z
    .string()
    .max(ID_MAX, `story must be at most ${ID_MAX} characters`)
    .refine(plainText, "story must not contain control characters")
    .optional()
    .meta({ description: "Only products of this story id" }),
  category: z
    .enum(PRODUCT_CATEGORIES, { error: `category must be one of ${PRODUCT_CATEGORIES.join(", ")}` })
    .optional(),
  cursor: DatedCursorParam,
  limit,
});

export const ProductFacetsQuerySchema = z.object({ kind: kindParam });
