/** Contracts of the back office's inventory; their shapes are in common/api/admin.ts. docs/decisions/0019. */
import {
  InventoryItemSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  ProductParamsSchema,
  StockAdjustmentSchema,
} from "../../../../common/api/admin.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, notStaff, ok, signedOut, TAGS } from "../contract.js";

const admins = notStaff("admins");

export const listInventoryRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/inventory",
  tags: TAGS,
  summary: "Every product with its stock, newest first; search by title, or only those low in stock",
  description: "Admins. Hidden products are listed too, flagged `hidden`.",
  request: { query: InventoryQuerySchema },
  responses: {
    200: ok("A page of products", InventoryPageSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
  },
});

export const adjustStockRoute = defineRoute({
  method: "post",
  // The store's lists, the product modal and the creators' pages show stock.
  invalidates: ["stock"],
  path: "/api/admin/inventory/{productId}/adjust",
  tags: TAGS,
  summary: "Add to or take from a product's stock, with a reason",
  description:
    "Admins. One conditional update (stock + delta, only when the result is not below 0) and its audit entry " +
    "(product.stock, the stock before and after, the reason as its note) in one transaction. Products have one " +
    "stock each; sizes come later.",
  request: { params: ProductParamsSchema, body: json(StockAdjustmentSchema) },
  responses: {
    200: ok("The product after the change", InventoryItemSchema),
    401: signedOut,
    ...ErrorResponses,
    403: admins,
    404: { description: "NOT_FOUND: no such product", content: errorContent },
    409: {
      description:
        "STOCK_CONFLICT: the change would take the stock below 0; `details` has the product and its current stock " +
        "(`available`). Nothing changed.",
      content: errorContent,
    },
  },
});
