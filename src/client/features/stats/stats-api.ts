/**
 * Stats (issue 35): a creator's own (/api/studio/stats) or the whole site's (/api/admin/stats),
 * for the last 7, 30 or 90 days or a chosen range of UTC days, and the CSV of the same. Keyed
 * under the signed-in user (lib/query-client.ts), so signing out drops them. Types only from the
 * contract (common/api/stats.ts): its schemas would bring zod into the page.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Stats, StatsDay, StatsItem, StatsSource } from "../../../common/api/stats";
import { STATS_DEFAULT_DAYS, STATS_PRESETS } from "../../../common/stats";
import { api } from "../../lib/api";
import { userKey } from "../../lib/query-client";

export type { Stats, StatsDay, StatsItem, StatsSource };

/** Whose stats: the signed-in creator's, or the site's for the back office. */
export type StatsScope = Stats["scope"];
export type StatsPreset = (typeof STATS_PRESETS)[number];

/** A preset (the last N days up to today) or a chosen range, both days included, as typed. */
export type StatsRange = { days: StatsPreset } | { from: string; to: string };

export const DEFAULT_RANGE: StatsRange = { days: String(STATS_DEFAULT_DAYS) as StatsPreset };

const ENDPOINT: Record<StatsScope, string> = { creator: "/api/studio/stats", site: "/api/admin/stats" };

export const isPreset = (value: string | null): value is StatsPreset => (STATS_PRESETS as readonly (string | null)[]).includes(value);

/** The range a page's address asks for (?days= or ?from=&to=); the default when it names none. */
export function rangeFromParams(params: URLSearchParams): StatsRange {
  const days = params.get("days");
  if (isPreset(days)) return { days };
  const from = params.get("from");
  const to = params.get("to");
  return from !== null || to !== null ? { from: from ?? "", to: to ?? "" } : DEFAULT_RANGE;
}

/** The query string of a range, for the API, the CSV and the page's own address. */
export function rangeQuery(range: StatsRange): string {
  return new URLSearchParams("days" in range ? { days: range.days } : { from: range.from, to: range.to }).toString();
}

export function useStats(uid: string, scope: StatsScope, range: StatsRange) {
  const query = rangeQuery(range);
  return useQuery({
    queryKey: userKey(uid, "stats", scope, query),
    queryFn: ({ signal }) => api<Stats>(`${ENDPOINT[scope]}?${query}`, { signal }),
    // Another range keeps the figures on screen until its own arrive, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

/** Where the CSV of the same range downloads from. */
export const statsCsvHref = (scope: StatsScope, range: StatsRange) => `${ENDPOINT[scope]}.csv?${rangeQuery(range)}`;
