/** The back office's orders: list, detail, and the moves of the one state machine (docs/decisions/0019). */
import type { Context } from "hono";
import type { AdminOrder } from "../../../../common/api/admin-orders.js";
import { FULFILMENT_MESSAGES } from "../../../../common/fulfilment.js";
import { ORDER_MESSAGES } from "../../../../common/orders.js";
import { decodeDatedCursor } from "../../../../common/paging.js";
import type { AppDeps } from "../../../app-deps.js";
import { ApiError } from "../../../lib/api-error.js";
import { createRouter } from "../../../lib/router.js";
import { fulfilOrder, type FulfilmentRequest } from "./fulfilment.service.js";
import { findAdminOrder, listAdminOrders } from "./orders.queries.js";
import {
  cancelAdminOrderRoute,
  deliverOrderRoute,
  getAdminOrderRoute,
  listAdminOrdersRoute,
  payOrderRoute,
  refundOrderRoute,
  shipOrderRoute,
} from "./orders.routes.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";

const notFound = () => new ApiError(404, "NOT_FOUND", ORDER_MESSAGES.notFound);

export function adminOrdersRouter(deps: AppDeps) {
  /** Runs a move for the admin the gate let in; the answer is the order after it, or why not. */
  async function move(c: Context, orderId: string, request: FulfilmentRequest): Promise<AdminOrder> {
    const result = await fulfilOrder(deps, staffOf(c), orderId, request);
    if (result.ok) return result.order;
    if (result.reason === "not-found") throw notFound();
    throw new ApiError(409, "ORDER_CONFLICT", FULFILMENT_MESSAGES.conflict(orderId, result.current, request.action));
  }

  const router = createRouter();
  // Before any validation: a visitor learns only that they must sign in, anyone else only that
  // this is not for them.
  const admins = staffOnly(deps, "orders");
  router.use("/api/admin/orders", admins);
  router.use("/api/admin/orders/*", admins);
  return router
    .openapi(listAdminOrdersRoute, async (c) => {
      const { status, q, cursor, limit } = c.req.valid("query");
      const page = await listAdminOrders(deps.database, {
        status,
        q: q || undefined,
        cursor: cursor ? decodeDatedCursor(cursor) : undefined,
        limit,
      });
      return c.json(page, 200);
    })
    .openapi(getAdminOrderRoute, async (c) => {
      const order = await findAdminOrder(deps.database.db, c.req.valid("param").orderId);
      if (!order) throw notFound();
      return c.json(order, 200);
    })
    .openapi(payOrderRoute, async (c) => c.json(await move(c, c.req.valid("param").orderId, { action: "pay" }), 200))
    .openapi(shipOrderRoute, async (c) => {
      const { carrier, tracking_number } = c.req.valid("json");
      return c.json(
        await move(c, c.req.valid("param").orderId, { action: "ship", parcel: { carrier, trackingNumber: tracking_number } }),
        200,
      );
    })
    .openapi(deliverOrderRoute, async (c) => c.json(await move(c, c.req.valid("param").orderId, { action: "deliver" }), 200))
    .openapi(cancelAdminOrderRoute, async (c) => {
      const { note } = c.req.valid("json") ?? {};
      return c.json(await move(c, c.req.valid("param").orderId, { action: "cancel", note }), 200);
    })
    .openapi(refundOrderRoute, async (c) => {
      const { note } = c.req.valid("json") ?? {};
      return c.json(await move(c, c.req.valid("param").orderId, { action: "refund", note }), 200);
    });
}
