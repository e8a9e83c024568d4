/** The back office's Newsletter area (issue 32, docs/decisions/0031), for admins. */
import { NEWSLETTER_ISSUE_MESSAGES as M } from "../../../../common/api/admin-newsletter.js";
import type { AppDeps } from "../../../app-deps.js";
import { staffOf, staffOnly } from "../../../auth/staff.js";
import { ApiError, validationError } from "../../../lib/api-error.js";
import { serverClock } from "../../../lib/clock.js";
import { createRouter } from "../../../lib/router.js";
import { enqueueMail } from "../../../outbox/enqueue.js";
import {
  createIssue,
  deleteIssue,
  issueContent,
  newsletterIssue,
  newsletterOverview,
  sendIssue,
  unscheduleIssue,
  updateIssue,
  type IssueRefusal,
} from "./issues.queries.js";
import {
  createIssueRoute,
  deleteIssueRoute,
  issueRoute,
  newsletterOverviewRoute,
  sendIssueRoute,
  testIssueRoute,
  unscheduleIssueRoute,
  updateIssueRoute,
} from "./newsletter.routes.js";

function refusal(reason: IssueRefusal): ApiError {
  return reason === "notFound" ? new ApiError(404, "NOT_FOUND", M.notFound) : new ApiError(409, "NEWSLETTER_STATE", M[reason]);
}

export function adminNewsletterRouter(deps: AppDeps) {
  const { database } = deps;
  const router = createRouter();
  router.use("/api/admin/newsletter/*", staffOnly(deps, "newsletter"));
  const actorOf = (c: Parameters<typeof staffOf>[0]) => {
    const staff = staffOf(c);
    return { id: staff.userId, email: staff.email };
  };
  async function answer(id: string) {
    const issue = await newsletterIssue(database, id, serverClock.now());
    if (!issue) throw refusal("notFound");
    return issue;
  }

  return router
    .openapi(newsletterOverviewRoute, async (c) => c.json(await newsletterOverview(database, serverClock.now()), 200))
    .openapi(createIssueRoute, async (c) => {
      const id = await createIssue(database, c.req.valid("json"), actorOf(c), serverClock.now());
      return c.json(await answer(id), 201);
    })
    .openapi(issueRoute, async (c) => c.json(await answer(c.req.valid("param").issueId), 200))
    .openapi(updateIssueRoute, async (c) => {
      const { issueId } = c.req.valid("param");
      const refused = await updateIssue(database, issueId, c.req.valid("json"), actorOf(c), serverClock.now());
      if (refused) throw refusal(refused);
      return c.json(await answer(issueId), 200);
    })
    .openapi(deleteIssueRoute, async (c) => {
      const refused = await deleteIssue(database, c.req.valid("param").issueId, actorOf(c), serverClock.now());
      if (refused) throw refusal(refused);
      return c.json({ deleted: true as const }, 200);
    })
    .openapi(testIssueRoute, async (c) => {
      const issue = await issueContent(database, c.req.valid("param").issueId);
      if (!issue) throw refusal("notFound");
      const staff = staffOf(c);
      await enqueueMail(database.db, { template: "newsletter-issue", to: staff.email, userId: staff.userId, props: { ...issue, test: true } }, serverClock.now());
      deps.outbox.wake();
      return c.json({ to: staff.email }, 200);
    })
    .openapi(sendIssueRoute, async (c) => {
      const { issueId } = c.req.valid("param");
      const now = serverClock.now();
      const body = c.req.valid("json") ?? { send_at: null };
      const sendAt = body.send_at ? new Date(body.send_at) : null;
      if (sendAt && sendAt <= now) throw validationError({ send_at: M.sendAt });
      const refused = await sendIssue(database, issueId, sendAt, actorOf(c), now);
      if (refused) throw refusal(refused);
      deps.outbox.wake();
      return c.json(await answer(issueId), 200);
    })
    .openapi(unscheduleIssueRoute, async (c) => {
      const { issueId } = c.req.valid("param");
      const refused = await unscheduleIssue(database, issueId, actorOf(c), serverClock.now());
      if (refused) throw refusal(refused);
      return c.json(await answer(issueId), 200);
    });
}
