/** 'Notify me' (issue 32, docs/decisions/0030): an account waits for a sold-out size, or a scheduled drop. */
import { z } from "zod";
import { SIZES } from "../sizes.js";
import { pathId } from "./params.js";

export const STOCK_ALERT_MESSAGES = {
  notFound: "We could not find that product.",
  inStock: "This is in stock now: add it to your cart.",
  chooseSize: "Choose the size you are waiting for.",
} as const;

export const StockAlertParamsSchema = z.object({ productId: pathId("productId") });

export const StockAlertBodySchema = z
  .object({ size: z.enum(SIZES).nullable().meta({ description: "The size waited for; null for a product without sizes, or a drop" }) })
  .meta({ id: "StockAlertBody" });

/** Where a request stands: `waiting` until its one e-mail has gone. */
export const StockAlertStateSchema = z
  .object({ product_id: z.string(), variant_id: z.string(), waiting: z.boolean() })
  .meta({ id: "StockAlertState" });
export type StockAlertState = z.infer<typeof StockAlertStateSchema>;

/** GET /api/me/stock-alerts: what the account waits for (a size's variant, or a drop's product id). */
export const StockAlertsSchema = z.object({ variant_ids: z.array(z.string()) }).meta({ id: "StockAlerts" });
export type StockAlerts = z.infer<typeof StockAlertsSchema>;
