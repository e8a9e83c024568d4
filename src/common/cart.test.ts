import { describe, expect, it } from "vitest";
import { summarizeCart } from "./cart.js";
import { formatCents } from "./money.js";

describe("summarizeCart", () => {
  it("adds flat shipping to the subtotal, in cents", () => {
    const summary = summarizeCart([
      { price_cents: 2800, quantity: 2 },
      { price_cents: 1999, quantity: 1 },
    ]);
    expect(summary).toEqual({ count: 3, subtotal_cents: 7599, shipping_cents: 599, total_cents: 8198 });
    expect(formatCents(summary.total_cents)).toBe("$81.98");
  });

  it("has no float drift where dollars would (0.1 + 0.2)", () => {
    const summary = summarizeCart([
      { price_cents: 10, quantity: 1 },
      { price_cents: 20, quantity: 1 },
    ]);
    expect(summary.subtotal_cents).toBe(30);
    expect(formatCents(summary.total_cents)).toBe("$6.29");
  });

  it("counts nothing of a line no longer available (it stays in the cart, but cannot be bought)", () => {
    const summary = summarizeCart([
      { price_cents: 2800, quantity: 2, available: false },
      { price_cents: 1999, quantity: 1, available: true },
    ]);
    expect(summary).toEqual({ count: 1, subtotal_cents: 1999, shipping_cents: 599, total_cents: 2598 });
    expect(summarizeCart([{ price_cents: 2800, quantity: 2, available: false }])).toEqual({ count: 0, subtotal_cents: 0, shipping_cents: 0, total_cents: 0 });
  });

  it("charges no shipping for an empty cart", () => {
    expect(summarizeCart([])).toEqual({ count: 0, subtotal_cents: 0, shipping_cents: 0, total_cents: 0 });
  });
});
