/** Contracts of a creator's products in the studio; their shapes are in common/api/studio-products.ts. */
import { defineRoute } from "../../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import {
  ProductDraftSchema,
  ProductUpdateSchema,
  ProductVersionSchema,
  StudioProductListSchema,
  StudioProductSchema,
} from "../../../../common/api/studio-products.js";
import { IdParamsSchema } from "../../../../common/api/params.js";
import { StockAdjustmentSchema } from "../../../../common/api/admin.js";
import { json, notCreator, notCreatorOrSuspended, signedOut } from "../studio-contract.js";

const notFound = { description: "The creator has no product with this id (another creator's is not found either)", content: errorContent };
const changed = { description: "PRODUCT_CHANGED: the product was saved since `version` was read (another tab); nothing changed", content: errorContent };
const product = (description: string) => ({ description, content: { "application/json": { schema: StudioProductSchema } } });
// A product's writes change the store's lists, its page, favorites and the creator's page.
const PRODUCT_TAGS = ["catalog", "creators"] as const;

export const listStudioProductsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/products",
  tags: ["Studio"],
  summary: "The creator's products, drafts and published, newest first",
  responses: {
    200: { description: "The products", content: { "application/json": { schema: StudioProductListSchema } } },
    401: signedOut,
    403: notCreator,
  },
});

export const createStudioProductRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/studio/products",
  tags: ["Studio"],
  summary: "Start a product, as a draft",
  description: "Nothing is public until it is published (POST …/publish). The kind follows the category: clothing is merch, the rest artifacts.",
  request: { body: json(ProductDraftSchema) },
  responses: { 201: product("The draft"), 401: signedOut, ...ErrorResponses, 403: notCreator },
});

export const getStudioProductRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/products/{id}",
  tags: ["Studio"],
  summary: "One of the creator's products",
  request: { params: IdParamsSchema },
  responses: { 200: product("The product"), 401: signedOut, ...ErrorResponses, 403: notCreator, 404: notFound },
});

export const updateStudioProductRoute = defineRoute({
  method: "put",
  invalidates: [...PRODUCT_TAGS],
  path: "/api/studio/products/{id}",
  tags: ["Studio"],
  summary: "Save a product; a published one changes on the site at once",
  description: "Refused to a suspended creator when the product is published. A drop time of a published product must still be to come.",
  request: { params: IdParamsSchema, body: json(ProductUpdateSchema) },
  responses: { 200: product("The product after the save"), 401: signedOut, ...ErrorResponses, 403: notCreatorOrSuspended, 404: notFound, 409: changed },
});

export const publishStudioProductRoute = defineRoute({
  method: "post",
  invalidates: [...PRODUCT_TAGS],
  path: "/api/studio/products/{id}/publish",
  tags: ["Studio"],
  summary: "Publish: on sale now, or shown with its drop time until it opens",
  request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
  responses: { 200: product("The published product"), 401: signedOut, ...ErrorResponses, 403: notCreatorOrSuspended, 404: notFound, 409: changed },
});

export const unpublishStudioProductRoute = defineRoute({
  method: "post",
  invalidates: [...PRODUCT_TAGS],
  path: "/api/studio/products/{id}/unpublish",
  tags: ["Studio"],
  summary: "Take a product off the site, back to a draft (orders keep it; carts say it is no longer available); restores an archived one",
  request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
  responses: { 200: product("The draft"), 401: signedOut, ...ErrorResponses, 403: notCreator, 404: notFound, 409: changed },
});

export const archiveStudioProductRoute = defineRoute({
  method: "post",
  invalidates: [...PRODUCT_TAGS],
  path: "/api/studio/products/{id}/archive",
  tags: ["Studio"],
  summary: "Archive: the product leaves the store for good; favorites and carts say it is no longer available, orders keep it",
  description: "Unpublishing an archived product restores it as a draft.",
  request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
  responses: { 200: product("The archived product"), 401: signedOut, ...ErrorResponses, 403: notCreator, 404: notFound, 409: changed },
});

export const duplicateStudioProductRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/studio/products/{id}/duplicate",
  tags: ["Studio"],
  summary: "Start a new draft from a product: the same form and sizes, no stock, no drop time",
  request: { params: IdParamsSchema },
  responses: { 201: product("The copy, a draft"), 401: signedOut, ...ErrorResponses, 403: notCreator, 404: notFound },
});

export const adjustStudioStockRoute = defineRoute({
  method: "post",
  invalidates: ["catalog", "stock"],
  path: "/api/studio/products/{id}/stock",
  tags: ["Studio"],
  summary: "Adjust the stock of one size (or the product's one stock), with the reason",
  description:
    "The reason is kept in the audit log. Refused below 0 (409 STOCK_CONFLICT) and, for a numbered edition, past the numbers left (400). A save never writes stock.",
  request: { params: IdParamsSchema, body: json(StockAdjustmentSchema) },
  responses: {
    200: product("The product after the adjustment"),
    401: signedOut,
    ...ErrorResponses,
    403: notCreatorOrSuspended,
    404: notFound,
    409: { description: "STOCK_CONFLICT: the adjustment would take the stock below 0; nothing changed", content: errorContent },
  },
});
