/**
 * Synthetic data for bench/stats.bench.ts, deterministic (one seed, the same rows every run):
 *
 * - statsItems(): CREATORS creators (`sc_0000`…), each with 3 stories, 3 products and 2 tracks,
 *   written through the seed's factories (tracks as minimal rows), so every id resolves as the
 *   counter's owner lookup and the stats' titles need.
 * - an event model: creators' popularity Zipf (s = 1: the first creator has about 12% of the
 *   creators' events, the last a few hundred over 120 days), each creator's items weighted, the
 *   site's own pages beside them (20% of events); a kind for each item kind (views, favorites,
 *   comments, sales of products, plays of tracks, follows of creators, sign-ups on pages);
 *   visitors from a pool (about 4 views each a day); sources from a short list.
 * - insertEvents(): `count` raw events over `days` days ending on `lastDay`, written straight
 *   into stat_event (multi-row inserts on SQLite, unnest() arrays on PostgreSQL), a transaction
 *   a day, the table's indexes dropped while writing and made again from their own definitions.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../src/server/db/client.js";
import { insertCreator, insertProduct, insertStory, withTransaction } from "../src/server/db/seed/factories.js";
import { addDays } from "../src/server/features/stats/visitors.js";
import { seededRandom as random } from "../src/common/seeded-random.js";

export const CREATORS = 2_000;
const STORIES_EACH = 3;
const PRODUCTS_EACH = 3;
const TRACKS_EACH = 2;


export const creatorId = (rank: number) => `sc_${String(rank).padStart(4, "0")}`;

export interface BenchItem {
  kind: "story" | "product" | "track" | "creator" | "page";
  id: string;
  creator: string | null;
  weight: number;
}

const SITE_PAGES: [string, number][] = [
  ["/", 8],
  ["/store", 5],
  ["/stories", 3],
  ["/creators", 2],
  ["/about", 1],
  ["/contact", 0.5],
];

/** Every item of the model with its share of events (they sum to 1). */
export function benchItems(): BenchItem[] {
  const items: BenchItem[] = [];
  // The creators' items: 80% of events, a creator's share 1/(rank+1).
  let harmonic = 0;
  for (let r = 0; r < CREATORS; r++) harmonic += 1 / (r + 1);
  const own: [BenchItem["kind"], string, number][] = [
    ["creator", "", 3],
    ["story", "s0", 3],
    ["story", "s1", 2],
    ["story", "s2", 1],
    ["product", "p0", 2],
    ["product", "p1", 1.5],
    ["product", "p2", 1],
    ["track", "t0", 2],
    ["track", "t1", 1],
  ];
  const ownTotal = own.reduce((sum, [, , w]) => sum + w, 0);
  for (let r = 0; r < CREATORS; r++) {
    const creator = creatorId(r);
    const share = (0.8 * (1 / (r + 1))) / harmonic;
    for (const [kind, suffix, w] of own) items.push({ kind, id: suffix ? `${creator}_${suffix}` : creator, creator, weight: (share * w) / ownTotal });
  }
  const pagesTotal = SITE_PAGES.reduce((sum, [, w]) => sum + w, 0);
  for (const [path, w] of SITE_PAGES) items.push({ kind: "page", id: path, creator: null, weight: (0.2 * w) / pagesTotal });
  return items;
}

/** A sampler of `items` by weight: a table of 2^20 slots, each an item's index. */
export function sampler<T extends { weight: number }>(items: T[]): (u: number) => T {
  const SLOTS = 1 << 20;
  const table = new Int32Array(SLOTS);
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let slot = 0;
  let cumulative = 0;
  items.forEach((item, i) => {
    cumulative += item.weight;
    const end = i === items.length - 1 ? SLOTS : Math.round((cumulative / total) * SLOTS);
    for (; slot < end; slot++) table[slot] = i;
  });
  // An item lighter than one slot (the least popular creators' least viewed items) still gets its
  // turn now and then: one draw in 64 is uniform over the items.
  return (u: number) => {
    if (u < 1 / 64) return items[Math.floor(u * 64 * items.length)]!;
    return items[table[Math.floor(((u - 1 / 64) / (1 - 1 / 64)) * SLOTS)]!]!;
  };
}

/** The creators and their items, written through the seed's factories in one transaction. */
export async function insertStatsItems(database: Db): Promise<void> {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  await withTransaction(database, async (trx) => {
    const creators = Array.from({ length: CREATORS }, (_, r) => ({
      id: creatorId(r),
      first_name: "Bench",
      last_name: `Creator ${r}`,
      email: `${creatorId(r)}@example.com`,
      joined: at,
    }));
    await insertCreator(trx, creators);
    await insertStory(
      trx,
      creators.flatMap((c) => Array.from({ length: STORIES_EACH }, (_, i) => ({ id: `${c.id}_s${i}`, creator_id: c.id, title: `Story ${i} of ${c.id}`, created_at: at }))),
    );
    await insertProduct(
      trx,
      creators.flatMap((c) => Array.from({ length: PRODUCTS_EACH }, (_, i) => ({ id: `${c.id}_p${i}`, creator_id: c.id, title: `Product ${i} of ${c.id}`, created_at: at }))),
    );
    const tracks = creators.flatMap((c) =>
      Array.from({ length: TRACKS_EACH }, (_, i) => ({
        id: `${c.id}_t${i}`,
        source: "upload" as const,
        creator_id: c.id,
        title: `Track ${i} of ${c.id}`,
        audio_key: `bench/${c.id}_t${i}.mp3`,
        audio_type: "audio/mpeg",
        status: "rotation" as const,
        created_at: at,
        updated_at: at,
      })),
    );
    for (let i = 0; i < tracks.length; i += 500) await trx.db.insertInto("track").values(tracks.slice(i, i + 500)).execute();
  });
}

/** What a random event of an item is, by the item's kind. */
function kindOf(item: BenchItem, u: number): string {
  switch (item.kind) {
    case "page":
      return u < 0.97 ? "view" : "signup";
    case "story":
      return u < 0.94 ? "view" : u < 0.97 ? "favorite" : "comment";
    case "product":
      return u < 0.93 ? "view" : u < 0.96 ? "favorite" : "sale";
    case "track":
      return u < 0.5 ? "play_complete" : u < 0.75 ? "play_partial" : u < 0.9 ? "play_skipped" : "favorite";
    case "creator":
      return u < 0.95 ? "view" : "follow";
  }
}

export const SOURCES: [string, number][] = [
  ["", 60],
  ["google.com", 18],
  ["instagram.com", 8],
  ["newsletter", 5],
  ["bandcamp.com", 3],
  ["t.co", 2],
  ["facebook.com", 2],
  ["duckduckgo.com", 1],
  ["reddit.com", 1],
];

export interface EventsSummary {
  /** Days written, oldest first, with their event and view counts. */
  days: { day: string; events: number; views: number }[];
  ms: number;
}

type Row = [day: string, kind: string, itemKind: string | null, itemId: string | null, creator: string | null, visitor: string | null, source: string | null, units: number, amount: number];

/** Generates a day's events in order, calling `emit` for each. */
function* dayEvents(day: string, count: number, next: () => number, pick: (u: number) => BenchItem, visitors: string[], sources: (u: number) => { source: string }): Generator<Row> {
  const pool = Math.max(500, Math.floor(count / 4));
  const offset = Math.floor(next() * visitors.length);
  for (let i = 0; i < count; i++) {
    const item = pick(next());
    const kind = kindOf(item, next());
    const counted = kind === "view" || kind === "signup";
    const visitor = counted ? visitors[(offset + Math.floor(next() * pool)) % visitors.length]! : null;
    const source = counted ? sources(next()).source : null;
    const units = kind === "sale" ? (next() < 0.9 ? 1 : 2) : 0;
    const amount = units * 1500;
    yield [day, kind, item.kind, item.id, item.creator, visitor, source, units, amount];
  }
}

/** stat_event's own indexes, as the migrations made them: dropped while the rows go in, made again after. */
async function withoutEventIndexes(database: Db, work: () => Promise<void>): Promise<void> {
  const { db } = database;
  const definitions =
    database.dialect === "sqlite"
      ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'stat_event' and sql is not null`.execute(db)).rows
      : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'stat_event'`.execute(db)).rows;
  for (const { name } of definitions) await sql`drop index ${sql.id(name)}`.execute(db);
  try {
    await work();
  } finally {
    for (const definition of definitions) await sql.raw(definition.sql).execute(db);
  }
}

const SQLITE_ROWS_PER_INSERT = 200;
const PG_ROWS_PER_INSERT = 20_000;

/**
 * `count` events over `days` days ending on `lastDay` (a weekly rhythm: weekends 25% busier),
 * written a day at a time. Returns each day's counts (the stats' answers are checked against them).
 */
export async function insertEvents(database: Db, options: { count: number; days: number; lastDay: string; seed?: number }): Promise<EventsSummary> {
  const started = performance.now();
  const next = random(options.seed ?? 35);
  const pick = sampler(benchItems());
  const sources = sampler(SOURCES.map(([source, weight]) => ({ source, weight })));
  const visitors = Array.from({ length: 200_000 }, () => randomBytes(16).toString("base64url").slice(0, 22));
  const dayList = Array.from({ length: options.days }, (_, i) => addDays(options.lastDay, i - options.days + 1));
  const weights = dayList.map((day) => ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.25 : 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((options.count * w) / weightSum));
  counts[counts.length - 1]! += options.count - counts.reduce((a, b) => a + b, 0);
  const summary: EventsSummary = { days: [], ms: 0 };

  const sqlite = database.sqlite;
  await withoutEventIndexes(database, async () => {
    if (sqlite) {
      // Only while writing: the roll-up and the reads run on the production settings (createDb).
      sqlite.pragma("synchronous = OFF");
      const placeholders = (n: number) => Array.from({ length: n }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
      const insert = (n: number) => sqlite.prepare(`insert into stat_event (day, kind, item_kind, item_id, creator_id, visitor, source, units, amount_cents) values ${placeholders(n)}`);
      const full = insert(SQLITE_ROWS_PER_INSERT);
      const writeDay = sqlite.transaction((rows: Generator<Row>) => {
        let batch: unknown[] = [];
        let views = 0;
        let n = 0;
        for (const row of rows) {
          if (row[1] === "view") views += 1;
          batch.push(...row);
          n += 1;
          if (n === SQLITE_ROWS_PER_INSERT) {
            full.run(batch);
            batch = [];
            n = 0;
          }
        }
        if (n > 0) insert(n).run(batch);
        return views;
      });
      try {
        dayList.forEach((day, i) => {
          const views = writeDay(dayEvents(day, counts[i]!, next, pick, visitors, sources));
          summary.days.push({ day, events: counts[i]!, views });
        });
      } finally {
        sqlite.pragma("synchronous = FULL");
      }
      return;
    }
    for (const [i, day] of dayList.entries()) {
      let views = 0;
      await database.db.transaction().execute(async (trx) => {
        const rows = dayEvents(day, counts[i]!, next, pick, visitors, sources);
        for (let written = 0; written < counts[i]!; ) {
          const columns: unknown[][] = Array.from({ length: 9 }, () => []);
          for (let n = 0; n < PG_ROWS_PER_INSERT && written < counts[i]!; n++, written++) {
            const row = rows.next().value as Row;
            if (row[1] === "view") views += 1;
            row.forEach((value, c) => columns[c]!.push(value));
          }
          await sql`insert into stat_event (day, kind, item_kind, item_id, creator_id, visitor, source, units, amount_cents)
            select * from unnest(${columns[0]}::text[], ${columns[1]}::text[], ${columns[2]}::text[], ${columns[3]}::text[], ${columns[4]}::text[],
              ${columns[5]}::text[], ${columns[6]}::text[], ${columns[7]}::int[], ${columns[8]}::bigint[])`.execute(trx);
        }
      });
      summary.days.push({ day, events: counts[i]!, views });
    }
  });
  summary.ms = performance.now() - started;
  return summary;
}
