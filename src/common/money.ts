/** Money is integer cents everywhere; this is the one place it becomes text. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Flat shipping of spec §9 ($5.99). */
export const SHIPPING_CENTS = 599;
