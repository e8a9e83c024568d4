/** The back office's Stats area (issue 35, docs/decisions/0034): the whole site's, for curators and admins. */
import type { AppDeps } from "../../../app-deps.js";
import { staffOnly } from "../../../auth/staff.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { statsPeriod } from "../../stats/period.js";
import { statsCsv, statsCsvHeaders } from "../../stats/stats-csv.js";
import { getAdminStatsCsvRoute, getAdminStatsRoute } from "../../stats/stats.routes.js";
import { statsFor } from "../../stats/stats.queries.js";

export function adminStatsRouter(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/api/admin/stats", staffOnly(deps, "stats"));
  router.use("/api/admin/stats.csv", staffOnly(deps, "stats"));
  return router
    .openapi(getAdminStatsRoute, async (c) => c.json(await statsFor(db, "site", statsPeriod(c.req.valid("query"), serverClock.now())), 200))
    .openapi(getAdminStatsCsvRoute, async (c) => {
      const stats = await statsFor(db, "site", statsPeriod(c.req.valid("query"), serverClock.now()));
      return c.body(statsCsv(stats), 200, statsCsvHeaders(stats, "site-stats"));
    });
}
