import { createRouter } from "../../lib/router.js";
import { defineRoute } from "../../lib/route-policy.js";
import type { AppDeps } from "../../app-deps.js";
import { unavailableReason } from "../../db/unavailable.js";
import { databaseUnavailable } from "../../lib/api-error.js";
import { errorContent } from "../../lib/openapi.js";
import { HealthSchema } from "../../../common/api/health.js";


export const healthRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: { description: "Serving, database reachable", content: { "application/json": { schema: HealthSchema } } },
    503: { description: "UNAVAILABLE: the database cannot be reached", content: errorContent },
  },
});

export function healthRouter(deps: AppDeps) {
  return createRouter()
    .openapi(healthRoute, async (c) => {
      try {
        await deps.database.ping();
      } catch (error) {
        // Any failure of `select 1` means the database cannot serve. The reason is named when it is
        // a known connectivity failure; anything else is only in the log (it may name users, hosts).
        const reason = unavailableReason(error) ?? "unexpected database error, see the log";
        deps.logger.error({ err: error, reason }, "health check: database unreachable");
        throw databaseUnavailable(reason);
      }
      return c.json({ status: "ok" as const, database: deps.database.dialect }, 200);
    });
}
