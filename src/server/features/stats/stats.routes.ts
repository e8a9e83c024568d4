/** Contracts of the stats (issue 35, docs/decisions/0034); shapes in common/api/stats.ts. */
import { z } from "zod";
import { StatsQuerySchema, StatsSchema } from "../../../common/api/stats.js";
import { ErrorResponses } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";
import { notCreator, signedOut } from "../studio/studio-contract.js";
import { notStaff, TAGS } from "../admin/contract.js";

const json = { 200: { description: "The period's figures", content: { "application/json": { schema: StatsSchema } } } };
const csv = { 200: { description: "One row a day with every figure, then the totals", content: { "text/csv": { schema: z.string() } } } };

export const getStudioStatsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/stats",
  tags: ["Studio"],
  summary: "Views, visitors, sources, plays, favorites, followers, comments and sales of the creator's own stories, products, tracks and page",
  request: { query: StatsQuerySchema },
  responses: { ...json, 401: signedOut, ...ErrorResponses, 403: notCreator },
});

export const getStudioStatsCsvRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/stats.csv",
  tags: ["Studio"],
  summary: "The same by day, as a CSV download",
  request: { query: StatsQuerySchema },
  responses: { ...csv, 401: signedOut, ...ErrorResponses, 403: notCreator },
});

export const getAdminStatsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/stats",
  tags: TAGS,
  summary: "The whole site's stats, sign-ups by source and by the item that brought them included",
  request: { query: StatsQuerySchema },
  responses: { ...json, 401: signedOut, ...ErrorResponses, 403: notStaff("curators and admins") },
});

export const getAdminStatsCsvRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/admin/stats.csv",
  tags: TAGS,
  summary: "The same by day, as a CSV download",
  request: { query: StatsQuerySchema },
  responses: { ...csv, 401: signedOut, ...ErrorResponses, 403: notStaff("curators and admins") },
});

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
