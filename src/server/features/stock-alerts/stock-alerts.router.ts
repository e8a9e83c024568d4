/** 'Notify me' (issue 32, docs/decisions/0030): signed-in accounts wait for a sold-out size or a drop. */
import { STOCK_ALERT_MESSAGES } from "../../../common/api/stock-alerts.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { createRouter } from "../../lib/router.js";
import { stopWaiting, waitFor, waitingFor } from "./stock-alerts.queries.js";
import { listStockAlertsRoute, stopWaitingRoute, waitForRoute } from "./stock-alerts.routes.js";

export function stockAlertsRouter(deps: AppDeps) {
  const { database } = deps;
  return createRouter()
    .openapi(listStockAlertsRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      return c.json({ variant_ids: await waitingFor(database, userId) }, 200);
    })
    .openapi(waitForRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { productId } = c.req.valid("param");
      const outcome = await waitFor(database, userId, productId, c.req.valid("json").size, serverClock.now());
      if (!outcome.ok) {
        if (outcome.reason === "in_stock") throw new ApiError(409, "IN_STOCK", STOCK_ALERT_MESSAGES.inStock);
        if (outcome.reason === "choose_size") throw new ApiError(400, "VALIDATION_FAILED", STOCK_ALERT_MESSAGES.chooseSize, { size: STOCK_ALERT_MESSAGES.chooseSize });
        throw new ApiError(404, "NOT_FOUND", STOCK_ALERT_MESSAGES.notFound);
      }
      return c.json({ product_id: productId, variant_id: outcome.variantId, waiting: true }, 200);
    })
    .openapi(stopWaitingRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const { productId } = c.req.valid("param");
      await stopWaiting(database, userId, productId);
      return c.json({ product_id: productId, variant_id: productId, waiting: false }, 200);
    });
}
