/**
 * A period of whole UTC days, both ends included, as the studio's sales and the stats take it
 * (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): one shape, one set of messages, one longest period.
 */
import { z } from "zod";

/** The longest period one answer covers: a little over a year of days. */
export const PERIOD_MAX_DAYS = 366;

export const PERIOD_MESSAGES = {
  date: "Use a date like 2026-11-28",
  order: "The start must be on or before the end",
  tooLong: `Choose at most ${PERIOD_MAX_DAYS} days`,
} as const;

export const periodDay = z
  .string({ error: PERIOD_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PERIOD_MESSAGES.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), PERIOD_MESSAGES.date)
  .optional();

/** `from` after `to`, or more than PERIOD_MAX_DAYS days, is refused on `from`. */
export function checkPeriod(q: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: "custom", path: ["from"], message: PERIOD_MESSAGES.order });
  else if (days + 1 > PERIOD_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["from"], message: PERIOD_MESSAGES.tooLong });
}
