/** The back office's Mail area (issue 32, docs/decisions/0030): the outbox's counts and its dead letters, for admins. */
import { MAIL_MESSAGES } from "../../../../common/api/admin-mail.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { ApiError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { mailOverview, retryMail } from "./mail.queries.js";
import { mailOverviewRoute, retryMailRoute } from "./mail.routes.js";

export function adminMailRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  router.use("/api/admin/mail/*", staffOnly(deps, "mail"));
  return router
    .openapi(mailOverviewRoute, async (c) => c.json(await mailOverview(database), 200))
    .openapi(retryMailRoute, async (c) => {
      const staff = staffOf(c);
      const retried = await retryMail(database, c.req.valid("param").mailId, { id: staff.userId, email: staff.email }, serverClock.now());
      if (!retried) throw new ApiError(404, "NOT_FOUND", MAIL_MESSAGES.notFound);
      deps.outbox.wake();
      return c.json(retried, 200);
    });
}
