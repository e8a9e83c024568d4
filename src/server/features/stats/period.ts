/** The period a stats request asks for: a preset of the last N days, a chosen range, or the last 30 days (UTC). */
import type { StatsQuery } from "../../../common/api/stats.js";
import { STATS_DEFAULT_DAYS } from "../../../common/stats.js";
import { addDays, dayOf } from "./visitors.js";

export function statsPeriod(query: StatsQuery, now: Date): { from: string; to: string } {
  const today = dayOf(now);
  if (query.days) return { from: addDays(today, -(Number(query.days) - 1)), to: today };
  const to = query.to ?? today;
  return { from: query.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1)), to };
}
