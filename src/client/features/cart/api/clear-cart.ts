import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";

/** DELETE /api/me/cart: empties the cart. */
export function clearCart(): Promise<Cart> {
  return api<Cart>("/api/me/cart", { method: "DELETE" });
}
