/**
 * POST /api/newsletter: keeps an email for the newsletter. A repeat is accepted silently
 * (DECISIONS.md 6), so the answer never tells whether an address was already on the list, nor
 * whether it is an account's (whose consent it then turns on: newsletter.queries.ts).
 */
import { createRouter } from "../../lib/router.js";
import { defineRoute } from "../../lib/route-policy.js";
import { NewsletterSchema } from "../../../common/auth-schemas.js";
import { NewsletterJoinedSchema } from "../../../common/api/newsletter.js";
import { AUTH_MESSAGES } from "../../../common/errors.js";
import type { AppDeps } from "../../app-deps.js";
import { ApiError } from "../../lib/api-error.js";
import { clientIp } from "../../lib/client-ip.js";
import { ErrorResponses } from "../../lib/openapi.js";
import { limitKey } from "../../lib/rate-limit.js";
import { joinNewsletter } from "./newsletter.queries.js";

export const joinNewsletterRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/newsletter",
  tags: ["Community"],
  summary: "Sign an email up for the newsletter",
  description: "Repeats are accepted silently. Rate limited per client address.",
  request: { body: { required: true, content: { "application/json": { schema: NewsletterSchema } } } },
  responses: {
    200: { description: "On the list", content: { "application/json": { schema: NewsletterJoinedSchema } } },
    ...ErrorResponses,
  },
});

export function newsletterRouter(deps: AppDeps) {
  return createRouter()
    .openapi(joinNewsletterRoute, async (c) => {
      const { email } = c.req.valid("json");
      const { perIp, windowSeconds } = deps.config.authRateLimit;
      const limit = await deps.rateLimiter.hit(limitKey("newsletter:ip", clientIp(c, deps.config.trustProxy)), perIp, windowSeconds);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new ApiError(429, "RATE_LIMITED", AUTH_MESSAGES.rateLimited);
      }
      await joinNewsletter(deps.database, email);
      return c.json({ subscribed: true as const }, 200);
    });
}
