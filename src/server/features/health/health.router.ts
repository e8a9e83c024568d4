import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps } from "../../app.js";
import { errorContent } from "../../lib/openapi.js";

const HealthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) }).openapi("Health");

export const healthRoute = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: { description: "Serving, database reachable", content: { "application/json": { schema: HealthSchema } } },
    503: { description: "UNAVAILABLE: the database cannot be reached", content: errorContent },
  },
});

export function registerHealthRoutes(app: OpenAPIHono, deps: AppDeps): void {
  app.openapi(healthRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await deps.database.ping();
    } catch (error) {
      deps.logger.error({ err: error }, "health check: database unreachable");
      return c.json(
        { error: { code: "UNAVAILABLE" as const, message: "The database cannot be reached." } },
        503,
      );
    }
    return c.json({ status: "ok" as const, database: deps.database.dialect }, 200);
  });
}
