import { createRouter } from "../../lib/router.js";
import { DROP_REFUSALS, dropMomentText } from "../../../common/drops.js";
import { ORDER_MESSAGES, shortfallMessage } from "../../../common/orders.js";
import { formatCents } from "../../../common/money.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { requireUserId } from "../../auth/session.js";
import { productTag } from "../../lib/response-cache.js";
import { staleAlso } from "../../lib/route-policy.js";
import { decodeDatedCursor } from "../../../common/paging.js";
import { findInvoice } from "./invoices.queries.js";
import { enqueueOrderMail } from "./order-mails.queries.js";
import { moveOrder } from "./order-moves.service.js";
import { addressPrefill, findOrder, isSubscribed, listOrders } from "./orders.queries.js";
import { placeOrder } from "./place-order.js";
import { cancelOrderRoute, getAddressRoute, getInvoiceRoute, getOrderRoute, listOrdersRoute, placeOrderRoute } from "./orders.routes.js";

const notFound = () => new ApiError(404, "NOT_FOUND", ORDER_MESSAGES.notFound);

/** 'The price of Tee (M) changed from $30.00 to $32.00. Nothing was ordered: check your cart and place the order again.' */
function priceChangedMessage(changes: { name: string; was: number; now: number }[]): string {
  const named = changes.map((c) => `${c.name} changed from ${formatCents(c.was)} to ${formatCents(c.now)}`).join("; ");
  return `The price of ${named}. Nothing was ordered: check your cart and place the order again.`;
}

export function ordersRouter(deps: AppDeps) {
  return createRouter()
    .openapi(placeOrderRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const idempotencyKey = c.req.valid("header")["idempotency-key"];
      const details = c.req.valid("json");
      if (!(await isSubscribed(deps.database, userId))) throw new ApiError(403, "NOT_SUBSCRIBED", ORDER_MESSAGES.notSubscribed);
      const result = await placeOrder(deps.database, { userId, idempotencyKey, details, invoicing: deps.config.invoice });
      switch (result.status) {
        case "created":
          // The confirmation and the invoice were committed into the outbox with the order: send them now.
          deps.outbox.wake();
          // The reads that show what was bought go stale, and the whole store's only when a size
          // sold out (its badge changes everywhere): other products' cached lists stay.
          staleAlso(c, ...result.order.items.map((line) => productTag(line.product_id)), ...(result.soldOut ? (["stock"] as const) : []));
          for (const line of result.order.items) deps.stats.action("sale", { kind: "product", id: line.product_id }, { units: line.quantity, amountCents: line.price_cents * line.quantity });
          c.header("Location", `/api/orders/${encodeURIComponent(result.order.id)}`);
          return c.json(result.order, 201);
        case "repeated":
          return c.json(result.order, 200);
        case "empty-cart":
          throw new ApiError(409, "EMPTY_CART", ORDER_MESSAGES.emptyCart);
        case "out-of-stock":
          throw new ApiError(409, "OUT_OF_STOCK", shortfallMessage(result.shortfalls), undefined, result.shortfalls);
        case "not-open":
          throw new ApiError(409, "DROP_NOT_OPEN", `${result.title}: ${DROP_REFUSALS.notOpen(dropMomentText(result.dropsAt))}`);
        case "over-limit":
          throw new ApiError(409, "LIMIT_PER_BUYER", DROP_REFUSALS.overLimit(result.title, result.limit));
        case "price-changed":
          throw new ApiError(409, "PRICE_CHANGED", priceChangedMessage(result.changes));
      }
    })
    .openapi(listOrdersRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { cursor, limit } = c.req.valid("query");
      return c.json(await listOrders(deps.database, userId, { cursor: cursor ? decodeDatedCursor(cursor) : undefined, limit }), 200);
    })
    .openapi(getOrderRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const order = await findOrder(deps.database.db, userId, c.req.valid("param").orderId);
      if (!order) throw notFound();
      return c.json(order, 200);
    })
    .openapi(cancelOrderRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const orderId = c.req.valid("param").orderId;
      // The shop's state machine and restock, limited to the buyer's own order; the confirmation
      // e-mail (a record of it, with the void invoice) is written in the same transaction.
      const result = await moveOrder(deps.database, {
        action: "cancel",
        orderId,
        buyerId: userId,
        record: (trx) => enqueueOrderMail(trx, "order-cancelled", orderId, { by: "buyer" }),
      });
      if (!result.ok && result.reason === "not-found") throw notFound();
      if (!result.ok) throw new ApiError(409, "NOT_CANCELLABLE", ORDER_MESSAGES.notCancellable(result.current));
      deps.outbox.wake();
      const order = await findOrder(deps.database.db, userId, orderId);
      if (!order) throw notFound();
      return c.json(order, 200);
    })
    .openapi(getInvoiceRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      // Another buyer's order answers as an unknown one does: nothing tells the two apart.
      const invoice = await findInvoice(deps.database.db, c.req.valid("param").orderId, userId);
      if (!invoice) throw notFound();
      return c.json(invoice, 200);
    })
    .openapi(getAddressRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json(await addressPrefill(deps.database, userId), 200);
    });
}
