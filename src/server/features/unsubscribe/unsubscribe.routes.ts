/** Contracts of one-click unsubscribe (RFC 8058, docs/decisions/0030); shapes in common/api/unsubscribe.ts. */
import { UnsubscribeQuerySchema, UnsubscribeStateSchema } from "../../../common/api/unsubscribe.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

const state = (description: string) => ({ description, content: { "application/json": { schema: UnsubscribeStateSchema } } });
const invalidLink = { description: "INVALID_TOKEN: the token was changed, is not one, or has expired", content: errorContent };

export const unsubscribeStateRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/unsubscribe",
  tags: ["Community"],
  summary: "Which list an e-mail's unsubscribe link is for, and whether it was used",
  request: { query: UnsubscribeQuerySchema },
  responses: { 200: state("The link's list"), ...ErrorResponses, 400: invalidLink },
});

export const unsubscribeRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/unsubscribe",
  tags: ["Community"],
  summary: "One-click unsubscribe (RFC 8058)",
  description:
    "Works without a session or CSRF token: the signed token is the authority, so a mail provider may POST it " +
    "(any body, e.g. List-Unsubscribe=One-Click). A browser's form post (Accept: text/html) is sent on to the unsubscribe page.",
  request: { query: UnsubscribeQuerySchema },
  responses: {
    200: state("Unsubscribed (repeating it changes nothing)"),
    303: { description: "A browser's form post: on to /unsubscribe with the outcome" },
    ...ErrorResponses,
    400: invalidLink,
  },
});
