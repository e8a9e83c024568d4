import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api-types";

/** DELETE /api/me/cart: empties the cart. */
export function clearCart(): Promise<Cart> {
  return api<Cart>("/api/me/cart", { method: "DELETE" });
}
