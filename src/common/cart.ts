/** Cart arithmetic shared by the server's answers and the visitor's local cart (spec §4, §9). */
import { SHIPPING_CENTS } from "./money.js";

/** Spec §4: quantities never go below 1. */
export const MIN_QUANTITY = 1;
/** Upper bound on a single line's quantity, far above any stock; keeps input sane. */
export const MAX_QUANTITY = 999;
/** Most lines a cart (or a merge request) may carry. */
export const MAX_CART_LINES = 100;

export interface CartSummary {
  /** Sum of quantities. */
  count: number;
  subtotal_cents: number;
  /** Flat shipping (spec §9), charged only when there is something to ship. */
  shipping_cents: number;
  total_cents: number;
}

/**
 * Totals in integer cents: subtotal + shipping = total (spec §4). A line of a product no longer on
 * sale (`available: false`) stays in the cart but counts for nothing: it cannot be bought.
 */
export function summarizeCart(lines: readonly { price_cents: number; quantity: number; available?: boolean }[]): CartSummary {
  let count = 0;
  let subtotal = 0;
  for (const line of lines) {
    if (line.available === false) continue;
    count += line.quantity;
    subtotal += line.price_cents * line.quantity;
  }
  const shipping = count > 0 ? SHIPPING_CENTS : 0;
  return { count, subtotal_cents: subtotal, shipping_cents: shipping, total_cents: subtotal + shipping };
}
