/**
 * Stats (issue 35, docs/decisions/0034): the figures counted and the words for them, shared by
 * the server's answers and CSV and the stats pages (which must not load zod, so not common/api).
 */

/** The presets the pages offer; a chosen range is `from`/`to`. */
export const STATS_PRESETS = ["7", "30", "90"] as const;
export const STATS_DEFAULT_DAYS = 30;
/** How many items and sources an answer lists, most viewed first. */
export const STATS_TOP = 10;

/** Every figure a day, an item or a period has, in the order the tables show them. */
export const STATS_METRICS = [
  "views",
  "visitors",
  "plays_complete",
  "plays_partial",
  "plays_skipped",
  "favorites",
  "followers",
  "comments",
  "units",
  "revenue_cents",
  "signups",
] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

export const STATS_ITEM_KINDS = ["story", "product", "track", "creator", "page"] as const;
export type StatsItemKind = (typeof STATS_ITEM_KINDS)[number];

/** The columns of the tables and the CSV, in the words the pages use. */
export const STATS_LABELS: Record<StatsMetric, string> = {
  views: "Views",
  visitors: "Visitors",
  plays_complete: "Plays (complete)",
  plays_partial: "Plays (partial)",
  plays_skipped: "Plays (skipped)",
  favorites: "Favorites",
  followers: "Followers gained",
  comments: "Comments",
  units: "Units sold",
  revenue_cents: "Revenue",
  signups: "Sign-ups",
};
