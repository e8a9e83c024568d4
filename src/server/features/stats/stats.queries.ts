/**
 * The stats of a period for a scope (docs/decisions/0034): the site, or one creator's items.
 * Days up to the roll-up marker are read from the daily tables, later days (today, and any the
 * roll-up has not reached) from the raw events grouped the same way, and the two are added up
 * here. A period's visitors are its days' visitors summed: a visitor is only known for a day.
 */
import { sql, type Kysely } from "kysely";
import { STATS_METRICS, STATS_TOP, type StatsItemKind } from "../../../common/stats.js";
import type { Stats, StatsFigures, StatsItem, StatsSource } from "../../../common/api/stats.js";
import { PAGES, type PageId } from "../../../common/pages.js";
import type { Database } from "../../db/types.js";
import { figures, rolledThrough } from "./rollup.js";
import { addDays } from "./visitors.js";

export type StatsScope = { creatorId: string } | "site";

interface KindRow {
  kind: string;
  events: number;
  visitors: number;
  units: number;
  amount_cents: number;
}

/** Candidates read from the roll-ups before today's are added and the top ones kept. */
const CANDIDATES = STATS_TOP * 5;

const zero = (): StatsFigures => Object.fromEntries(STATS_METRICS.map((m) => [m, 0])) as StatsFigures;

/** Adds one kind's row to a set of figures. */
function add(into: StatsFigures, row: KindRow): void {
  const events = Number(row.events);
  switch (row.kind) {
    case "view":
      into.views += events;
      into.visitors += Number(row.visitors);
      break;
    case "play_complete":
    case "play_partial":
    case "play_skipped":
      into[`plays_${row.kind.slice(5)}` as "plays_complete"] += events;
      break;
    case "favorite":
      into.favorites += events;
      break;
    case "follow":
      into.followers += events;
      break;
    case "comment":
      into.comments += events;
      break;
    case "sale":
      into.units += Number(row.units);
      into.revenue_cents += Number(row.amount_cents);
      break;
    case "signup":
      into.signups += events;
      break;
  }
}

const activity = (f: StatsFigures) => STATS_METRICS.reduce((sum, m) => sum + (m === "revenue_cents" ? 0 : f[m]), 0);

export async function statsFor(db: Kysely<Database>, scope: StatsScope, period: { from: string; to: string }): Promise<Stats> {
  const through = (await rolledThrough(db)) ?? "";
  // The rolled-up part of the period, and the part after it.
  const rolledTo = through < period.to ? through : period.to;
  const rawFrom = through >= period.from ? addDays(through, 1) : period.from;
  const hasRolled = rolledTo >= period.from;
  const hasRaw = rawFrom <= period.to;
  const scopeKey = scope === "site" ? "site" : scope.creatorId;

  const raw = db.selectFrom("stat_event").where("day", ">=", rawFrom).where("day", "<=", period.to);
  const rawScoped = scope === "site" ? raw : raw.where("creator_id", "=", scope.creatorId);
  const rawFigures = figures();
  const pivot = (kind: string, column = "events") => sql<number>`coalesce(sum(case when kind = ${kind} then ${sql.ref(column)} else 0 end), 0)`;

  const [rolledDays, rawDays, rolledItems, rawItems, rolledSources, rawSources] = await Promise.all([
    hasRolled
      ? db.selectFrom("stat_daily").select(["day", "kind", "events", "visitors", "units", "amount_cents"]).where("scope", "=", scopeKey).where("day", ">=", period.from).where("day", "<=", rolledTo).execute()
      : [],
    hasRaw ? rawScoped.select(["day", "kind", ...rawFigures]).groupBy(["day", "kind"]).execute() : [],
    hasRolled
      ? (() => {
          let items = db.selectFrom("stat_daily_item").where("day", ">=", period.from).where("day", "<=", rolledTo);
          if (scope !== "site") items = items.where("creator_id", "=", scope.creatorId);
          // The items with most views (then most events) over the rolled-up days; their figures by kind below.
          const top = items
            .select(["item_kind", "item_id"])
            .groupBy(["item_kind", "item_id"])
            .orderBy(pivot("view"), "desc")
            .orderBy(sql`sum(events)`, "desc")
            .orderBy("item_id")
            .limit(CANDIDATES);
          return items
            .where(sql<boolean>`(item_kind, item_id) in (${top})`)
            .select(["item_kind", "item_id", "kind", sql<number>`sum(events)`.as("events"), sql<number>`sum(visitors)`.as("visitors"), sql<number>`sum(units)`.as("units"), sql<number>`sum(amount_cents)`.as("amount_cents")])
            .groupBy(["item_kind", "item_id", "kind"])
            .execute();
        })()
      : [],
    hasRaw
      ? rawScoped
          .where("item_id", "is not", null)
          .select(["day", sql<string>`item_kind`.as("item_kind"), sql<string>`item_id`.as("item_id"), "kind", ...rawFigures])
          .groupBy(["day", "item_kind", "item_id", "kind"])
          .execute()
      : [],
    hasRolled
      ? db
          .selectFrom("stat_daily_source")
          .select(["source", "kind", sql<number>`sum(events)`.as("events"), sql<number>`sum(visitors)`.as("visitors")])
          .where("scope", "=", scopeKey)
          .where("day", ">=", period.from)
          .where("day", "<=", rolledTo)
          .groupBy(["source", "kind"])
          .execute()
      : [],
    hasRaw
      ? rawScoped
          .where("kind", "in", ["view", "signup"])
          .select(["day", sql<string>`coalesce(source, '')`.as("source"), "kind", sql<number>`count(*)`.as("events"), sql<number>`count(distinct visitor)`.as("visitors")])
          .groupBy(["day", sql`coalesce(source, '')`, "kind"])
          .execute()
      : [],
  ]);

  // Every day of the period, zeros included.
  const days = new Map<string, StatsFigures>();
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.set(day, zero());
  const totals = zero();
  for (const row of [...rolledDays, ...rawDays]) {
    add(days.get(row.day)!, row);
    add(totals, row);
  }

  const items = new Map<string, { kind: StatsItemKind; id: string; figures: StatsFigures }>();
  for (const row of [...rolledItems, ...rawItems]) {
    const key = `${row.item_kind}:${row.item_id}`;
    let item = items.get(key);
    if (!item) {
      item = { kind: row.item_kind as StatsItemKind, id: row.item_id, figures: zero() };
      items.set(key, item);
    }
    add(item.figures, row);
  }
  const topItems = [...items.values()]
    .sort((a, b) => b.figures.views - a.figures.views || activity(b.figures) - activity(a.figures) || a.id.localeCompare(b.id))
    .slice(0, STATS_TOP);

  const sources = new Map<string, StatsSource>();
  for (const row of [...rolledSources, ...rawSources]) {
    const entry = sources.get(row.source) ?? { source: row.source, views: 0, visitors: 0, signups: 0 };
    if (row.kind === "view") {
      entry.views += Number(row.events);
      entry.visitors += Number(row.visitors);
    } else entry.signups += Number(row.events);
    sources.set(row.source, entry);
  }

  return {
    scope: scope === "site" ? "site" : "creator",
    from: period.from,
    to: period.to,
    totals,
    days: [...days].map(([day, figures]) => ({ day, ...figures })),
    items: await titled(db, topItems),
    sources: [...sources.values()].sort((a, b) => b.views - a.views || b.signups - a.signups || a.source.localeCompare(b.source)).slice(0, STATS_TOP),
  };
}

const PAGE_TITLES = new Map(
  (Object.keys(PAGES) as PageId[]).map((id) => [PAGES[id].path as string, id === "landing" ? "Landing page" : id.charAt(0).toUpperCase() + id.slice(1)]),
);
const KIND_NAMES: Record<StatsItemKind, string> = { story: "A deleted story", product: "A deleted product", track: "A deleted track", creator: "A creator no longer here", page: "A page" };

/** Each item's title (a creator's name, a page's name) as it is now. */
async function titled(db: Kysely<Database>, items: { kind: StatsItemKind; id: string; figures: StatsFigures }[]): Promise<StatsItem[]> {
  const ids = (kind: StatsItemKind) => items.filter((i) => i.kind === kind).map((i) => i.id);
  const lookups = await Promise.all([
    ids("story").length ? db.selectFrom("story").select(["id", "title"]).where("id", "in", ids("story")).execute() : [],
    ids("product").length ? db.selectFrom("product").select(["id", "title"]).where("id", "in", ids("product")).execute() : [],
    ids("track").length ? db.selectFrom("track").select(["id", "title"]).where("id", "in", ids("track")).execute() : [],
    ids("creator").length
      ? db
          .selectFrom("creator")
          .select(["id", sql<string>`first_name || ' ' || last_name`.as("title")])
          .where("id", "in", ids("creator"))
          .execute()
      : [],
  ]);
  const kinds: StatsItemKind[] = ["story", "product", "track", "creator"];
  const titles = new Map<string, string>();
  lookups.forEach((rows, i) => rows.forEach((row) => titles.set(`${kinds[i]}:${row.id}`, row.title)));
  return items.map(({ kind, id, figures }) => ({
    kind,
    id,
    title: kind === "page" ? (PAGE_TITLES.get(id) ?? id) : (titles.get(`${kind}:${id}`) ?? KIND_NAMES[kind]),
    ...figures,
  }));
}
