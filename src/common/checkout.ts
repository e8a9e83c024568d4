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
  prices_seen: z
    .array(z.object({ line_id: z.string().max(200), price_cents: z.number().int().min(0) }))
    .max(100)
    .optional()
    .meta({
      description:
        "The price of each cart line as the buyer saw it (CartLine.id and price_cents): a line whose price changed since is refused with 409 PRICE_CHANGED, naming it, and nothing is ordered",
    }),
});
export type CheckoutInput = z.input<typeof CheckoutSchema>;
export type CheckoutDetails = z.output<typeof CheckoutSchema>;
export const CHECKOUT_FIELDS = ["email", "name", "address_line1", "address_line2", "city", "state", "zip", "phone"] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
