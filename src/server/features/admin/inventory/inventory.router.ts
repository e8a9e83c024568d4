/** The back office's inventory (docs/decisions/0019): products with their stock, and adjustments. */
import { ADMIN_MESSAGES, stockConflictMessage } from "../../../../common/api/admin.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { ApiError } from "../../../lib/api-error.js";
import { createRouter } from "../../../lib/router.js";
import { cursorOf } from "../contract.js";
import { adjustStock, listInventory } from "./inventory.queries.js";
import { adjustStockRoute, listInventoryRoute } from "./inventory.routes.js";

export function adminInventoryRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  router.use("/api/admin/inventory/*", staffOnly(deps, "inventory"));
  return router
    .openapi(listInventoryRoute, async (c) => {
      const { q, low, cursor, limit } = c.req.valid("query");
      return c.json(await listInventory(database, { q, low }, { cursor: cursorOf(cursor), limit }), 200);
    })
    .openapi(adjustStockRoute, async (c) => {
      const staff = staffOf(c);
      const { productId } = c.req.valid("param");
      const { delta, reason, size } = c.req.valid("json");
      const result = await adjustStock(database, productId, size ?? null, delta, reason, {
        id: staff.userId,
        email: staff.email,
      });
      if (result.ok) return c.json(result.item, 200);
      if (result.reason === "not-found") throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.productNotFound);
      throw new ApiError(409, "STOCK_CONFLICT", stockConflictMessage(result.title, result.stock, delta), undefined, [
        {
          product_id: productId,
          name: result.title,
          requested: -delta,
          available: result.stock,
        },
      ]);
    });
}
