/** Contracts of favorites (spec §4; DECISIONS.md 3, 9; tracks: issue 34): the account's liked ids, and ids resolved to records. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import {
  FavoriteIdsSchema,
  FavoriteItemsQuerySchema,
  FavoriteItemsSchema,
  FavoriteParamsSchema,
  MergeFavoritesSchema,
} from "../../../common/api/favorites.js";

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

export const addFavoriteRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/favorites/{kind}/{id}",
  tags: ["Favorites"],
  summary: "Like a story, creator, product or track",
  description: "A track can be liked while it is on the radio (docs/decisions/0033).",
  request: { params: FavoriteParamsSchema },
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
  summary: "Unlike a story, creator, product or track",
  request: { params: FavoriteParamsSchema },
  responses: { 200: idsResponse("Liked ids after the change"), 401: notSignedIn, ...ErrorResponses },
});

export const mergeFavoritesRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/favorites/merge",
  tags: ["Favorites"],
  summary: "Add a visitor's likes to the account's on sign-in",
  description: "The union of both; ids of items that do not exist (or tracks no longer on the radio) are skipped (DECISIONS.md 9).",
  request: { body: { required: true, content: { "application/json": { schema: MergeFavoritesSchema } } } },
  responses: { 200: idsResponse("Liked ids after the merge"), 401: notSignedIn, ...ErrorResponses },
});

export const favoriteItemsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/favorites/items",
  tags: ["Favorites"],
  summary: "Resolve liked ids to records",
  description:
    "Public: serves the account's favorites and a visitor's likes kept in the browser alike. Unknown ids are left out; records come back in the order of the ids. A track is answered while it is on the radio, and once taken off it (on_radio false) only to a signed-in member who saved it.",
  request: { query: FavoriteItemsQuerySchema },
  responses: {
    200: {
      description: "The records",
      content: { "application/json": { schema: FavoriteItemsSchema } },
    },
    ...ErrorResponses,
  },
});
