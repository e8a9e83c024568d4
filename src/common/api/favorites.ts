/** Favorites: the account's liked ids (GET /api/me/favorites) and ids resolved to records. */
import { z } from "zod";
import { plainText } from "../text.js";
import { ProductSchema, StorySchema } from "./catalog.js";
import { CreatorSchema } from "./creators.js";
import { TrackSchema } from "./radio.js";

/** Most ids of one kind a merge or a lookup may carry. */
export const MAX_IDS_PER_KIND = 200;

/** Tracks (the radio's, issue 34) are the fourth kind, after the spec's three (§3 Likes). */
export const FAVORITE_KINDS = ["story", "creator", "product", "track"] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

/** Liked ids by kind. */
export const FavoriteIdsSchema = z
  .object({
    stories: z.array(z.string()),
    creators: z.array(z.string()),
    products: z.array(z.string()),
    tracks: z.array(z.string()).meta({ description: "The radio's tracks, on it now or since taken off it" }),
  })
  .meta({ id: "FavoriteIds" });
export type FavoriteIds = z.infer<typeof FavoriteIdsSchema>;

/**
 * A favorite track as its card shows it: what it is and whose, and whether the radio plays it
 * now. No audio: a track taken off the radio is no longer heard by the public.
 */
export const FavoriteTrackSchema = TrackSchema.pick({ id: true, title: true, artist: true, creator: true })
  .extend({
    on_radio: z.boolean().meta({
      description: "In the rotation now; false once a curator took it out or its creator withdrew it (listed for the members who saved it)",
    }),
  })
  .meta({ id: "FavoriteTrack" });
export type FavoriteTrack = z.infer<typeof FavoriteTrackSchema>;

/** Liked ids resolved to records; ids that no longer exist are left out. */
export const FavoriteItemsSchema = z
  .object({
    stories: z.array(StorySchema),
    creators: z.array(CreatorSchema),
    products: z.array(ProductSchema),
    tracks: z.array(FavoriteTrackSchema),
  })
  .meta({ id: "FavoriteItems" });
export type FavoriteItems = z.infer<typeof FavoriteItemsSchema>;

// ------------------------------------------------------------------------------ request params

const ItemIdSchema = z.string().min(1).max(200).refine(plainText, "id must not contain control characters");

export const FavoriteParamsSchema = z.object({
  kind: z.enum(FAVORITE_KINDS, { error: "kind must be story, creator, product or track" }),
  id: ItemIdSchema,
});

const IdListSchema = z.array(ItemIdSchema).max(MAX_IDS_PER_KIND, `At most ${MAX_IDS_PER_KIND} ids of a kind`);

export const MergeFavoritesSchema = z.object({
  stories: IdListSchema.default([]),
  creators: IdListSchema.default([]),
  products: IdListSchema.default([]),
  tracks: IdListSchema.default([]),
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
  tracks: IdQuerySchema.meta({ type: "string", description: "Comma-separated track ids" }),
});
