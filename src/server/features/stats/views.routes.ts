/** The contract of the app's view beacon (issue 35, docs/decisions/0034). */
import { z } from "zod";
import { ErrorResponses } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

/** The most of a path and query the beacon sends that is read; a longer body is not a page of the site. */
export const VIEW_PATH_MAX = 2048;

export const countViewRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/views",
  tags: ["Stats"],
  summary: "Counts a page the app navigated to (a public page, without cookies; Sec-GPC or DNT is not counted)",
  description: "The body is the page's path and query as plain text, as `navigator.sendBeacon` sends it.",
  request: { body: { required: true, content: { "text/plain": { schema: z.string().min(1).max(VIEW_PATH_MAX) } } } },
  responses: { 204: { description: "Counted, or left out" }, ...ErrorResponses },
});
