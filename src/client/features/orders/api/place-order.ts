import type { Order } from "../../../../common/api/orders";
import type { CheckoutDetails } from "../../../../common/checkout";
import { api } from "../../../lib/api";

/**
 * POST /api/orders: the cart becomes an order. `idempotencyKey` names this attempt: sent again
 * (a retry after a lost answer), it returns the same order instead of a second one. 409
 * OUT_OF_STOCK carries the lines the store cannot fill in `details`; 409 EMPTY_CART; 409
 * PRICE_CHANGED names a line whose price is not the one in `prices_seen`.
 */
export function placeOrder(details: CheckoutDetails, idempotencyKey: string): Promise<Order> {
  return api<Order>("/api/orders", { method: "POST", body: details, headers: { "Idempotency-Key": idempotencyKey } });
}

/** A fresh key for one order attempt (works on plain http too, unlike crypto.randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
