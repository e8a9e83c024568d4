import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import { errorContent } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";
import { decodeCursor, decodeDatedCursor } from "../../../common/paging.js";
import { PRODUCT_CATEGORIES, PRODUCT_KINDS } from "./catalog.queries.js";

export const LIMIT_DEFAULT = 24;
export const LIMIT_MAX = 100;
export const SEARCH_MAX = 100;
const ID_MAX = 200;

// ----------------------------------------------------------------------------- response bodies

export const StorySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    city: z.string(),
    date: z.string().nullable().openapi({ format: "date-time", description: "null when the story has no date" }),
    image_url: z.string().nullable(),
  })
  .openapi("Story");

export const StoryPageSchema = z
  .object({
    items: z.array(StorySchema),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
  })
  .openapi("StoryPage");

export const StoryRefSchema = z.object({ id: z.string(), title: z.string() }).openapi("StoryRef");

export const ProductSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    title: z.string(),
    name: z.string().openapi({ description: "Same as title (the product modal's name)" }),
    description: z.string(),
    category: z.enum(PRODUCT_CATEGORIES),
    price_cents: z.number().int(),
    price: z.string().openapi({ example: "$28.00" }),
    stock: z.number().int(),
    stock_count: z.number().int().openapi({ description: "Same as stock; 0 means sold out" }),
    limited_edition: z.boolean(),
    image_url: z.string().nullable(),
    // A union, not .nullable(): the generator writes a nullable component as allOf, which no null passes.
    story: z.union([StoryRefSchema, z.null()]),
  })
  .openapi("Product");

export const ProductPageSchema = z
  .object({
    items: z.array(ProductSchema),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
  })
  .openapi("ProductPage");

export const ProductFacetsSchema = z
  .object({
    categories: z.array(z.enum(PRODUCT_CATEGORIES)).openapi({
      description: "Categories present, in the fixed order clothing, art, music, video, other",
    }),
    stories: z.array(StoryRefSchema).openapi({ description: "Stories with at least one product, in story order" }),
  })
  .openapi("ProductFacets");

// ------------------------------------------------------------------------------ request params

const limitMessage = `limit must be a whole number from 1 to ${LIMIT_MAX}`;
const limitParam = z.coerce
  .number({ error: limitMessage })
  .int(limitMessage)
  .min(1, limitMessage)
  .max(LIMIT_MAX, limitMessage)
  .default(LIMIT_DEFAULT)
  .openapi({ description: `Page size, 1-${LIMIT_MAX}`, example: LIMIT_DEFAULT });

const cursorMessage = "cursor is not valid; pass the next_cursor of the previous page";
const cursorDescription = "Opaque position from the previous page's next_cursor; empty or absent for the first page";
const storyCursorParam = z
  .string()
  .refine((text) => text === "" || decodeCursor(text) !== undefined, cursorMessage)
  .optional()
  .openapi({ description: cursorDescription });
const productCursorParam = z
  .string()
  .refine((text) => text === "" || decodeDatedCursor(text) !== undefined, cursorMessage)
  .optional()
  .openapi({ description: cursorDescription });

const kindParam = z
  .enum(PRODUCT_KINDS, { error: "kind must be merch or artifact" })
  .optional()
  .openapi({ description: "merch or artifact; absent for both" });

const idParam = z
  .string()
  .min(1)
  .max(ID_MAX, `id must be at most ${ID_MAX} characters`)
  .refine(plainText, "id must not contain control characters")
  .openapi({ param: { name: "id", in: "path" } });

export const StoryListQuerySchema = z.object({ cursor: storyCursorParam, limit: limitParam });

export const ProductListQuerySchema = z.object({
  kind: kindParam,
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX, `q must be at most ${SEARCH_MAX} characters`)
    .refine(plainText, "q must not contain control characters")
    .optional()
    .openapi({
      description:
        "Search text, trimmed; matches title or description, case-insensitively (non-ASCII letters too). Empty means no search.",
    }),
  story: z
    .string()
    .max(ID_MAX, `story must be at most ${ID_MAX} characters`)
    .refine(plainText, "story must not contain control characters")
    .optional()
    .openapi({ description: "Only products of this story id" }),
  category: z
    .enum(PRODUCT_CATEGORIES, { error: `category must be one of ${PRODUCT_CATEGORIES.join(", ")}` })
    .optional(),
  cursor: productCursorParam,
  limit: limitParam,
});

export const ProductFacetsQuerySchema = z.object({ kind: kindParam });

// ------------------------------------------------------------------------------------- routes

export const listStoriesRoute = defineRoute({
  method: "get",
  cache: { tags: ["catalog"], maxAge: 30 },
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
  cache: { tags: ["catalog"], maxAge: 30 },
  path: "/api/stories/{id}",
  tags: ["Stories"],
  summary: "One story",
  request: { params: z.object({ id: idParam }) },
  responses: {
    200: { description: "The story", content: { "application/json": { schema: StorySchema } } },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No story has this id", content: errorContent },
  },
});

export const listProductsRoute = defineRoute({
  method: "get",
  cache: { tags: ["catalog", "stock"], maxAge: 30 },
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
  cache: { tags: ["catalog", "stock"], maxAge: 30 },
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
  cache: { tags: ["catalog", "stock"], maxAge: 30 },
  path: "/api/products/{id}",
  tags: ["Store"],
  summary: "One product (the product modal)",
  request: { params: z.object({ id: idParam }) },
  responses: {
    200: { description: "The product", content: { "application/json": { schema: ProductSchema } } },
    400: { description: "Invalid id", content: errorContent },
    404: { description: "No product has this id", content: errorContent },
  },
});
