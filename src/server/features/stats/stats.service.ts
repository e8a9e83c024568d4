/** What the studio's and the back office's stats routes answer: a period's stats, or their CSV download. */
import type { Kysely } from "kysely";
import type { StatsQuery } from "../../../common/api/stats.js";
import type { Database } from "../../db/types.js";
import { serverClock } from "../../lib/clock.js";
import { statsPeriod } from "./period.js";
import { statsCsv, statsCsvHeaders } from "./stats-csv.js";
import { statsFor, type StatsScope } from "./stats.queries.js";

export function periodStats(db: Kysely<Database>, scope: StatsScope, query: StatsQuery) {
  return statsFor(db, scope, statsPeriod(query, serverClock.now()));
}

/** The CSV and its download headers, the file named `maybe-{name}-{from}-to-{to}.csv`. */
export async function statsDownload(db: Kysely<Database>, scope: StatsScope, query: StatsQuery, name: string) {
  const stats = await periodStats(db, scope, query);
  return { body: statsCsv(stats), headers: statsCsvHeaders(stats, name) };
}
