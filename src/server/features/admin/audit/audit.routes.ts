/** The contract of the back office's audit log; its shapes are in common/api/admin.ts. docs/decisions/0019. */
import { AuditPageSchema, AuditQuerySchema } from "../../../../common/api/admin.js";
import { ErrorResponses } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { notStaff, ok, signedOut, TAGS } from "../contract.js";

export const listAuditRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/audit",
  tags: TAGS,
  summary: "The audit log, newest first: who did what to which item, when, before and after",
  description: "Curators and admins. Append-only: no route changes or deletes an entry, and the database refuses to.",
  request: { query: AuditQuerySchema },
  responses: {
    200: ok("A page of entries", AuditPageSchema),
    401: signedOut,
    ...ErrorResponses,
    403: notStaff("curators and admins"),
  },
});
