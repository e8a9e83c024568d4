/**
 * The footer's newsletter sign-up, double opt-in (docs/decisions/0031). POST /api/newsletter
 * writes a waiting sign-up and, in the same transaction, its confirmation e-mail; the answer never
 * tells whether an address was on the list already (DECISIONS.md 6), nor whether it is an
 * account's. The e-mailed link lands on /newsletter/confirm, whose form posts the token here: the
 * token is the authority (TOKEN_FORM_ROUTES), and GET only says what the link would do.
 */
import { NEWSLETTER_MESSAGES } from "../../../common/api/newsletter.js";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import type { AppDeps } from "../../app-deps.js";
import { enqueueMail } from "../../outbox/enqueue.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { serverClock } from "../../lib/clock.js";
import { limitKey } from "../../lib/rate-limit.js";
import { createRouter } from "../../lib/router.js";
import { wantsPage } from "../../lib/security.js";
import { confirmationToken, confirmationUrl, confirmedAddress } from "./confirmation.js";
import { confirmNewsletter, joinNewsletter, onNewsletterByAddress } from "./newsletter.queries.js";
import { confirmRoute, confirmStateRoute, joinNewsletterRoute } from "./newsletter.routes.js";


export function newsletterRouter(deps: AppDeps) {
  const { database } = deps;
  const invalid = () => new ApiError(400, "INVALID_TOKEN", NEWSLETTER_MESSAGES.invalid);
  const addressOf = (token: string) => confirmedAddress(deps.config.authSecret, token, serverClock.now());

  return createRouter()
    .openapi(joinNewsletterRoute, async (c) => {
      const { email } = c.req.valid("json");
      const { perIp, windowSeconds } = deps.config.authRateLimit;
      const limit = await deps.rateLimiter.hit(limitKey("newsletter:ip", clientIp(c, deps.config.trustProxy)), perIp, windowSeconds);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", AUTH_MESSAGES.rateLimited);
      }
      const now = serverClock.now();
      const sent = await joinNewsletter(database, email, now, async (trx, address) => {
        const url = confirmationUrl(deps.config.publicUrl, confirmationToken(deps.config.authSecret, address, now));
        // One link an hour per address, however many sign-ups from however many clients.
        const hour = now.toISOString().slice(0, 13);
        await enqueueMail(trx, { template: "newsletter-confirm", to: address, props: { url }, dedupeKey: `newsletter-confirm:${address}:${hour}` }, now);
      });
      if (sent) deps.outbox.wake();
      return c.json({ confirm: true as const }, 200);
    })
    .openapi(confirmStateRoute, async (c) => {
      const address = addressOf(c.req.valid("query").token);
      if (!address) throw invalid();
      return c.json({ email: address, confirmed: await onNewsletterByAddress(database, address) }, 200);
    })
    .openapi(confirmRoute, async (c) => {
      const address = addressOf(c.req.valid("query").token);
      if (!address) {
        if (wantsPage(c)) return c.redirect("/newsletter/confirm?outcome=invalid", 303);
        throw invalid();
      }
      await confirmNewsletter(database, address, serverClock.now());
      deps.logger.info("newsletter sign-up confirmed");
      if (wantsPage(c)) return c.redirect("/newsletter/confirm?outcome=confirmed", 303);
      return c.json({ email: address, confirmed: true }, 200);
    });
}
