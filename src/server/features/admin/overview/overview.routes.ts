/** The contract of the back office's overview; its shape is in common/api/admin.ts. docs/decisions/0019. */
import { AdminOverviewSchema } from "../../../../common/api/admin.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { notStaff, ok, signedOut, TAGS } from "../contract.js";

export const overviewRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/overview",
  tags: TAGS,
  summary: "What is waiting: orders to be paid and shipped, open reports, new creators, products low in stock",
  description: "Curators and admins. The order counts are for admins; a curator's answer has `orders: null`.",
  responses: {
    200: ok("The overview", AdminOverviewSchema),
    401: signedOut,
    403: notStaff("curators and admins"),
  },
});
