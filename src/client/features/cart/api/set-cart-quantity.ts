import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";

/**
 * PUT /api/me/cart/items/{id}: sets a line's quantity (at least 1). The server caps it at the
 * stock; the answer's line shows what was set. 404 when the line is gone, 409 when sold out.
 */
export function setCartQuantity(lineId: string, quantity: number): Promise<Cart> {
  return api<Cart>(`/api/me/cart/items/${encodeURIComponent(lineId)}`, { method: "PUT", body: { quantity } });
}
