/**
 * A creator's sales in the studio (/api/studio/sales, issue 31, docs/decisions/0027): per product
 * and size, the units sold, the revenue and the stock left over a chosen period, on the page and
 * as a CSV download. Nothing of the buyers: the site fulfils the orders.
 */
import { z } from "zod";
import { SIZES } from "../sizes.js";

import { checkPeriod, PERIOD_MAX_DAYS, PERIOD_MESSAGES, periodDay } from "./period.js";

export const SALES_PERIOD_MAX_DAYS = PERIOD_MAX_DAYS;
export const SALES_DEFAULT_DAYS = 30;
export const SALES_MESSAGES = PERIOD_MESSAGES;

/** The period, both days included (UTC); by default the last 30 days up to today. */
export const SalesQuerySchema = z
  .object({
    from: periodDay.meta({ description: "The first day (YYYY-MM-DD, UTC), included; by default 29 days before `to`" }),
    to: periodDay.meta({ description: "The last day (YYYY-MM-DD, UTC), included; by default today" }),
  })
  .superRefine(checkPeriod);

export const SalesRowSchema = z
  .object({
    product_id: z.string(),
    title: z.string(),
    size: z.union([z.enum(SIZES), z.null()]).meta({ description: "null for goods without sizes" }),
    units: z.number().int().meta({ description: "Units sold in the period, in orders not cancelled or refunded" }),
    revenue_cents: z.number().int().meta({ description: "What those units sold for (their prices when ordered), before shipping" }),
    stock: z.number().int().meta({ description: "Left now" }),
  })
  .meta({ id: "SalesRow" });
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const SalesReportSchema = z
  .object({
    from: z.string().meta({ format: "date" }),
    to: z.string().meta({ format: "date" }),
    rows: z.array(SalesRowSchema).meta({ description: "Every size on offer of every product of the creator's, and any size sold in the period; newest product first, sizes in order" }),
    units: z.number().int(),
    revenue_cents: z.number().int(),
  })
  .meta({ id: "SalesReport" });
export type SalesReport = z.infer<typeof SalesReportSchema>;
