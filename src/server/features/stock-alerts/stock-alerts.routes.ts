/** Contracts of 'Notify me' (issue 32, docs/decisions/0030); shapes in common/api/stock-alerts.ts. */
import { StockAlertBodySchema, StockAlertParamsSchema, StockAlertsSchema, StockAlertStateSchema } from "../../../common/api/stock-alerts.js";
import { ErrorResponses, errorContent } from "../../lib/openapi.js";
import { defineRoute } from "../../lib/route-policy.js";

const notSignedIn = { description: "Not signed in", content: errorContent };
const state = (description: string) => ({ description, content: { "application/json": { schema: StockAlertStateSchema } } });

export const listStockAlertsRoute = defineRoute({
  method: "get",
  cache: "private",
  path: "/api/me/stock-alerts",
  tags: ["Store"],
  summary: "What the signed-in account waits for ('Notify me')",
  responses: { 200: { description: "Variant ids (a drop's: the product's id)", content: { "application/json": { schema: StockAlertsSchema } } }, 401: notSignedIn },
});

export const waitForRoute = defineRoute({
  method: "put",
  invalidates: [],
  path: "/api/me/stock-alerts/{productId}",
  tags: ["Store"],
  summary: "Notify me: one e-mail when this sold-out size is back, or this scheduled drop opens",
  description: "Safe to repeat. 409 IN_STOCK while it can be bought; 400 on `size` when a product with sizes names none.",
  request: { params: StockAlertParamsSchema, body: { required: true, content: { "application/json": { schema: StockAlertBodySchema } } } },
  responses: {
    200: state("Waiting"),
    401: notSignedIn,
    404: { description: "NOT_FOUND: no product the public can see has this id (or no such size)", content: errorContent },
    409: { description: "IN_STOCK: it can be bought now", content: errorContent },
    ...ErrorResponses,
  },
});

export const stopWaitingRoute = defineRoute({
  method: "delete",
  invalidates: [],
  path: "/api/me/stock-alerts/{productId}",
  tags: ["Store"],
  summary: "Stop waiting for anything of this product",
  request: { params: StockAlertParamsSchema },
  responses: { 200: state("Not waiting"), 401: notSignedIn, ...ErrorResponses },
});
