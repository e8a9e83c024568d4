/** What the cart says, in one place: the panel and the dialog show a line's state in the same words. */
export const CART_MESSAGES = {
  saveFailed: "Your cart could not be saved. Please try again.",
  removed: (name: string) => `${name} removed from your cart.`,
  quantity: (name: string, n: number) => `${name}: quantity ${n}.`,
  capped: (name: string, n: number) => `Only ${n} of ${name} left in stock: quantity set to ${n}.`,
  /** A line whose product was taken off the site after it was added (the API's `available: false`). */
  unavailable: "No longer available",
  unavailableHint: "Remove it to check out.",
  soldOut: "Sold out",
} as const;
