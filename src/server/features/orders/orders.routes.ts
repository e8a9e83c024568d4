/** Contracts of checkout and orders (docs/decisions/0009). The session decides whose orders; no URL names a user. */
import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../lib/route-policy.js";
import {
  CheckoutSchema,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../../../common/checkout.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { plainText } from "../../../common/text.js";
import { decodeDatedCursor } from "../../../common/paging.js";

export const ORDERS_LIMIT_DEFAULT = 20;
export const ORDERS_LIMIT_MAX = 100;

const ShippingSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    address_line1: z.string(),
    address_line2: z.string().openapi({ description: "Empty when not given" }),
    city: z.string(),
    state: z.string().openapi({ description: "Two-letter code", example: "NY" }),
    zip: z.string().openapi({ example: "10001" }),
    phone: z.string(),
  })
  .openapi("ShippingDetails");

export const OrderSchema = z
  .object({
    id: z.string().openapi({ description: "The order number", example: "MB-7K2Q9XDM" }),
    status: z.enum(ORDER_STATUSES).openapi({ description: "placed → paid → shipped → delivered, or cancelled" }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    items: z.array(
      z.object({
        product_id: z.string(),
        name: z.string().openapi({ description: "As it was when ordered" }),
        price_cents: z.number().int().openapi({ description: "As it was when ordered" }),
        price: z.string(),
        quantity: z.number().int(),
        line_total_cents: z.number().int(),
      }),
    ),
    item_count: z.number().int(),
    subtotal_cents: z.number().int(),
    shipping_cents: z.number().int(),
    total_cents: z.number().int(),
    shipping: ShippingSchema,
    payment: z.object({ method: z.enum(PAYMENT_METHODS), status: z.enum(PAYMENT_STATUSES) }),
    can_cancel: z.boolean().openapi({ description: "True while the order is placed (not yet paid)" }),
  })
  .openapi("Order");

const OrderSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string().openapi({ format: "date-time" }),
    item_count: z.number().int(),
    total_cents: z.number().int(),
    payment_status: z.enum(PAYMENT_STATUSES),
  })
  .openapi("OrderSummary");

const OrderPageSchema = z
  .object({
    items: z.array(OrderSummarySchema),
    next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
  })
  .openapi("OrderPage");

const orderContent = { "application/json": { schema: OrderSchema } };
const notSignedIn = { description: "Not signed in", content: errorContent };
const notFound = { description: "NOT_FOUND: no such order among the caller's own", content: errorContent };

const OrderParams = z.object({
  orderId: z
    .string()
    .min(1, "orderId is required")
    .max(40, "No such order")
    .refine(plainText, "No such order")
    .openapi({ param: { name: "orderId", in: "path" }, example: "MB-7K2Q9XDM" }),
});

export const placeOrderRoute = defineRoute({
  method: "post",
  invalidates: ["stock"],
  path: "/api/orders",
  tags: ["Orders"],
  summary: "Place an order from the cart",
  description:
    "One transaction: every line is priced from the store (the body carries only contact and shipping " +
    "details; anything else in it is ignored), each line's stock is taken with one conditional update, " +
    "the order and its lines are written with the prices of the moment, the cart is emptied and the " +
    "address saved for next time. Payment is due by invoice. A repeat with the same Idempotency-Key " +
    "answers 200 with the order the first attempt made (201). The confirmation e-mail goes out after " +
    "the commit; a mail failure never fails the order.",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string({ error: IDEMPOTENCY_KEY_MESSAGE })
        .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
        .openapi({
          description: "One per order attempt (e.g. a UUID), the same for every retry of it; header names are case-insensitive",
          example: "3f0c2a9e-6b1d-4c55-9e0f-7a1b2c3d4e5f",
        }),
    }),
    body: { required: true, content: { "application/json": { schema: CheckoutSchema } } },
  },
  responses: {
    201: { description: "Order placed", content: orderContent },
    200: { description: "This Idempotency-Key already placed this order", content: orderContent },
    401: notSignedIn,
    409: {
      description:
        "OUT_OF_STOCK: `details` lists each line the store cannot fill (product_id, name, requested, " +
        "available); nothing was charged or kept. EMPTY_CART: nothing to order.",
      content: errorContent,
    },
    ...ErrorResponses,
    403: { description: "NOT_SUBSCRIBED: subscribe (free) to shop; FORBIDDEN_ORIGIN: cross-site request", content: errorContent },
  },
});

export const listOrdersRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/orders",
  tags: ["Orders"],
  summary: "The caller's orders, newest first",
  request: {
    query: z.object({
      cursor: z
        .string()
        .optional()
        .refine((v) => !v || decodeDatedCursor(v) !== undefined, "cursor is not valid; pass the next_cursor of the previous page"),
      limit: z.coerce
        .number({ error: `limit must be a whole number from 1 to ${ORDERS_LIMIT_MAX}` })
        .int(`limit must be a whole number from 1 to ${ORDERS_LIMIT_MAX}`)
        .min(1, `limit must be a whole number from 1 to ${ORDERS_LIMIT_MAX}`)
        .max(ORDERS_LIMIT_MAX, `limit must be a whole number from 1 to ${ORDERS_LIMIT_MAX}`)
        .default(ORDERS_LIMIT_DEFAULT),
    }),
  },
  responses: {
    200: { description: "A page of orders", content: { "application/json": { schema: OrderPageSchema } } },
    401: notSignedIn,
    ...ErrorResponses,
  },
});

export const getOrderRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/orders/{orderId}",
  tags: ["Orders"],
  summary: "One of the caller's orders",
  request: { params: OrderParams },
  responses: {
    200: { description: "The order", content: orderContent },
    401: notSignedIn,
    404: notFound,
    ...ErrorResponses,
  },
});

export const cancelOrderRoute = defineRoute({
  method: "post",
  // The stock goes back.
  invalidates: ["stock"],
  path: "/api/orders/{orderId}/cancel",
  tags: ["Orders"],
  summary: "Cancel a placed order; its stock goes back to the store",
  request: { params: OrderParams },
  responses: {
    200: { description: "The cancelled order", content: orderContent },
    401: notSignedIn,
    404: notFound,
    409: { description: "NOT_CANCELLABLE: the order is no longer placed (paid, shipped, delivered or already cancelled)", content: errorContent },
    ...ErrorResponses,
  },
});

export const getAddressRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/address",
  tags: ["Orders"],
  summary: "What the checkout form starts with",
  description: "The contact and shipping details of the caller's last order; before any, the account's email and phone.",
  responses: {
    200: {
      description: "Prefill",
      content: {
        "application/json": {
          schema: z
            .object({
              saved: z.boolean().openapi({ description: "True when these are the last order's details" }),
              address: ShippingSchema,
            })
            .openapi("AddressPrefill"),
        },
      },
    },
    401: notSignedIn,
  },
});
