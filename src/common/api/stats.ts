/**
 * Stats (issue 35, docs/decisions/0034): what the site counted, first-party and without cookies,
 * for a creator's own stories, products, tracks and page (GET /api/studio/stats) or for the whole
 * site (GET /api/admin/stats). One shape for both; the site's adds sign-ups not tied to an item.
 */
import { z } from "zod";
import { checkPeriod, periodDay } from "./period.js";
import { STATS_ITEM_KINDS, STATS_PRESETS, STATS_TOP } from "../stats.js";

export { STATS_ITEM_KINDS, STATS_LABELS, STATS_METRICS, STATS_PRESETS, STATS_TOP, type StatsItemKind, type StatsMetric } from "../stats.js";

export const StatsQuerySchema = z
  .object({
    days: z.enum(STATS_PRESETS).optional().meta({ description: "The last 7, 30 or 90 days up to today (UTC); wins over from/to" }),
    from: periodDay.meta({ description: "The first day (YYYY-MM-DD, UTC), included; by default 29 days before `to`" }),
    to: periodDay.meta({ description: "The last day (YYYY-MM-DD, UTC), included; by default today" }),
  })
  .superRefine(checkPeriod);
export type StatsQuery = z.infer<typeof StatsQuerySchema>;

const count = (description: string) => z.number().int().min(0).meta({ description });

const figures = {
  views: count("Page views (product modals and shared product links included)"),
  visitors: count("Unique visitors, each day's summed: a visitor is known for one day only (the salt changes daily)"),
  plays_complete: count("Radio plays heard to 90% or more"),
  plays_partial: count("Radio plays stopped between 10% and 90%"),
  plays_skipped: count("Radio plays skipped before 10%"),
  favorites: count("Favorites added"),
  followers: count("Followers gained"),
  comments: count("Comments written"),
  units: count("Units sold"),
  revenue_cents: count("What they sold for, before shipping"),
  signups: count("Accounts opened by visitors whose visit this page, item or source began"),
};

export const StatsFiguresSchema = z.object(figures).meta({ id: "StatsFigures" });
export type StatsFigures = z.infer<typeof StatsFiguresSchema>;

export const StatsDaySchema = z.object({ day: z.string().meta({ format: "date" }), ...figures }).meta({ id: "StatsDay" });
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const StatsItemSchema = z
  .object({
    kind: z.enum(STATS_ITEM_KINDS),
    id: z.string().meta({ description: "The item's id; for a page, its path" }),
    title: z.string().meta({ description: "The item's title or name now; a deleted item's kind" }),
    ...figures,
  })
  .meta({ id: "StatsItem" });
export type StatsItem = z.infer<typeof StatsItemSchema>;

export const StatsSourceSchema = z
  .object({
    source: z.string().meta({ description: "The referring site's host or the link's utm_source; empty for direct visits" }),
    views: figures.views,
    visitors: figures.visitors,
    signups: figures.signups,
  })
  .meta({ id: "StatsSource" });
export type StatsSource = z.infer<typeof StatsSourceSchema>;

export const StatsSchema = z
  .object({
    scope: z.enum(["creator", "site"]),
    from: z.string().meta({ format: "date" }),
    to: z.string().meta({ format: "date" }),
    totals: StatsFiguresSchema,
    days: z.array(StatsDaySchema).meta({ description: "Every day of the period, oldest first, zeros included" }),
    items: z.array(StatsItemSchema).meta({ description: `The ${STATS_TOP} items with most views, then most of anything else` }),
    sources: z.array(StatsSourceSchema).meta({ description: `The ${STATS_TOP} sources with most views, then most sign-ups` }),
  })
  .meta({ id: "Stats" });
export type Stats = z.infer<typeof StatsSchema>;
