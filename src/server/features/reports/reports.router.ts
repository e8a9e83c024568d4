/** Reports: any signed-in user reports an item; curators resolve them (docs/decisions/0019). */
import type { Context } from "hono";
import { decodeDatedCursor } from "../../../common/paging.js";
import { REPORT_MESSAGES } from "../../../common/reports.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUserId } from "../../auth/session.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { limitKey } from "../../lib/rate-limit.js";
import { staleAlso } from "../../lib/route-policy.js";
import { createRouter } from "../../lib/router.js";
import { staffOf, staffOnly } from "../../auth/staff.js";
import { createReport, findReport, hasOpenReport, isReportable, listReports, resolveReport, type ResolveAction } from "./reports.queries.js";
import { createReportRoute, dismissReportRoute, hideReportedItemRoute, listAdminReportsRoute } from "./reports.routes.js";

const alreadyReported = () => new ApiError(409, "ALREADY_REPORTED", REPORT_MESSAGES.alreadyReported);

export function reportsRouter(deps: AppDeps) {
  const { database } = deps;

  async function resolve(c: Context, id: string, action: ResolveAction, note: string) {
    const staff = staffOf(c);
    const result = await resolveReport(database, id, action, { id: staff.userId, email: staff.email }, { note, now: serverClock.now() });
    if (!result.ok) {
      if (result.reason === "not-found") throw new ApiError(404, "NOT_FOUND", REPORT_MESSAGES.reportNotFound);
      if (result.reason === "item-gone") throw new ApiError(404, "NOT_FOUND", REPORT_MESSAGES.itemGone);
      throw new ApiError(409, "REPORT_RESOLVED", REPORT_MESSAGES.alreadyResolved(result.by, result.status));
    }
    // Dismissing shows again a comment the reports hid: the public answers that carry it are stale
    // (a hide is declared by its route).
    if (action === "dismiss" && result.itemChanged) staleAlso(c, "catalog");
    const report = await findReport(database, id);
    if (!report) throw new Error(`report ${id} vanished after its resolution`);
    return { report, resolved_ids: result.resolvedIds };
  }

  const router = createRouter();
  // Before any validation: a visitor learns only that they must sign in, a member or creator only
  // that the queue is not for them.
  router.use("/api/reports", async (c, next) => {
    await requireUserId(deps.sessions, c);
    await next();
  });
  router.use("/api/admin/reports", staffOnly(deps, "reports"));
  router.use("/api/admin/reports/*", staffOnly(deps, "reports"));
  return router
    .openapi(createReportRoute, async (c) => {
      const userId = await requireUserId(deps.sessions, c);
      const input = c.req.valid("json");
      const { perUser, windowSeconds } = deps.config.reportRateLimit;
      const key = limitKey("report:user", userId);
      const limit = await deps.rateLimiter.hit(key, perUser, windowSeconds);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", REPORT_MESSAGES.rateLimited);
      }
      // Only a stored report counts against the limit: a repeat or a missing item gives its slot back.
      const refuse = async (error: ApiError): Promise<never> => {
        await deps.rateLimiter.undo(key);
        throw error;
      };
      if (!(await isReportable(database, input.kind, input.item_id, serverClock.now()))) {
        return refuse(new ApiError(404, "NOT_FOUND", REPORT_MESSAGES.itemNotFound));
      }
      if (await hasOpenReport(database, userId, input.kind, input.item_id)) return refuse(alreadyReported());
      // The unique index settles two reports sent at once.
      const result = await createReport(database, userId, input, serverClock.now(), { publicUrl: deps.config.publicUrl });
      if (!result.ok) return refuse(alreadyReported());
      // The comment this report hid: its writer's e-mail is in the outbox.
      if (result.hidden) {
        deps.outbox.wake();
        staleAlso(c, "catalog");
      }
      return c.json(result.report, 201);
    })
    .openapi(listAdminReportsRoute, async (c) => {
      const { status, cursor, limit } = c.req.valid("query");
      // The schema has already refused a cursor that does not decode.
      return c.json(await listReports(database, status, { cursor: cursor ? decodeDatedCursor(cursor) : undefined, limit }), 200);
    })
    .openapi(hideReportedItemRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await resolve(c, id, "hide", c.req.valid("json").note), 200);
    })
    .openapi(dismissReportRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await resolve(c, id, "dismiss", c.req.valid("json").note), 200);
    });
}
