/** Contracts of favorites (spec §4; DECISIONS.md 3, 9): the account's liked ids, and ids resolved to records. */
import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";
import { ProductSchema, StorySchema } from "../catalog/catalog.routes.js";
import { CreatorSchema } from "../creators/creators.routes.js";

/** Most ids of one kind a merge or a lookup may carry. */
export const MAX_IDS_PER_KIND = 200;

const ItemId = z.string().min(1).max(200).refine(plainText, "id must not contain control characters");

const FavoriteIdsSchema = z
  .object({ stories: z.array(z.string()), creators: z.array(z.string()), products: z.array(z.string()) })
  .openapi("FavoriteIds");

const idsResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: FavoriteIdsSchema } },
});
const notSignedIn = { description: "Not signed in", content: errorContent };

export const listFavoritesRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/favorites",
  tags: ["Favorites"],
  summary: "Ids the signed-in user has liked, by kind",
  responses: { 200: idsResponse("Liked ids"), 401: notSignedIn },
});

const FavoriteParams = z.object({
  kind: z.enum(["story", "creator", "product"], { error: "kind must be story, creator or product" }),
  id: ItemId,
});

export const addFavoriteRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/favorites/{kind}/{id}",
  tags: ["Favorites"],
  summary: "Like a story, creator or product",
  request: { params: FavoriteParams },
  responses: {
    200: idsResponse("Liked ids after the change"),
    401: notSignedIn,
    404: { description: "No such item", content: errorContent },
    ...ErrorResponses,
  },
});

export const removeFavoriteRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/me/favorites/{kind}/{id}",
  tags: ["Favorites"],
  summary: "Unlike a story, creator or product",
  request: { params: FavoriteParams },
  responses: { 200: idsResponse("Liked ids after the change"), 401: notSignedIn, ...ErrorResponses },
});

const IdList = z.array(ItemId).max(MAX_IDS_PER_KIND, `At most ${MAX_IDS_PER_KIND} ids of a kind`);

export const mergeFavoritesRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/favorites/merge",
  tags: ["Favorites"],
  summary: "Add a visitor's likes to the account's on sign-in",
  description: "The union of both; ids of items that do not exist are skipped (DECISIONS.md 9).",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ stories: IdList.default([]), creators: IdList.default([]), products: IdList.default([]) }),
        },
      },
    },
  },
  responses: { 200: idsResponse("Liked ids after the merge"), 401: notSignedIn, ...ErrorResponses },
});

/** A comma-separated id list in a query string. */
const IdQuery = z
  .string()
  .max(MAX_IDS_PER_KIND * 201)
  .optional()
  .transform((value) => (value ? [...new Set(value.split(",").filter(Boolean))] : []))
  .pipe(IdList);

export const favoriteItemsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/favorites/items",
  tags: ["Favorites"],
  summary: "Resolve liked ids to records",
  description:
    "Public: serves the account's favorites and a visitor's likes kept in the browser alike. Unknown ids are left out; records come back in the order of the ids.",
  request: {
    query: z.object({
      stories: IdQuery.openapi({ type: "string", description: "Comma-separated story ids" }),
      creators: IdQuery.openapi({ type: "string", description: "Comma-separated creator ids" }),
      products: IdQuery.openapi({ type: "string", description: "Comma-separated product ids" }),
    }),
  },
  responses: {
    200: {
      description: "The records",
      content: {
        "application/json": {
          schema: z
            .object({
              stories: z.array(StorySchema),
              creators: z.array(CreatorSchema),
              products: z.array(ProductSchema),
            })
            .openapi("FavoriteItems"),
        },
      },
    },
    ...ErrorResponses,
  },
});
