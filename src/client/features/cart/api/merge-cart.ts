import { api } from "../../../lib/api";
import type { Cart } from "../../../../common/api/cart";
import type { LocalCartItem } from "../lib/local-cart";

/** POST /api/me/cart/merge: a visitor's lines join the account's, summed and capped at stock. */
export function mergeCart(lines: readonly LocalCartItem[]): Promise<Cart> {
  return api<Cart>("/api/me/cart/merge", {
    method: "POST",
    body: { items: lines.map((line) => ({ product_id: line.product_id ?? line.id, ...(line.size ? { size: line.size } : {}), quantity: line.quantity })) },
  });
}
