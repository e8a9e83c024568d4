/** The back office's Stats area (issue 35, docs/decisions/0034): the whole site's, for curators and admins. */
import type { AppDeps } from "../../../app-deps.js";
import { staffOnly } from "../../../auth/staff.js";
import { createRouter } from "../../../lib/router.js";
import { periodStats, statsDownload } from "../../stats/stats.service.js";
import { getAdminStatsCsvRoute, getAdminStatsRoute } from "./stats.routes.js";

export function adminStatsRouter(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/api/admin/stats", staffOnly(deps, "stats"));
  router.use("/api/admin/stats.csv", staffOnly(deps, "stats"));
  return router
    .openapi(getAdminStatsRoute, async (c) => c.json(await periodStats(db, "site", c.req.valid("query")), 200))
    .openapi(getAdminStatsCsvRoute, async (c) => {
      const { body, headers } = await statsDownload(db, "site", c.req.valid("query"), "site-stats");
      return c.body(body, 200, headers);
    });
}
