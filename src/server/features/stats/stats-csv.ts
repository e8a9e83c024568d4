/** A period's stats as CSV (lib/csv.ts): one row a day with every figure, then the totals. */
import type { Stats, StatsFigures } from "../../../common/api/stats.js";
import { formatCents } from "../../../common/money.js";
import { STATS_LABELS, STATS_METRICS } from "../../../common/stats.js";
import { csvOf } from "../../lib/csv.js";

const cells = (figures: StatsFigures) => STATS_METRICS.map((m) => (m === "revenue_cents" ? formatCents(figures[m]) : figures[m]));

export function statsCsv(stats: Stats): string {
  return csvOf([["Day", ...STATS_METRICS.map((m) => STATS_LABELS[m])], ...stats.days.map((day) => [day.day, ...cells(day)]), ["Total", ...cells(stats.totals)]]);
}

export const statsCsvHeaders = (stats: Stats, name: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="maybe-${name}-${stats.from}-to-${stats.to}.csv"`,
});
