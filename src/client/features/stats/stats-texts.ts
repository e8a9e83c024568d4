/** The stats pages' words (issue 35). The figures' own names are the contract's (common/stats.ts). */
import type { PERIOD_MESSAGES } from "../../../common/api/period";
import type { StatsItemKind } from "../../../common/stats";
import type { StatsPreset } from "./stats-api";

/**
 * The server's words for a start after the end, said before asking it. Typed by the contract's
 * own message, so the two cannot drift apart (its module builds zod schemas: only its type comes).
 */
const ORDER_MESSAGE: (typeof PERIOD_MESSAGES)["order"] = "The start must be on or before the end";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 28, 2026" for a UTC day (YYYY-MM-DD). */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));
export const formatCount = (n: number) => n.toLocaleString("en-US");

export const STATS_TEXT = {
  heading: "Stats",
  range: "Period",
  presets: { "7": "7 days", "30": "30 days", "90": "90 days" } satisfies Record<StatsPreset, string>,
  custom: "Or choose the days",
  from: "From",
  to: "To",
  apply: "Apply",
  orderMessage: ORDER_MESSAGE,
  period: (from: string, to: string) => `${formatDay(from)} to ${formatDay(to)}, in UTC days`,
  downloadCsv: "Download CSV",
  loading: "Counting...",
  failed: "The stats could not be loaded. Check your connection and try again.",
  retry: "Try again",
  empty: "Nothing counted yet in these days.",
  totals: "Totals",
  plays: "Plays",
  playsBreakdown: (complete: number, partial: number, skipped: number) =>
    `${formatCount(complete)} complete · ${formatCount(partial)} partial · ${formatCount(skipped)} skipped`,
  overTime: "Over time",
  chart: "Chart",
  showTable: "Show table",
  chartFailed: "The chart could not be drawn. The table below has the same numbers.",
  byDay: (label: string) => `${label} by day`,
  day: "Day",
  topItems: "Top items",
  topSources: "Top sources",
  kind: "Kind",
  title: "Title",
  source: "Source",
  direct: "Direct / none",
  noItems: "No page, story, product or track was counted in these days.",
  noSources: "No visit was counted in these days.",
} as const;

export const KIND_LABELS: Record<StatsItemKind, string> = {
  story: "Story",
  product: "Product",
  track: "Track",
  creator: "Creator",
  page: "Page",
};
