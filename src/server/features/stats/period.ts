/** The period a stats request asks for: a preset of the last N days, a chosen range, or the last 30 days (UTC). */
import { PERIOD_MAX_DAYS, PERIOD_MESSAGES } from "../../../common/api/period.js";
import type { StatsQuery } from "../../../common/api/stats.js";
import { STATS_DEFAULT_DAYS } from "../../../common/stats.js";
import { validationError } from "../../lib/api-error.js";
import { addDays, dayOf } from "./visitors.js";

/**
 * The schema checks a period whose two ends are given; one end left to its default (`to` today)
 * is checked here, the same way: a `from` after today, or years before it, is refused on `from`
 * rather than answered with thousands of empty days.
 */
export function statsPeriod(query: StatsQuery, now: Date): { from: string; to: string } {
  const today = dayOf(now);
  if (query.days) return { from: addDays(today, -(Number(query.days) - 1)), to: today };
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
  if (from > to) throw validationError({ from: PERIOD_MESSAGES.order });
  if (from < addDays(to, -(PERIOD_MAX_DAYS - 1))) throw validationError({ from: PERIOD_MESSAGES.tooLong });
  return { from, to };
}
