import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";

/** DELETE /api/me/cart/items/{id}: removes a line (a line already gone is fine). */
export function removeCartItem(lineId: string): Promise<Cart> {
  return api<Cart>(`/api/me/cart/items/${encodeURIComponent(lineId)}`, { method: "DELETE" });
}
