/** Contracts of the footer's newsletter sign-up (double opt-in, docs/decisions/0031); shapes in common/api/newsletter.ts. */
import { NewsletterConfirmQuerySchema, NewsletterConfirmStateSchema, NewsletterJoinedSchema } from "../../../common/api/newsletter.js";
import { NewsletterSchema } from "../../../common/auth-schemas.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

const state = (description: string) => ({ description, content: { "application/json": { schema: NewsletterConfirmStateSchema } } });
const invalidLink = { description: "INVALID_TOKEN: the token was changed, is not one, or has expired", content: errorContent };

export const joinNewsletterRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/newsletter",
  tags: ["Community"],
  summary: "Sign an email up for the newsletter: a confirmation link is e-mailed to it",
  description:
    "Double opt-in: the address is on the list once the link is followed; unconfirmed sign-ups are forgotten after 7 days. " +
    "The answer is the same whether or not the address was on the list already. At most one link an hour per address; rate limited per client address.",
  request: { body: { required: true, content: { "application/json": { schema: NewsletterSchema } } } },
  responses: {
    200: { description: "Accepted", content: { "application/json": { schema: NewsletterJoinedSchema } } },
    ...ErrorResponses,
  },
});

export const confirmStateRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/newsletter/confirm",
  tags: ["Community"],
  summary: "Which address a confirmation link is for, and whether it is on the list",
  request: { query: NewsletterConfirmQuerySchema },
  responses: { 200: state("The link's address"), ...ErrorResponses, 400: invalidLink },
});

export const confirmRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/newsletter/confirm",
  tags: ["Community"],
  summary: "Confirm a newsletter sign-up",
  description:
    "Works without a session or CSRF token: the signed token is the authority. Opening the link (GET) confirms nothing, as mail scanners open links. " +
    "A browser's form post (Accept: text/html) is sent on to the confirmation page.",
  request: { query: NewsletterConfirmQuerySchema },
  responses: {
    200: state("On the list (repeating it changes nothing)"),
    303: { description: "A browser's form post: on to /newsletter/confirm with the outcome" },
    ...ErrorResponses,
    400: invalidLink,
  },
});
