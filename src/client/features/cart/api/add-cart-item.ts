import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";
import type { Size } from "../../../../common/sizes";

/**
 * POST /api/me/cart/items: one more of a product, in a size for one sold in sizes (capped at its stock). 409 OUT_OF_STOCK when it
 * is sold out or the cart already holds all of it; 401 when signed out.
 */
export function addCartItem(productId: string, size: Size | null): Promise<Cart> {
  return api<Cart>("/api/me/cart/items", { method: "POST", body: size ? { product_id: productId, size } : { product_id: productId } });
}
