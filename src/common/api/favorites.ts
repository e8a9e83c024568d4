/** Favorites: the account's liked ids (GET /api/me/favorites) and ids resolved to records. */
import { z } from "zod";
import { plainText } from "../text.js";
import { ProductSchema, StorySchema } from "./catalog.js";
import { CreatorSchema } from "./creators.js";

/** Most ids of one kind a merge or a lookup may carry. */
export const MAX_IDS_PER_KIND = 200;

export const FAVORITE_KINDS = ["story", "creator", "product"] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

/** Liked ids by kind. */
export const FavoriteIdsSchema = z
  .object({ stories: z.array(z.string()), creators: z.array(z.string()), products: z.array(z.string()) })
  .meta({ id: "FavoriteIds" });
export type FavoriteIds = z.infer<typeof FavoriteIdsSchema>;

/** Liked ids resolved to records; ids that no longer exist are left out. */
export const FavoriteItemsSchema = z
  .object({
    stories: z.array(StorySchema),
    creators: z.array(CreatorSchema),
    products: z.array(ProductSchema),
  })
  .meta({ id: "FavoriteItems" });
export type FavoriteItems = z.infer<typeof FavoriteItemsSchema>;

// ------------------------------------------------------------------------------ request params

const ItemIdSchema = z.string().min(1).max(200).refine(plainText, "id must not contain control characters");

export const FavoriteParamsSchema = z.object({
  kind: z.enum(FAVORITE_KINDS, { error: "kind must be story, creator or product" }),
  id: ItemIdSchema,
});

const IdListSchema = z.array(ItemIdSchema).max(MAX_IDS_PER_KIND, `At most ${MAX_IDS_PER_KIND} ids of a kind`);

export const MergeFavoritesSchema = z.object({
  stories: IdListSchema.default([]),
  creators: IdListSchema.default([]),
  products: IdListSchema.default([]),
});

/** A comma-separated id list in a query string. */
const IdQuerySchema = z
  .string()
  .max(MAX_IDS_PER_KIND * 201)
  .optional()
  .transform((value) => (value ? [...new Set(value.split(",").filter(Boolean))] : []))
  .pipe(IdListSchema);

export const FavoriteItemsQuerySchema = z.object({
  stories: IdQuerySchema.meta({ type: "string", description: "Comma-separated story ids" }),
  creators: IdQuerySchema.meta({ type: "string", description: "Comma-separated creator ids" }),
  products: IdQuerySchema.meta({ type: "string", description: "Comma-separated product ids" }),
});
