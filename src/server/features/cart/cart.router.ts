import { createRouter } from "../../lib/router.js";
import type { Context } from "hono";
import { summarizeCart } from "../../../common/cart.js";
import { DROP_REFUSALS, dropMomentText } from "../../../common/drops.js";
import type { Cart } from "../../../common/api/cart.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { requireUserId } from "../../auth/session.js";
import { addToCart, clearCart, listCartLines, mergeIntoCart, removeFromCart, setCartQuantity } from "./cart.queries.js";
import {
  addCartItemRoute,
  clearCartRoute,
  getCartRoute,
  mergeCartRoute,
  removeCartItemRoute,
  setCartQuantityRoute,
} from "./cart.routes.js";

const OUT_OF_STOCK = "Sorry, there is no more of this item in stock.";
const CHOOSE_SIZE = "Choose a size";

async function cartBody(deps: AppDeps, userId: string): Promise<Cart> {
  const items = await listCartLines(deps.database, userId);
  return { items, ...summarizeCart(items) };
}

/** Every answer is this user's cart now; never cached, since it changes with each write. */
async function cartResponse(c: Context, deps: AppDeps, userId: string) {
  return c.json(await cartBody(deps, userId), 200);
}

export function cartRouter(deps: AppDeps) {
  return createRouter()
    .openapi(getCartRoute, async (c) => cartResponse(c, deps, await requireUserId(deps.sessions, c)))
    .openapi(addCartItemRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { product_id, size } = c.req.valid("json");
      const result = await addToCart(deps.database, userId, product_id, size ?? null);
      if (result.status === "needs-size") throw new ApiError(400, "VALIDATION_FAILED", CHOOSE_SIZE, { size: CHOOSE_SIZE });
      if (result.status === "not-found") throw new ApiError(404, "NOT_FOUND", "That item could not be found.");
      if (result.status === "out-of-stock") throw new ApiError(409, "OUT_OF_STOCK", OUT_OF_STOCK);
      if (result.status === "not-open") throw new ApiError(409, "DROP_NOT_OPEN", DROP_REFUSALS.notOpen(dropMomentText(result.dropsAt)));
      if (result.status === "over-limit") throw new ApiError(409, "LIMIT_PER_BUYER", DROP_REFUSALS.overLimit(result.title, result.limit));
      return cartResponse(c, deps, userId);
    })
    .openapi(setCartQuantityRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { lineId } = c.req.valid("param");
      const { quantity } = c.req.valid("json");
      const result = await setCartQuantity(deps.database, userId, lineId, quantity);
      if (result.status === "not-in-cart") throw new ApiError(404, "NOT_FOUND", "That item is no longer in your cart.");
      if (result.status === "out-of-stock") throw new ApiError(409, "OUT_OF_STOCK", "Sorry, this item is sold out.");
      return cartResponse(c, deps, userId);
    })
    .openapi(removeCartItemRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await removeFromCart(deps.database, userId, c.req.valid("param").lineId);
      return cartResponse(c, deps, userId);
    })
    .openapi(clearCartRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await clearCart(deps.database, userId);
      return cartResponse(c, deps, userId);
    })
    .openapi(mergeCartRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      await mergeIntoCart(deps.database, userId, c.req.valid("json").items);
      return cartResponse(c, deps, userId);
    });
}
