import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { errorContent } from "../../lib/openapi.js";
import { requireUserId } from "../auth/session.js";
import { listCartLines } from "./cart.queries.js";

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

export function registerCartRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(getCartRoute, async (c) => {
    const userId = await requireUserId(deps.auth, c);
    const items = await listCartLines(deps.database, userId);
    c.header("Cache-Control", "no-store");
    return c.json(
      {
        items,
        count: items.reduce((n, i) => n + i.quantity, 0),
        subtotal_cents: items.reduce((n, i) => n + i.quantity * i.price_cents, 0),
      },
      200,
    );
  });
}
