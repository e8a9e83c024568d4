/** Contracts of checkout and orders (docs/decisions/0009); their shapes are in common/api/orders.ts. */
import { defineRoute } from "../../lib/route-policy.js";
import { CheckoutSchema } from "../../../common/checkout.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { InvoiceSchema } from "../../../common/api/invoices.js";
import {
  AddressPrefillSchema,
  OrderListQuerySchema,
  OrderPageSchema,
  OrderParamsSchema,
  OrderSchema,
  PlaceOrderHeadersSchema,
} from "../../../common/api/orders.js";

const orderContent = { "application/json": { schema: OrderSchema } };
const notSignedIn = { description: "Not signed in", content: errorContent };
const notFound = { description: "NOT_FOUND: no such order among the caller's own", content: errorContent };

export const placeOrderRoute = defineRoute({
  method: "post",
  // What it makes stale depends on the order (the handler names it): the cached reads that show
  // the products it bought, and every read of stock when a size sold out (docs/decisions/0036).
  invalidates: [],
  path: "/api/orders",
  tags: ["Orders"],
  summary: "Place an order from the cart",
  description:
    "One transaction: every line is priced from the store (the body carries only contact and shipping " +
    "details; anything else in it is ignored), each line's stock is taken with one conditional update, " +
    "the order and its lines are written with the prices of the moment, the cart is emptied and the " +
    "address saved for next time. Payment is due by invoice: the order's invoice is issued in the same " +
    "transaction (`invoice_number`, the next INV-<year>-<six digits>, gapless within a year). A repeat " +
    "with the same Idempotency-Key answers 200 with the order the first attempt made (201). The " +
    "confirmation and the invoice e-mails are written to the outbox with the order and sent after the " +
    "commit; a mail failure never fails the order.",
  request: {
    headers: PlaceOrderHeadersSchema,
    body: { required: true, content: { "application/json": { schema: CheckoutSchema } } },
  },
  responses: {
    201: { description: "Order placed", content: orderContent },
    200: { description: "This Idempotency-Key already placed this order", content: orderContent },
    401: notSignedIn,
    409: {
      description:
        "OUT_OF_STOCK: `details` lists each line the store cannot fill (product_id, name, requested, " +
        "available); nothing was charged or kept. EMPTY_CART: nothing to order. DROP_NOT_OPEN: a line of a scheduled drop " +
        "whose time has not come. LIMIT_PER_BUYER: a line would take the buyer past the product's limit per person, " +
        "counting their orders that were not cancelled. PRICE_CHANGED: a line's price is not the one in `prices_seen` " +
        "(the seller changed it); the message names each, and nothing was ordered.",
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
  request: { query: OrderListQuerySchema },
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
  request: { params: OrderParamsSchema },
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
  summary: "Cancel a placed order; its stock goes back to the store, its invoice is void, the buyer is e-mailed",
  request: { params: OrderParamsSchema },
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
      content: { "application/json": { schema: AddressPrefillSchema } },
    },
    401: notSignedIn,
  },
});

export const getInvoiceRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/orders/{orderId}/invoice",
  tags: ["Orders"],
  summary: "The invoice of one of the caller's orders",
  description:
    "The seller and payment instructions as they were when the invoice was issued; the buyer, lines and " +
    "totals are the order's; `status` follows the order's payment. The printable page /orders/{orderId}/invoice " +
    "shows it.",
  request: { params: OrderParamsSchema },
  responses: {
    200: { description: "The invoice", content: { "application/json": { schema: InvoiceSchema } } },
    401: notSignedIn,
    404: {
      description: "NOT_FOUND: no such order among the caller's own, or an order placed before invoices were issued",
      content: errorContent,
    },
    ...ErrorResponses,
  },
});
