/**
 * Checkout and orders (docs/decisions/0009): the contact and shipping form, shared by the
 * checkout panel and POST /api/orders so both give the same messages; order and payment statuses.
 */
import { z } from "zod";
import { EMAIL_PATTERN, PHONE_PATTERN } from "./auth-schemas.js";
import { hasControlCharacters } from "./text.js";
import { findState } from "./us-states.js";

/** A US ZIP code: 5 digits, or ZIP+4 (12345-6789). */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export const CHECKOUT_LIMITS = { email: 254, name: 100, line: 200, city: 100, phone: 30 } as const;

/** Reports "required" for missing, non-string and blank values alike; trims. */
function requiredText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !hasControlCharacters(v), "Use letters, digits and punctuation only");
}

export const CHECKOUT_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${CHECKOUT_LIMITS.name} characters`,
  line1Required: "Address is required",
  lineTooLong: `Address lines must be at most ${CHECKOUT_LIMITS.line} characters`,
  cityRequired: "City is required",
  cityTooLong: `City must be at most ${CHECKOUT_LIMITS.city} characters`,
  stateRequired: "State is required",
  stateInvalid: "Choose a state from the list",
  zipRequired: "ZIP code is required",
  zipInvalid: "ZIP code must be 5 digits or ZIP+4 (12345-6789)",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number is invalid",
} as const;

const M = CHECKOUT_MESSAGES;

/**
 * The checkout form: contact email, shipping name and address, phone. Nothing else: prices,
 * totals, the user and the status come from the server, so a body that carries them is not
 * believed (unknown keys are dropped).
 */
export const CheckoutSchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(CHECKOUT_LIMITS.email, M.emailInvalid)
    .regex(EMAIL_PATTERN, M.emailInvalid)
    .transform((v) => v.toLowerCase()),
  name: requiredText(M.nameRequired, M.nameTooLong, CHECKOUT_LIMITS.name),
  address_line1: requiredText(M.line1Required, M.lineTooLong, CHECKOUT_LIMITS.line),
  address_line2: z
    .string({ error: "Address line 2 must be text" })
    .trim()
    .max(CHECKOUT_LIMITS.line, M.lineTooLong)
    .refine((v) => !hasControlCharacters(v), "Use letters, digits and punctuation only")
    .optional()
    .default(""),
  city: requiredText(M.cityRequired, M.cityTooLong, CHECKOUT_LIMITS.city),
  state: z
    .string({ error: M.stateRequired })
    .trim()
    .min(1, M.stateRequired)
    .refine((v) => findState(v) !== undefined, M.stateInvalid),
  zip: z.string({ error: M.zipRequired }).trim().min(1, M.zipRequired).regex(ZIP_PATTERN, M.zipInvalid),
  phone: z
    .string({ error: M.phoneRequired })
    .trim()
    .min(1, M.phoneRequired)
    .max(CHECKOUT_LIMITS.phone, M.phoneInvalid)
    .regex(PHONE_PATTERN, M.phoneInvalid),
});
export type CheckoutInput = z.input<typeof CheckoutSchema>;
export type CheckoutDetails = z.output<typeof CheckoutSchema>;
export const CHECKOUT_FIELDS = ["email", "name", "address_line1", "address_line2", "city", "state", "zip", "phone"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/**
 * An order moves placed → paid → shipped → delivered; a placed order may be cancelled by its
 * buyer, which returns its stock. Nothing moves backwards.
 */
export const ORDER_STATUSES = ["placed", "paid", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The happy path, in order (cancelled stands apart). */
export const ORDER_PROGRESS: readonly OrderStatus[] = ["placed", "paid", "shipped", "delivered"];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The statuses an order may move to from each one. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["paid", "cancelled"],
  paid: ["shipped"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

/** Only a placed order (nothing paid, nothing packed) can be cancelled by the buyer. */
export function canCancel(status: OrderStatus): boolean {
  return status === "placed";
}

/** How an order is paid. Today only by invoice; a card processor would add "card". */
export const PAYMENT_METHODS = ["invoice"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** due: awaiting payment; paid: received; void: the order was cancelled before payment. */
export const PAYMENT_STATUSES = ["due", "paid", "void"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The Idempotency-Key header of POST /api/orders: one per order attempt, kept across retries. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE =
  "Send an Idempotency-Key header (8 to 100 letters, digits, - or _), the same for every retry of one order.";

/** Texts the checkout and the orders pages show, shared with the e-mail where they overlap. */
export const ORDER_MESSAGES = {
  emptyCart: "Your cart is empty. Add something from the store before checking out.",
  outOfStock: "Some items in your cart sold out while you were checking out. Nothing was charged and no order was placed.",
  notSubscribed: "Subscribe for free to shop MAYBE merchandise and story-inspired creations.",
  notCancellable: (status: OrderStatus) =>
    `This order is ${ORDER_STATUS_LABELS[status].toLowerCase()} and can no longer be cancelled.`,
  notFound: "We could not find that order.",
  paymentByInvoice: (total: string, email: string) =>
    `Payment is due by invoice: we will e-mail an invoice for ${total} to ${email}. Nothing has been charged.`,
  /** What happens next, in order; the confirmation view and the e-mail list the same steps. */
  nextSteps: [
    "We e-mail you an invoice within one business day.",
    "Once it is paid, we pack your order and ship it, and tell you when it is on its way.",
    "Until then you can cancel the order from your Orders page.",
  ],
} as const;
