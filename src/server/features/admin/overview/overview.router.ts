/** The back office's overview (docs/decisions/0019): what is waiting, for the staff member asking. */
import { ADMIN_AREAS, hasRole } from "../../../../common/roles.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { createRouter } from "../../../lib/router.js";
import { adminOverview } from "./overview.queries.js";
import { overviewRoute } from "./overview.routes.js";

export function adminOverviewRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  // `/*` covers the area's own path too (/api/admin/overview), and any method on it.
  router.use("/api/admin/overview/*", staffOnly(deps, "overview"));
  return router.openapi(overviewRoute, async (c) => {
    const staff = staffOf(c);
    const overview = await adminOverview(database, {
      orders: hasRole(staff.role, ADMIN_AREAS.orders),
      now: new Date(),
    });
    return c.json(overview, 200);
  });
}
