/** Contracts of the signed-in user's cart (spec §4; DECISIONS.md 2, 9). Item-level writes, so two tabs never overwrite each other. */
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import {
  AddCartItemSchema,
  CartLineParamsSchema,
  CartSchema,
  MergeCartSchema,
  SetCartQuantitySchema,
} from "../../../common/api/cart.js";

const cartResponse = (description: string) => ({ description, content: { "application/json": { schema: CartSchema } } });
const notSignedIn = { description: "Not signed in", content: errorContent };

export const getCartRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/cart",
  tags: ["Cart"],
  summary: "The signed-in user's cart, priced from the store",
  responses: { 200: cartResponse("Cart"), 401: notSignedIn },
});

export const addCartItemRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/cart/items",
  tags: ["Cart"],
  summary: "Add one of a product (in a size, for one sold in sizes) to the cart",
  description: "An existing line gains 1; the same product in another size is another line. A product sold in sizes needs `size` (400 VALIDATION_FAILED 'Choose a size'). Never more than the product's stock, never before a scheduled drop opens (the server's clock decides), never past its limit per buyer.",
  request: {
    body: { required: true, content: { "application/json": { schema: AddCartItemSchema } } },
  },
  responses: {
    200: cartResponse("The cart after the add"),
    401: notSignedIn,
    404: { description: "No such product, or no such size of it", content: errorContent },
    409: {
      description:
        "OUT_OF_STOCK: sold out (in that size), or the cart already holds all of it; DROP_NOT_OPEN: a scheduled drop whose time has not come (the message says when); LIMIT_PER_BUYER: the cart and the buyer's orders hold the product's limit already",
      content: errorContent,
    },
    ...ErrorResponses,
  },
});

export const setCartQuantityRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/cart/items/{lineId}",
  tags: ["Cart"],
  summary: "Set a line's quantity",
  description:
    "Never below 1 (use DELETE to remove) and never above the stock: a larger quantity is capped, and the answer's line shows what was set.",
  request: {
    params: CartLineParamsSchema,
    body: { required: true, content: { "application/json": { schema: SetCartQuantitySchema } } },
  },
  responses: {
    200: cartResponse("The cart after the change"),
    401: notSignedIn,
    404: { description: "The product is not in the cart", content: errorContent },
    409: { description: "OUT_OF_STOCK: the product sold out", content: errorContent },
    ...ErrorResponses,
  },
});

export const removeCartItemRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/me/cart/items/{lineId}",
  tags: ["Cart"],
  summary: "Remove a line (removing one that is gone is harmless)",
  request: { params: CartLineParamsSchema },
  responses: { 200: cartResponse("The cart after the change"), 401: notSignedIn, ...ErrorResponses },
});

export const clearCartRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/me/cart",
  tags: ["Cart"],
  summary: "Empty the cart",
  responses: { 200: cartResponse("The empty cart"), 401: notSignedIn, ...ErrorResponses },
});

export const mergeCartRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/me/cart/merge",
  tags: ["Cart"],
  summary: "Add a visitor's cart to the account's on sign-in",
  description:
    "Quantities are summed with the account's lines and capped at stock; sold-out and unknown products are skipped (DECISIONS.md 9).",
  request: { body: { required: true, content: { "application/json": { schema: MergeCartSchema } } } },
  responses: { 200: cartResponse("The cart after the merge"), 401: notSignedIn, ...ErrorResponses },
});
