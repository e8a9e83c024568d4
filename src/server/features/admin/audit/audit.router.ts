/** The back office's audit log (docs/decisions/0019): read only; audit.service.ts appends. */
import type { AppDeps } from "../../../app-deps.js";
import { staffOnly } from "../../../auth/staff.js";
import { createRouter } from "../../../lib/router.js";
import { cursorOf } from "../contract.js";
import { listAudit } from "./audit.queries.js";
import { listAuditRoute } from "./audit.routes.js";

export function adminAuditRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  router.use("/api/admin/audit/*", staffOnly(deps, "audit"));
  return router.openapi(listAuditRoute, async (c) => {
    const { cursor, limit, ...filter } = c.req.valid("query");
    return c.json(await listAudit(database, filter, { cursor: cursorOf(cursor), limit }), 200);
  });
}
