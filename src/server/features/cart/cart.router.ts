import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { errorContent } from "../../lib/openapi.js";
import { requireUserId } from "../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { ErrorResponses } from "../../lib/openapi.js";
import { addToCart, listCartLines } from "./cart.queries.js";

const CartSchema = z
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
  })
  .openapi("Cart");

export const getCartRoute = createRoute({
  method: "get",
  path: "/api/cart",
  tags: ["Cart"],
  summary: "The signed-in user's cart, priced from the store",
  responses: {
    200: { description: "Cart", content: { "application/json": { schema: CartSchema } } },
    401: { description: "Not signed in", content: errorContent },
  },
});

export const addCartItemRoute = createRoute({
  method: "post",
  path: "/api/cart/items",
  tags: ["Cart"],
  summary: "Add one of a product to the cart",
  description: "An existing line gains 1. Never more than the product's stock.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ product_id: z.string({ error: "Choose a product" }).min(1, "Choose a product").max(200) }),
        },
      },
    },
  },
  responses: {
    200: { description: "The cart after the add", content: { "application/json": { schema: CartSchema } } },
    401: { description: "Not signed in", content: errorContent },
    404: { description: "No such product", content: errorContent },
    409: { description: "OUT_OF_STOCK: sold out, or the cart already holds all of it", content: errorContent },
    ...ErrorResponses,
  },
});

async function cartBody(deps: AppDeps, userId: string) {
  const items = await listCartLines(deps.database, userId);
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    subtotal_cents: items.reduce((n, i) => n + i.quantity * i.price_cents, 0),
  };
}

export function registerCartRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(getCartRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await cartBody(deps, userId), 200);
  });

  app.openapi(addCartItemRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    const { product_id } = c.req.valid("json");
    const result = await addToCart(deps.database, userId, product_id);
    if (result === "not-found") throw new ApiError(404, "NOT_FOUND", "That item could not be found.");
    if (result === "out-of-stock") {
      throw new ApiError(409, "OUT_OF_STOCK", "Sorry, there is no more of this item in stock.");
    }
    return c.json(await cartBody(deps, userId), 200);
  });
}
