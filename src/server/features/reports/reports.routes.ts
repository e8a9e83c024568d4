/** Contracts of reports and the curators' queue; their shapes are in common/api/reports.ts. docs/decisions/0019. */
import { z } from "zod";
import {
  AdminReportListQuerySchema,
  AdminReportPageSchema,
  ReportCreateSchema,
  ReportResolutionSchema,
  ReportResolveSchema,
  ReportSchema,
} from "../../../common/api/reports.js";
import { IdParamsSchema } from "../../../common/api/params.js";
import { defineRoute } from "../../lib/route-policy.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";

const signedOut = { description: "Not signed in", content: errorContent };
const notStaff = {
  description: "NOT_STAFF: the signed-in user is neither a curator nor an admin; FORBIDDEN_ORIGIN: a write from another site",
  content: errorContent,
};
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });

export const createReportRoute = defineRoute({
  method: "post",
  // A report is shown nowhere public; the one that hides a comment names what it made stale itself.
  invalidates: [],
  path: "/api/reports",
  tags: ["Reports"],
  summary: "Report a story, product, creator or comment to the curators",
  description:
    "Any signed-in user. The item must be on the site (a comment: one the public sees, on a story the public can read). One " +
    "open report per user and item; rate limited per user (REPORT_RATE_LIMIT per REPORT_RATE_LIMIT_WINDOW_SECONDS). Open " +
    "reports of a comment from AUTO_HIDE_REPORTS (3) different members hide it until a curator decides, and its writer is e-mailed.",
  request: { body: json(ReportCreateSchema) },
  responses: {
    201: { description: "The report, open", content: { "application/json": { schema: ReportSchema } } },
    401: signedOut,
    ...ErrorResponses,
    404: { description: "NOT_FOUND: no such item on the site", content: errorContent },
    409: { description: "ALREADY_REPORTED: the user has an open report of this item", content: errorContent },
    429: { description: "RATE_LIMITED: too many reports; see Retry-After", content: errorContent },
  },
});

export const listAdminReportsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/reports",
  tags: ["Back office"],
  summary: "The reports queue (curators and admins)",
  description: "Open reports oldest first, so the queue is worked from its front; hidden and dismissed ones newest first.",
  request: { query: AdminReportListQuerySchema },
  responses: {
    200: { description: "A page of reports", content: { "application/json": { schema: AdminReportPageSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notStaff,
  },
});

const resolveResponses = {
  200: { description: "The report after the resolution, and every report it closed", content: { "application/json": { schema: ReportResolutionSchema } } },
  401: signedOut,
  ...ErrorResponses,
  403: notStaff,
  409: { description: "REPORT_RESOLVED: the report was already resolved (by another curator); nothing changed", content: errorContent },
};

export const hideReportedItemRoute = defineRoute({
  method: "post",
  // The hidden item leaves the cached lists, pages and the store.
  invalidates: ["catalog", "creators", "stock"],
  path: "/api/admin/reports/{id}/hide",
  tags: ["Back office"],
  summary: "Resolve a report by hiding its item",
  description:
    "Hides the item (as curation does) and closes every open report of it as 'hidden', with an audit entry " +
    "report.hide (and the item's own, e.g. story.hide). An item already hidden stays hidden; a comment the reports or its " +
    "story's author hid becomes hidden by staff.",
  request: { params: IdParamsSchema, body: json(ReportResolveSchema) },
  responses: {
    ...resolveResponses,
    404: { description: "NOT_FOUND: no such report, or its item no longer exists (dismiss it instead)", content: errorContent },
  },
});

export const dismissReportRoute = defineRoute({
  method: "post",
  // The item stays as it is: nothing public changes.
  invalidates: [],
  path: "/api/admin/reports/{id}/dismiss",
  tags: ["Back office"],
  summary: "Resolve a report by dismissing it: the item stays",
  description:
    "The decision is about the item, so every open report of it is closed as 'dismissed', with an audit entry " +
    "report.dismiss. Its reporters may report it again later. A comment the reports hid is shown again (comment.unhide).",
  request: { params: IdParamsSchema, body: json(ReportResolveSchema) },
  responses: {
    ...resolveResponses,
    404: { description: "NOT_FOUND: no such report", content: errorContent },
  },
});
