import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";

/**
 * POST /api/me/cart/items: one more of a product (capped at its stock). 409 OUT_OF_STOCK when it
 * is sold out or the cart already holds all of it; 401 when signed out.
 */
export function addCartItem(productId: string): Promise<Cart> {
  return api<Cart>("/api/me/cart/items", { method: "POST", body: { product_id: productId } });
}
