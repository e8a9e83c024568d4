/** A creator's stats and their CSV (issue 35, docs/decisions/0034), behind the studio's gate: only their own items. */
import type { AppDeps } from "../../../app-deps.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { statsPeriod } from "../../stats/period.js";
import { statsCsv, statsCsvHeaders } from "../../stats/stats-csv.js";
import { getStudioStatsCsvRoute, getStudioStatsRoute } from "../../stats/stats.routes.js";
import { statsFor } from "../../stats/stats.queries.js";
import type { StudioAccess } from "../studio-access.js";

export function studioStatsRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { db } = deps.database;
  return createRouter()
    .openapi(getStudioStatsRoute, async (c) => {
      const period = statsPeriod(c.req.valid("query"), serverClock.now());
      return c.json(await statsFor(db, { creatorId: studioUser(c).creatorId }, period), 200);
    })
    .openapi(getStudioStatsCsvRoute, async (c) => {
      const stats = await statsFor(db, { creatorId: studioUser(c).creatorId }, statsPeriod(c.req.valid("query"), serverClock.now()));
      return c.body(statsCsv(stats), 200, statsCsvHeaders(stats, "stats"));
    });
}
