/** A creator's sales view and its CSV (docs/decisions/0027), behind the studio's gate (studio.router.ts). */
import type { AppDeps } from "../../../app-deps.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import type { StudioAccess } from "../studio-access.js";
import { salesCsv } from "./sales-csv.js";
import { salesPeriod, salesReport } from "./studio-sales.queries.js";
import { getStudioSalesCsvRoute, getStudioSalesRoute } from "./studio-sales.routes.js";

export function studioSalesRouter(deps: AppDeps, { studioUser }: StudioAccess) {
  const { database } = deps;
  return createRouter()
    .openapi(getStudioSalesRoute, async (c) => {
      const period = salesPeriod(c.req.valid("query"), serverClock.now());
      return c.json(await salesReport(database, studioUser(c).creatorId, period), 200);
    })
    .openapi(getStudioSalesCsvRoute, async (c) => {
      const period = salesPeriod(c.req.valid("query"), serverClock.now());
      const report = await salesReport(database, studioUser(c).creatorId, period);
      return c.body(salesCsv(report), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="maybe-sales-${period.from}-to-${period.to}.csv"`,
      });
    });
}
