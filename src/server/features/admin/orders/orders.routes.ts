/**
 * Contracts of the back office's orders (docs/decisions/0019); their shapes are in
 * common/api/admin-orders.ts. Admins only: the gate answers before any input is read.
 */
import {
  AdminOrderListQuerySchema,
  AdminOrderPageSchema,
  AdminOrderSchema,
  OrderNoteSchema,
  ShipOrderSchema,
} from "../../../../common/api/admin-orders.js";
import { OrderParamsSchema } from "../../../../common/api/orders.js";
import { ErrorResponses, errorContent } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { json, signedOut, TAGS } from "../contract.js";

const notAdmin = { description: "NOT_STAFF: the signed-in user is not an admin; FORBIDDEN_ORIGIN: a write from another site", content: errorContent };
const notFound = { description: "NOT_FOUND: no order with this number", content: errorContent };
const conflict = {
  description:
    "ORDER_CONFLICT: the move is not allowed from the order's status (it never was, or another admin moved the order " +
    "first); the message names the status. Nothing changed.",
  content: errorContent,
};
const moved = (description: string) => ({ description, content: { "application/json": { schema: AdminOrderSchema } } });

export const listAdminOrdersRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/orders",
  tags: TAGS,
  summary: "Every buyer's orders, newest first, by status and search",
  request: { query: AdminOrderListQuerySchema },
  responses: {
    200: { description: "A page of orders", content: { "application/json": { schema: AdminOrderPageSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notAdmin,
  },
});

export const getAdminOrderRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/orders/{orderId}",
  tags: TAGS,
  summary: "One order: lines, totals, address, payment, fulfilment, the moves it allows and its history",
  request: { params: OrderParamsSchema },
  responses: {
    200: moved("The order"),
    401: signedOut,
    ...ErrorResponses,
    403: notAdmin,
    404: notFound,
  },
});

/** The responses every move gives. */
const moveResponses = (done: string) => ({
  200: moved(done),
  401: signedOut,
  ...ErrorResponses,
  403: notAdmin,
  404: notFound,
  409: conflict,
});

export const payOrderRoute = defineRoute({
  method: "post",
  // Nothing cached shows an order or its payment (orders are private, never cached).
  invalidates: [],
  path: "/api/admin/orders/{orderId}/pay",
  tags: TAGS,
  summary: "Mark a placed order paid (its invoice was paid)",
  request: { params: OrderParamsSchema },
  responses: moveResponses("The paid order"),
});

export const shipOrderRoute = defineRoute({
  method: "post",
  // Shipping changes no stock (it was taken at checkout) and nothing cached shows an order.
  invalidates: [],
  path: "/api/admin/orders/{orderId}/ship",
  tags: TAGS,
  summary: "Ship a paid order with a carrier and tracking number; the buyer is e-mailed the tracking link",
  request: { params: OrderParamsSchema, body: json(ShipOrderSchema, true) },
  responses: moveResponses("The shipped order"),
});

export const deliverOrderRoute = defineRoute({
  method: "post",
  // Nothing cached shows an order.
  invalidates: [],
  path: "/api/admin/orders/{orderId}/deliver",
  tags: TAGS,
  summary: "Mark a shipped order delivered",
  request: { params: OrderParamsSchema },
  responses: moveResponses("The delivered order"),
});

export const cancelAdminOrderRoute = defineRoute({
  method: "post",
  // Every line's quantity goes back to the store.
  invalidates: ["stock"],
  path: "/api/admin/orders/{orderId}/cancel",
  tags: TAGS,
  summary: "Cancel a placed order: the invoice is void, the stock goes back, the buyer is e-mailed",
  request: { params: OrderParamsSchema, body: json(OrderNoteSchema, false) },
  responses: moveResponses("The cancelled order"),
});

export const refundOrderRoute = defineRoute({
  method: "post",
  // Every line's quantity goes back to the store.
  invalidates: ["stock"],
  path: "/api/admin/orders/{orderId}/refund",
  tags: TAGS,
  summary: "Refund a paid, shipped or delivered order: the stock goes back, the buyer is e-mailed",
  request: { params: OrderParamsSchema, body: json(OrderNoteSchema, false) },
  responses: moveResponses("The refunded order"),
});
