/** Contracts of a creator's stats (issue 35, docs/decisions/0034); shapes in common/api/stats.ts. */
import { z } from "zod";
import { StatsQuerySchema, StatsSchema } from "../../../../common/api/stats.js";
import { ErrorResponses } from "../../../lib/openapi.js";
import { defineRoute } from "../../../lib/route-policy.js";
import { notCreator, signedOut } from "../studio-contract.js";

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
