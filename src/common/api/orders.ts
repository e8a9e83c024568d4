/** Checkout and orders (docs/decisions/0009): the session decides whose orders; no URL names a user. */
import { z } from "zod";
import { CARRIER_IDS } from "../fulfilment.js";
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_PATTERN, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from "../orders.js";
import { plainText } from "../text.js";
import { SIZES } from "../sizes.js";
import { DatedCursorParam, limitParam, pageSchema } from "./paging.js";

export const ORDERS_LIMIT_DEFAULT = 20;
export const ORDERS_LIMIT_MAX = 100;

/** The contact and shipping details of an order, as the checkout form sends them. */
export const ShippingDetailsSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    address_line1: z.string(),
    address_line2: z.string().meta({ description: "Empty when not given" }),
    city: z.string(),
    state: z.string().meta({ description: "Two-letter code", example: "NY" }),
    zip: z.string().meta({ example: "10001" }),
    phone: z.string(),
  })
  .meta({ id: "ShippingDetails" });
export type ShippingDetails = z.infer<typeof ShippingDetailsSchema>;

/** An order line: name and price as they were when the order was placed. */
/** The edition numbers a line of a numbered edition got: first … last of `of` (7/25). */
export const EditionNumbersSchema = z
  .object({ first: z.number().int().positive(), last: z.number().int().positive(), of: z.number().int().positive() })
  .meta({ id: "EditionNumbers" });

export const OrderLineSchema = z.object({
  product_id: z.string(),
  variant_id: z.string().meta({ description: "The size sold (or the product's id, for goods without sizes)" }),
  size: z.union([z.enum(SIZES), z.null()]).meta({ description: "The size as sold; null for goods without sizes" }),
  edition: z.union([EditionNumbersSchema, z.null()]).meta({
    description: "The edition numbers this line's units got (a numbered edition); null otherwise",
  }),
  name: z.string().meta({ description: "As it was when ordered" }),
  price_cents: z.number().int().meta({ description: "As it was when ordered" }),
  price: z.string(),
  quantity: z.number().int(),
  line_total_cents: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** Where a shipped parcel is: the carrier and its tracking page. */
export const TrackingSchema = z
  .object({
    carrier: z.enum(CARRIER_IDS),
    carrier_label: z.string().meta({ example: "UPS" }),
    number: z.string().meta({ example: "1Z999AA10123456784" }),
    url: z.string().meta({ description: "The carrier's tracking page for this parcel", format: "uri" }),
  })
  .meta({ id: "Tracking" });
export type Tracking = z.infer<typeof TrackingSchema>;

const when = (description: string) => z.string().nullable().meta({ format: "date-time", description });

/** When each step of an order happened; null until it has. */
export const OrderStepTimesSchema = z.object({
  paid_at: when("When the payment was recorded"),
  shipped_at: when("When the parcel left"),
  delivered_at: when("When it was delivered"),
  closed_at: when("When it was cancelled or refunded"),
});

const trackingField = z
  .union([TrackingSchema, z.null()])
  .meta({ description: "Set once the order is shipped (kept if it is refunded later); null before" });

/** GET /api/orders/{id}, and the answer to placing or cancelling one. */
export const OrderSchema = z
  .object({
    id: z.string().meta({ description: "The order number", example: "MB-7K2Q9XDM" }),
    status: z
      .enum(ORDER_STATUSES)
      .meta({ description: "placed → paid → shipped → delivered; cancelled (from placed) or refunded (from paid, shipped or delivered)" }),
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
    ...OrderStepTimesSchema.shape,
    tracking: trackingField,
    items: z.array(OrderLineSchema),
    item_count: z.number().int(),
    subtotal_cents: z.number().int(),
    shipping_cents: z.number().int(),
    total_cents: z.number().int(),
    shipping: ShippingDetailsSchema,
    payment: z.object({
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(PAYMENT_STATUSES).meta({ description: "due, paid, void (cancelled before payment) or refunded" }),
    }),
    invoice_number: z.string().nullable().meta({
      description: "Its invoice (GET /api/orders/{orderId}/invoice), issued with the order; null for orders placed before invoices were",
      example: "INV-2026-000123",
    }),
    can_cancel: z.boolean().meta({ description: "True while the order is placed (not yet paid)" }),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof OrderSchema>;

/** A row of GET /api/orders. */
export const OrderSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string().meta({ format: "date-time" }),
    item_count: z.number().int(),
    total_cents: z.number().int(),
    payment_status: z.enum(PAYMENT_STATUSES),
    ...OrderStepTimesSchema.shape,
    tracking: trackingField,
  })
  .meta({ id: "OrderSummary" });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderPageSchema = pageSchema(OrderSummarySchema).meta({ id: "OrderPage" });
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** GET /api/me/address: what the checkout form starts with. */
export const AddressPrefillSchema = z
  .object({
    saved: z.boolean().meta({ description: "True when these are the last order's details" }),
    address: ShippingDetailsSchema,
  })
  .meta({ id: "AddressPrefill" });
export type AddressPrefill = z.infer<typeof AddressPrefillSchema>;

// ------------------------------------------------------------------------------ request params

export const OrderParamsSchema = z.object({
  orderId: z
    .string()
    .min(1, "orderId is required")
    .max(40, "No such order")
    .refine(plainText, "No such order")
    .meta({ param: { name: "orderId", in: "path" }, example: "MB-7K2Q9XDM" }),
});

export const PlaceOrderHeadersSchema = z.object({
  "idempotency-key": z
    .string({ error: IDEMPOTENCY_KEY_MESSAGE })
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .meta({
      description: "One per order attempt (e.g. a UUID), the same for every retry of it; header names are case-insensitive",
      example: "3f0c2a9e-6b1d-4c55-9e0f-7a1b2c3d4e5f",
    }),
});

export const OrderListQuerySchema = z.object({
  cursor: DatedCursorParam,
  limit: limitParam(ORDERS_LIMIT_MAX, ORDERS_LIMIT_DEFAULT),
});
