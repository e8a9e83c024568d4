/** Contracts of the back office's Stats area (issue 35, docs/decisions/0034); shapes in common/api/stats.ts. */
import { z } from "zod";
import { StatsQuerySchema, StatsSchema } from "../../../../common/api/stats.js";
import { ErrorResponses } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { notStaff, signedOut, TAGS } from "../contract.js";

const json = { 200: { description: "The period's figures", content: { "application/json": { schema: StatsSchema } } } };
const csv = { 200: { description: "One row a day with every figure, then the totals", content: { "text/csv": { schema: z.string() } } } };

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
