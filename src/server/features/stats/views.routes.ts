/** The contract of the app's view beacon (issue 35, docs/decisions/0034). */
import { z } from "zod";
import { ErrorResponses } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

export const ViewBodySchema = z
  .object({ path: z.string().min(1).max(2048).meta({ description: "The page's path and query, e.g. /store?productId=…" }) })
  .meta({ id: "View" });

export const countViewRoute = defineRoute({
  method: "post",
  invalidates: [],
  path: "/api/views",
  tags: ["Stats"],
  summary: "Counts a page the app navigated to (a public page, without cookies; Sec-GPC or DNT is not counted)",
  request: { body: { required: true, content: { "application/json": { schema: ViewBodySchema } } } },
  responses: { 204: { description: "Counted, or left out" }, ...ErrorResponses },
});
