/**
 * A creator's sales in the studio (/api/studio/sales, issue 31, docs/decisions/0027): per product
 * and size, the units sold, the revenue and the stock left over a chosen period, on the page and
 * as a CSV download. Nothing of the buyers: the site fulfils the orders.
 */
import { z } from "zod";
import { SIZES } from "../sizes.js";

/** The longest period one answer covers: a little over a year of days. */
export const SALES_PERIOD_MAX_DAYS = 366;
export const SALES_DEFAULT_DAYS = 30;

export const SALES_MESSAGES = {
  date: "Use a date like 2026-11-28",
  order: "The start must be on or before the end",
  tooLong: `Choose at most ${SALES_PERIOD_MAX_DAYS} days`,
} as const;

const day = z
  .string({ error: SALES_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SALES_MESSAGES.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), SALES_MESSAGES.date)
  .optional();

/** The period, both days included (UTC); by default the last 30 days up to today. */
export const SalesQuerySchema = z
  .object({
    from: day.meta({ description: "The first day (YYYY-MM-DD, UTC), included; by default 29 days before `to`" }),
    to: day.meta({ description: "The last day (YYYY-MM-DD, UTC), included; by default today" }),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: "custom", path: ["from"], message: SALES_MESSAGES.order });
    else if (days + 1 > SALES_PERIOD_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["from"], message: SALES_MESSAGES.tooLong });
  });

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
