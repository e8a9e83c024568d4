/** Contracts of a creator's sales view; shapes in common/api/studio-sales.ts. */
import { z } from "zod";
import { defineRoute } from "../../../lib/route-policy.js";
import { ErrorResponses } from "../../../lib/openapi.js";
import { SalesQuerySchema, SalesReportSchema } from "../../../../common/api/studio-sales.js";
import { notCreator, signedOut } from "../studio-contract.js";

export const getStudioSalesRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/sales",
  tags: ["Studio"],
  summary: "The creator's sales per product and size over a period: units, revenue, stock left",
  description: "No buyer's data: the site fulfils the orders (docs/decisions/0027).",
  request: { query: SalesQuerySchema },
  responses: {
    200: { description: "The report", content: { "application/json": { schema: SalesReportSchema } } },
    401: signedOut,
    ...ErrorResponses,
    403: notCreator,
  },
});

export const getStudioSalesCsvRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/studio/sales.csv",
  tags: ["Studio"],
  summary: "The same report as a CSV download",
  request: { query: SalesQuerySchema },
  responses: {
    200: { description: "Product, size, units sold, revenue and stock left, one row per product and size", content: { "text/csv": { schema: z.string() } } },
    401: signedOut,
    ...ErrorResponses,
    403: notCreator,
  },
});
