/**
 * One-click unsubscribe (RFC 8058, docs/decisions/0030). The e-mails of a list carry a signed link
 * (emails/unsubscribe.ts): POSTing it takes its reader off that list, with no session and no CSRF
 * token, as a mail provider's unsubscribe button does; GET only says what it would do (link
 * scanners fetch links, and must not unsubscribe anyone). The unsubscribe page is a plain form
 * that posts here, so it works before the app has loaded.
 */
import { UNSUBSCRIBE_MESSAGES, type MailListName } from "../../../common/unsubscribe.js";
import type { AppDeps } from "../../app-deps.js";
import { readUnsubscribeToken, type UnsubscribeClaim } from "../../emails/unsubscribe.js";
import { ApiError } from "../../lib/api-error.js";
import { serverClock } from "../../lib/clock.js";
import { createRouter } from "../../lib/router.js";
import { wantsPage } from "../../lib/security.js";
import { commentMailOf, setCommentMail } from "../comments/comments.queries.js";
import { followMailOf, setFollowMail } from "../follows/follows.queries.js";
import { leaveNewsletter, onNewsletter } from "../newsletter/newsletter.queries.js";
import { forgetAlerts, waitingFor } from "../stock-alerts/stock-alerts.queries.js";
import { unsubscribeRoute, unsubscribeStateRoute } from "./unsubscribe.routes.js";


export function unsubscribeRouter(deps: AppDeps) {
  const { database } = deps;
  const claimOf = (token: string): UnsubscribeClaim | null => readUnsubscribeToken(deps.config.authSecret, token, serverClock.now());
  const invalid = () => new ApiError(400, "INVALID_TOKEN", UNSUBSCRIBE_MESSAGES.invalid);

  async function isUnsubscribed({ list, subject }: UnsubscribeClaim): Promise<boolean> {
    if (list === "follows") return (await followMailOf(database, subject)) === "never";
    if (list === "alerts") return (await waitingFor(database, subject)).length === 0;
    if (list === "comments") return !(await commentMailOf(database, subject));
    return !(await onNewsletter(database, subject));
  }

  return createRouter()
    .openapi(unsubscribeStateRoute, async (c) => {
      const claim = claimOf(c.req.valid("query").token);
      if (!claim) throw invalid();
      return c.json({ list: claim.list as MailListName, unsubscribed: await isUnsubscribed(claim) }, 200);
    })
    .openapi(unsubscribeRoute, async (c) => {
      const claim = claimOf(c.req.valid("query").token);
      if (!claim) {
        if (wantsPage(c)) return c.redirect("/unsubscribe?outcome=invalid", 303);
        throw invalid();
      }
      if (claim.list === "follows") await setFollowMail(database, claim.subject, "never");
      else if (claim.list === "alerts") await forgetAlerts(database, claim.subject);
      else if (claim.list === "comments") await setCommentMail(database, claim.subject, false);
      else await leaveNewsletter(database, claim.subject);
      deps.logger.info({ list: claim.list }, "unsubscribed by link");
      if (wantsPage(c)) return c.redirect(`/unsubscribe?outcome=${claim.list}`, 303);
      return c.json({ list: claim.list as MailListName, unsubscribed: true }, 200);
    });
}
