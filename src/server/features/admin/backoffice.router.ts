/**
 * The back office's overview, inventory, audit log and people (docs/decisions/0019). Each area's
 * gate (staffOnly, with the area's least role from ADMIN_AREAS) runs before anything is validated,
 * so a caller who may not use it learns nothing else.
 */
import { ADMIN_AREAS, hasRole, type AdminArea } from "../../../common/roles.js";
import { ADMIN_MESSAGES, stockConflictMessage } from "../../../common/api/admin.js";
import { decodeDatedCursor } from "../../../common/paging.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { createRouter } from "../../lib/router.js";
import { listAudit } from "./audit-log.queries.js";
import {
  adjustStockRoute,
  listAuditRoute,
  listInventoryRoute,
  listPeopleRoute,
  overviewRoute,
  setRoleRoute,
} from "./backoffice.routes.js";
import { adjustStock, listInventory } from "./inventory.queries.js";
import { adminOverview } from "./overview.queries.js";
import { findPerson, listPeople } from "./people.queries.js";
import { setRole } from "./roles.queries.js";
import { staffOf, staffOnly } from "./staff.js";

const AREAS = ["overview", "inventory", "audit", "people"] as const satisfies readonly AdminArea[];

/** A validated `cursor` parameter as the paging queries take it; empty means the first page. */
const cursorOf = (text: string | undefined) => (text ? decodeDatedCursor(text) : undefined);

export function adminBackOfficeRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  // `/*` covers the area's own path too (/api/admin/audit), and any method on it.
  for (const area of AREAS) router.use(`/api/admin/${area}/*`, staffOnly(deps, area));

  return router
    .openapi(overviewRoute, async (c) => {
      const staff = staffOf(c);
      const overview = await adminOverview(database, { orders: hasRole(staff.role, ADMIN_AREAS.orders), now: new Date() });
      return c.json(overview, 200);
    })
    .openapi(listInventoryRoute, async (c) => {
      const { q, low, cursor, limit } = c.req.valid("query");
      return c.json(await listInventory(database, { q, low }, { cursor: cursorOf(cursor), limit }), 200);
    })
    .openapi(adjustStockRoute, async (c) => {
      const staff = staffOf(c);
      const { productId } = c.req.valid("param");
      const { delta, reason } = c.req.valid("json");
      const result = await adjustStock(database, productId, delta, reason, { id: staff.userId, email: staff.email });
      if (result.ok) return c.json(result.item, 200);
      if (result.reason === "not-found") throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.productNotFound);
      throw new ApiError(409, "STOCK_CONFLICT", stockConflictMessage(result.title, result.stock, delta), undefined, [
        { product_id: productId, name: result.title, requested: -delta, available: result.stock },
      ]);
    })
    .openapi(listAuditRoute, async (c) => {
      const { cursor, limit, ...filter } = c.req.valid("query");
      return c.json(await listAudit(database, filter, { cursor: cursorOf(cursor), limit }), 200);
    })
    .openapi(listPeopleRoute, async (c) => {
      const { q, role, cursor, limit } = c.req.valid("query");
      return c.json(await listPeople(database, { q, role }, { cursor: cursorOf(cursor), limit }), 200);
    })
    .openapi(setRoleRoute, async (c) => {
      const staff = staffOf(c);
      const { userId } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const result = await setRole(database, { userId }, role, { id: staff.userId, email: staff.email });
      if (!result.ok) {
        if (result.reason === "last-admin") throw new ApiError(409, "LAST_ADMIN", ADMIN_MESSAGES.lastAdmin);
        throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.personNotFound);
      }
      const person = await findPerson(database, userId);
      if (!person) throw new ApiError(404, "NOT_FOUND", ADMIN_MESSAGES.personNotFound);
      return c.json(person, 200);
    });
}
