/** A creator's stats and their CSV (issue 35, docs/decisions/0034), behind the studio's gate: only their own items. */
import type { AppDeps } from "../../../app-deps.js";
import { createRouter } from "../../../lib/router.js";
import { periodStats, statsDownload } from "../../stats/stats.service.js";
import type { StudioAccess } from "../studio-access.js";
import { getStudioStatsCsvRoute, getStudioStatsRoute } from "./studio-stats.routes.js";

export function studioStatsRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { db } = deps.database;
  return createRouter()
    .openapi(getStudioStatsRoute, async (c) => c.json(await periodStats(db, { creatorId: studioUser(c).creatorId }, c.req.valid("query")), 200))
    .openapi(getStudioStatsCsvRoute, async (c) => {
      const { body, headers } = await statsDownload(db, { creatorId: studioUser(c).creatorId }, c.req.valid("query"), "stats");
      return c.body(body, 200, headers);
    });
}
