/**
 * Contracts of a seller's products: a creator's in the studio (/api/studio/products) and the
 * house's own in the back office (/api/admin/products, admins). Both rooms answer the same
 * routes with the same shapes (common/api/studio-products.ts); only the path, the tag and who is
 * refused differ.
 */
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

interface ProductScope {
  base: "/api/studio/products" | "/api/admin/products";
  tags: string[];
  /** "The creator's" or "The house's". */
  whose: string;
  notFound: string;
  /** The 403 of a caller who may not use these routes, and of a write refused to a suspended seller. */
  denied: { description: string; content: typeof errorContent };
  deniedOrSuspended: { description: string; content: typeof errorContent };
}

const changed = { description: "PRODUCT_CHANGED: the product was saved since `version` was read (another tab); nothing changed", content: errorContent };
const product = (description: string) => ({ description, content: { "application/json": { schema: StudioProductSchema } } });
// A product's writes change the store's lists, its page, favorites and the creator's page.
const PRODUCT_TAGS = ["catalog", "creators"] as const;

function productRoutes(scope: ProductScope) {
  const { base, tags, denied, deniedOrSuspended } = scope;
  const notFound = { description: scope.notFound, content: errorContent };
  return {
    listProducts: defineRoute({
      method: "get",
      cache: "private",
      path: `${base}`,
      tags,
      summary: `${scope.whose} products, drafts and published, newest first`,
      responses: {
        200: { description: "The products", content: { "application/json": { schema: StudioProductListSchema } } },
        401: signedOut,
        403: denied,
      },
    }),

    createProduct: defineRoute({
      method: "post",
      invalidates: [],
      path: `${base}`,
      tags,
      summary: "Start a product, as a draft",
      description: "Nothing is public until it is published (POST …/publish). The kind follows the category: clothing is merch, the rest artifacts.",
      request: { body: json(ProductDraftSchema) },
      responses: { 201: product("The draft"), 401: signedOut, ...ErrorResponses, 403: denied },
    }),

    getProduct: defineRoute({
      method: "get",
      cache: "private",
      path: `${base}/{id}`,
      tags,
      summary: `One of ${scope.whose.toLowerCase()} products`,
      request: { params: IdParamsSchema },
      responses: { 200: product("The product"), 401: signedOut, ...ErrorResponses, 403: denied, 404: notFound },
    }),

    updateProduct: defineRoute({
      method: "put",
      invalidates: [...PRODUCT_TAGS],
      path: `${base}/{id}`,
      tags,
      summary: "Save a product; a published one changes on the site at once",
      description: "Refused to a suspended creator when the product is published. A drop time of a published product must still be to come.",
      request: { params: IdParamsSchema, body: json(ProductUpdateSchema) },
      responses: { 200: product("The product after the save"), 401: signedOut, ...ErrorResponses, 403: deniedOrSuspended, 404: notFound, 409: changed },
    }),

    publishProduct: defineRoute({
      method: "post",
      invalidates: [...PRODUCT_TAGS],
      path: `${base}/{id}/publish`,
      tags,
      summary: "Publish: on sale now, or shown with its drop time until it opens",
      request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
      responses: { 200: product("The published product"), 401: signedOut, ...ErrorResponses, 403: deniedOrSuspended, 404: notFound, 409: changed },
    }),

    unpublishProduct: defineRoute({
      method: "post",
      invalidates: [...PRODUCT_TAGS],
      path: `${base}/{id}/unpublish`,
      tags,
      summary: "Take a product off the site, back to a draft (orders keep it; carts say it is no longer available); restores an archived one",
      request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
      responses: { 200: product("The draft"), 401: signedOut, ...ErrorResponses, 403: denied, 404: notFound, 409: changed },
    }),

    archiveProduct: defineRoute({
      method: "post",
      invalidates: [...PRODUCT_TAGS],
      path: `${base}/{id}/archive`,
      tags,
      summary: "Archive: the product leaves the store for good; favorites and carts say it is no longer available, orders keep it",
      description: "Unpublishing an archived product restores it as a draft.",
      request: { params: IdParamsSchema, body: json(ProductVersionSchema) },
      responses: { 200: product("The archived product"), 401: signedOut, ...ErrorResponses, 403: denied, 404: notFound, 409: changed },
    }),

    duplicateProduct: defineRoute({
      method: "post",
      invalidates: [],
      path: `${base}/{id}/duplicate`,
      tags,
      summary: "Start a new draft from a product: the same form and sizes, no stock, no drop time",
      request: { params: IdParamsSchema },
      responses: { 201: product("The copy, a draft"), 401: signedOut, ...ErrorResponses, 403: denied, 404: notFound },
    }),

    adjustStock: defineRoute({
      method: "post",
      invalidates: ["catalog", "stock"],
      path: `${base}/{id}/stock`,
      tags,
      summary: "Adjust the stock of one size (or the product's one stock), with the reason",
      description:
        "The reason is kept in the audit log. Refused below 0 (409 STOCK_CONFLICT) and, for a numbered edition, past the numbers left (400). A save never writes stock.",
      request: { params: IdParamsSchema, body: json(StockAdjustmentSchema) },
      responses: {
        200: product("The product after the adjustment"),
        401: signedOut,
        ...ErrorResponses,
        403: deniedOrSuspended,
        404: notFound,
        409: { description: "STOCK_CONFLICT: the adjustment would take the stock below 0; nothing changed", content: errorContent },
      },
    }),
  };
}

export const studioProductRoutes = productRoutes({
  base: "/api/studio/products",
  tags: ["Studio"],
  whose: "The creator's",
  notFound: "The creator has no product with this id (another creator's is not found either)",
  denied: notCreator,
  deniedOrSuspended: notCreatorOrSuspended,
});

// As the back office's contracts say it (features/admin/contract.ts notStaff).
const admins = { description: "NOT_STAFF: admins only; FORBIDDEN_ORIGIN: a write from another site", content: errorContent };
export const adminProductRoutes = productRoutes({
  base: "/api/admin/products",
  tags: ["Back office"],
  whose: "The house's",
  notFound: "The house has no product with this id (a creator's is managed in their studio; curators hide it)",
  denied: admins,
  deniedOrSuspended: admins,
});

export type ProductRoutes = typeof studioProductRoutes;
