/** Contracts of the signed-in user's cart (spec §4; DECISIONS.md 2, 9). Item-level writes, so two tabs never overwrite each other. */
import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../../../common/cart.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";

const ProductId = z
  .string({ error: "Choose a product" })
  .min(1, "Choose a product")
  .max(200, "Choose a product")
  .refine(plainText, "Choose a product");

const Quantity = z
  .number({ error: "Quantity must be a whole number" })
  .int("Quantity must be a whole number")
  .min(MIN_QUANTITY, `Quantity must be at least ${MIN_QUANTITY}`)
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

export const CartSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        category: z.string(),
        price_cents: z.number().int(),
        price: z.string(),
        quantity: z.number().int(),
        stock: z.number().int(),
        image_url: z.string().nullable(),
      }),
    ),
    count: z.number().int().openapi({ description: "Sum of quantities" }),
    subtotal_cents: z.number().int(),
    shipping_cents: z.number().int().openapi({ description: "Flat $5.99 when the cart holds anything, else 0" }),
    total_cents: z.number().int().openapi({ description: "subtotal_cents + shipping_cents" }),
  })
  .openapi("Cart");

const cartResponse = (description: string) => ({ description, content: { "application/json": { schema: CartSchema } } });
const notSignedIn = { description: "Not signed in", content: errorContent };
const LineParams = z.object({ productId: ProductId });

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
  summary: "Add one of a product to the cart",
  description: "An existing line gains 1. Never more than the product's stock.",
  request: {
    body: { required: true, content: { "application/json": { schema: z.object({ product_id: ProductId }) } } },
  },
  responses: {
    200: cartResponse("The cart after the add"),
    401: notSignedIn,
    404: { description: "No such product", content: errorContent },
    409: { description: "OUT_OF_STOCK: sold out, or the cart already holds all of it", content: errorContent },
    ...ErrorResponses,
  },
});

export const setCartQuantityRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/cart/items/{productId}",
  tags: ["Cart"],
  summary: "Set a line's quantity",
  description:
    "Never below 1 (use DELETE to remove) and never above the stock: a larger quantity is capped, and the answer's line shows what was set.",
  request: {
    params: LineParams,
    body: { required: true, content: { "application/json": { schema: z.object({ quantity: Quantity }) } } },
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
  path: "/api/me/cart/items/{productId}",
  tags: ["Cart"],
  summary: "Remove a line (removing one that is gone is harmless)",
  request: { params: LineParams },
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
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            items: z
              .array(z.object({ product_id: ProductId, quantity: Quantity }))
              .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`),
          }),
        },
      },
    },
  },
  responses: { 200: cartResponse("The cart after the merge"), 401: notSignedIn, ...ErrorResponses },
});
