/**
 * Orders outside the checkout form (docs/decisions/0009): statuses and their moves, payment, the
 * idempotency key, and the texts the orders pages and e-mail share. Kept apart from checkout.ts,
 * which builds the form's zod schema when loaded.
 */
/**
 * An order moves placed → paid → shipped → delivered. A placed order may be cancelled (by its
 * buyer or the shop), which voids the invoice; a paid, shipped or delivered one may be refunded by
 * the shop. Cancelling and refunding return the stock. Nothing moves backwards. docs/decisions/0009, 0019.
 */
export const ORDER_STATUSES = ["placed", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The happy path, in order (cancelled and refunded stand apart). */
export const ORDER_PROGRESS: readonly OrderStatus[] = ["placed", "paid", "shipped", "delivered"];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The statuses an order may move to from each one: the one state machine, checked on the server. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["paid", "cancelled"],
  paid: ["shipped", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/** Only a placed order (nothing paid, nothing packed) can be cancelled by the buyer. */
export function canCancel(status: OrderStatus): boolean {
  return status === "placed";
}

/** How an order is paid. Today only by invoice; a card processor would add "card". */
export const PAYMENT_METHODS = ["invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * due: awaiting payment; paid: received; void: the order was cancelled before payment; refunded:
 * paid and given back (the API's word for a paid order whose status is refunded).
 */
export const PAYMENT_STATUSES = ["due", "paid", "void", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The Idempotency-Key header of POST /api/orders: one per order attempt, kept across retries. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE =
  "Send an Idempotency-Key header (8 to 100 letters, digits, - or _), the same for every retry of one order.";

/** Texts the checkout and the orders pages show, shared with the e-mail where they overlap. */
export const ORDER_MESSAGES = {
  emptyCart: "Your cart is empty. Add something from the store before checking out.",
  outOfStock: "Some items in your cart sold out while you were checking out. Nothing was charged and no order was placed.",
  /** Every line refused is of a product taken off the site. */
  unavailable: "Some items in your cart are no longer available. Nothing was charged and no order was placed.",
  /** Some lines sold out, others are of products taken off the site. */
  unavailableOrOutOfStock: "Some items in your cart are no longer available or sold out. Nothing was charged and no order was placed.",
  notSubscribed: "Subscribe for free to shop MAYBE merchandise and story-inspired creations.",
  notCancellable: (status: OrderStatus) =>
    `This order is ${ORDER_STATUS_LABELS[status].toLowerCase()} and can no longer be cancelled.`,
  notFound: "We could not find that order.",
  /** The invoice is issued and e-mailed with the order; orders placed before invoices existed have none. */
  paymentByInvoice: (total: string, email: string, invoiceNumber: string | null) =>
    invoiceNumber
      ? `Payment is due by invoice: we have e-mailed invoice ${invoiceNumber} for ${total} to ${email}. Nothing has been charged.`
      : `Payment of ${total} is due by invoice. Nothing has been charged.`,
  /** What happens next, in order; the confirmation view and the e-mail list the same steps. */
  nextSteps: [
    "Pay the invoice we e-mailed you by its due date. It is also on your order's page, ready to print.",
    "Once it is paid, we pack your order and ship it, and tell you when it is on its way.",
    "Until then you can cancel the order from your Orders page.",
  ],
} as const;

/** What an OUT_OF_STOCK refusal says: sold out, no longer available, or both, as its lines are. */
export function shortfallMessage(shortfalls: readonly { unavailable?: boolean }[]): string {
  const gone = shortfalls.filter((s) => s.unavailable).length;
  if (gone === 0) return ORDER_MESSAGES.outOfStock;
  return gone === shortfalls.length ? ORDER_MESSAGES.unavailable : ORDER_MESSAGES.unavailableOrOutOfStock;
}

// Crockford's base32 without I, L, O and U: easy to read out on the phone.
const ORDER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new order number, e.g. MB-7K2Q9XDM (40 random bits). */
export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let id = "MB-";
  for (let i = 0; i < 8; i++) id += ORDER_ALPHABET[bytes[i]! % 32];
  return id;
}
