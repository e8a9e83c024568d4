/** Contracts of stories and store products; their shapes are in common/api/catalog.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { errorContent } from "../../lib/openapi.js";
import {
  ProductFacetsQuerySchema,
  ProductFacetsSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  StoryListQuerySchema,
  StoryPageSchema,
  StoryDetailSchema,
} from "../../../common/api/catalog.js";
import { IdParamsSchema } from "../../../common/api/params.js";

export const listStoriesRoute = defineRoute({
  method: "get",
  // Revalidated every time (a 304 when unchanged): a creator who publishes is sent here next.
  cache: { tags: ["catalog"], maxAge: 0 },
  path: "/api/stories",
  tags: ["Stories"],
  summary: "Stories, newest first",
  description:
    "Ordered by date, newest first; stories without a date come after every dated one; ties are broken by id " +
    "(descending). Keyset paging: follow next_cursor until it is null. Public.",
  request: { query: StoryListQuerySchema },
  responses: {
    200: {
      description: "A page of stories",
      content: { "application/json": { schema: StoryPageSchema } },
    },
    400: { description: "Invalid parameter; `fields` names it", content: errorContent },
  },
});

export const getStoryRoute = defineRoute({
  method: "get",
  // Revalidated every time: an unpublished or edited story must not linger in browsers. Its own
  // tag too: a comment changes its count (docs/decisions/0032).
  cache: { tags: ["catalog"], maxAge: 0, storyParam: "id" },
  path: "/api/stories/{id}",
  tags: ["Stories"],
  summary: "One published story, with its page (Markdown body)",
  request: { params: IdParamsSchema },
  responses: {
    200: { description: "The story", content: { "application/json": { schema: StoryDetailSchema } } },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No published story with a page (a body) has this id: drafts are their author's only, and a story without a body has no page", content: errorContent },
  },
});

export const listProductsRoute = defineRoute({
  method: "get",
  // Revalidated every time (a 304 when unchanged): a product a curator hides must leave browsers
  // at once too, not only the server's cache (docs/decisions/0019).
  cache: { tags: ["catalog", "stock"], maxAge: 0 },
  path: "/api/products",
  tags: ["Store"],
  summary: "Store products, filtered and searched",
  description:
    "Ordered newest first by the time the product was added (created_at), ties broken by id (both descending). " +
    "Filters combine with AND. Keyset paging: follow next_cursor until it is null; a cursor is only meaningful " +
    "with the filters it was issued for. Public (the store's sign-in gate is a screen concern).",
  request: { query: ProductListQuerySchema },
  responses: {
    200: {
      description: "A page of products",
      content: { "application/json": { schema: ProductPageSchema } },
    },
    400: { description: "Invalid parameter; `fields` names it", content: errorContent },
  },
});

export const productFacetsRoute = defineRoute({
  method: "get",
  // Revalidated every time (a 304 when unchanged): a product a curator hides must leave browsers
  // at once too, not only the server's cache (docs/decisions/0019).
  cache: { tags: ["catalog", "stock"], maxAge: 0 },
  path: "/api/products/facets",
  tags: ["Store"],
  summary: "What the store's filter buttons offer",
  description: "Categories present among the products of a kind, and the stories that have at least one of them.",
  request: { query: ProductFacetsQuerySchema },
  responses: {
    200: {
      description: "Facets",
      content: { "application/json": { schema: ProductFacetsSchema } },
    },
    400: { description: "Invalid parameter; `fields` names it", content: errorContent },
  },
});

export const getProductRoute = defineRoute({
  method: "get",
  // Revalidated every time (a 304 when unchanged): a product a curator hides must leave browsers
  // at once too, not only the server's cache (docs/decisions/0019).
  cache: { tags: ["catalog", "stock"], maxAge: 0, productParam: "id" },
  path: "/api/products/{id}",
  tags: ["Store"],
  summary: "One product (the product modal)",
  request: { params: IdParamsSchema },
  responses: {
    200: { description: "The product", content: { "application/json": { schema: ProductSchema } } },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No product has this id", content: errorContent },
  },
});
