/**
 * The batch writer (docs/decisions/0034): what the counter captured, made into rows of stat_event
 * and written. Everything a count needs beyond the capture is done here, off the request's path
 * (in the writer thread, threaded-writer.ts, when the site runs one): which item a page is, the
 * source, whether the browser is a bot, the visitor's hash, the item's creator, the sign-up's
 * attribution. The address and the browser string end here, as a hash.
 *
 * Sign-ups are attributed as Ghost does, without a cookie: the hash of the visitor signing up finds
 * the visit it began (its source and the last item it viewed, within 30 minutes) in this writer's
 * memory; views and sign-ups reach it in the order they were counted.
 */
import type { Insertable, Kysely } from "kysely";
import { createDb, type Db } from "../../db/client.js";
import type { Database, StatEventTable } from "../../db/types.js";
import { addressOf } from "../../lib/client-ip.js";
import { createItemOwners, itemOfPage, type ItemRef } from "./items.js";
import { sourceOf } from "./sources.js";
import { createSalts, DAY_MS, dayOf, visitorHash } from "./visitors.js";
import { isBot } from "./who-counts.js";

export type ActionKind = "favorite" | "follow" | "comment" | "sale" | "play_complete" | "play_partial" | "play_skipped";

/** Who is looking: only ever held until the batch is written. */
export interface Visit {
  address: string;
  agent: string;
}

/**
 * A page view as the request showed it: a browser's load of a page (count-views.ts), or the app's
 * own navigation reported by its beacon (`inApp`: the visit began on this site, so no source).
 */
export interface ViewCapture {
  type: "view";
  /** When it was counted (the server's clock, ms). */
  at: number;
  /** The path with its query. */
  url: string;
  referer: string | undefined;
  inApp: boolean;
  /** The socket's peer and X-Forwarded-For, made into the address here (client-ip.ts). */
  peer: string | undefined;
  forwardedFor: string | undefined;
  agent: string;
}

export type Capture =
  | ViewCapture
  | { type: "action"; at: number; kind: ActionKind; item: ItemRef; units: number; amountCents: number }
  /** `visit` null when the browser declines counting: counted, not attributed. */
  | { type: "signup"; at: number; visit: Visit | null };

export interface WriterOptions {
  /** The site's host (with its port): part of every visitor's hash, and a referrer from it is no source. */
  site: string;
  /** Proxies in front of the site, for the address (TRUST_PROXY). */
  trustProxy: number;
}

/** What writes captured batches: this module in the server's thread, or the writer thread (threaded-writer.ts). */
export interface StatsWriter {
  /** The rows written for `batch`; rejects when the database refused it. */
  write(batch: Capture[]): Promise<number>;
  close(): Promise<void>;
}

interface VisitTrail {
  source: string;
  entry: ItemRef;
  last: ItemRef;
  seen: number;
}

const VISIT_MS = 30 * 60_000;
const VISITS_REMEMBERED = 50_000;
/** Rows an insert carries (9 parameters each, under SQLite's and PostgreSQL's limits), each in its own transaction so the server's own writes wait for one insert at most. */
const INSERT_CHUNK = 500;
/** Visitors' hashes remembered for the day: most visitors view more than one page. */
const HASHES_REMEMBERED = 50_000;
const BASE = "http://site.invalid";

/**
 * The writer's own connection (the writer thread's): on SQLite, commits without waiting for the
 * disk (synchronous=NORMAL, per connection; WAL keeps the file whole), so a power cut may lose the
 * last batches of counts, which the counter may lose anyway, and never the database. The site's
 * own connection keeps synchronous=FULL for everything else.
 */
export function openWriterDatabase(url: string): Db {
  const database = createDb(url);
  database.sqlite?.pragma("synchronous = NORMAL");
  return database;
}

export function createBatchWriter(db: Kysely<Database>, options: WriterOptions): StatsWriter {
  const { site, trustProxy } = options;
  const salts = createSalts(db);
  const owners = createItemOwners(db);
  const trails = new Map<string, VisitTrail>();
  const hashes = { day: "", salt: "", known: new Map<string, string>() };
  /** The last day seen and where it begins: most events of a batch fall in the same day. */
  let today = { day: "", start: 0 };

  const dayAt = (at: number): string => {
    if (at < today.start || at >= today.start + DAY_MS) {
      const day = dayOf(new Date(at));
      today = { day, start: Date.parse(`${day}T00:00:00Z`) };
    }
    return today.day;
  };

  async function hashOf(day: string, visit: Visit): Promise<string> {
    if (hashes.day !== day) {
      hashes.day = day;
      hashes.salt = await salts.of(day);
      hashes.known = new Map();
    }
    const key = `${visit.address}\0${visit.agent}`;
    let hash = hashes.known.get(key);
    if (!hash) {
      hash = visitorHash(hashes.salt, site, visit.address, visit.agent);
      if (hashes.known.size >= HASHES_REMEMBERED) hashes.known.clear();
      hashes.known.set(key, hash);
    }
    return hash;
  }

  function trailOf(visitor: string, at: number): VisitTrail | undefined {
    const trail = trails.get(visitor);
    if (trail && at - trail.seen > VISIT_MS) {
      trails.delete(visitor);
      return undefined;
    }
    return trail;
  }

  function follow(visitor: string, item: ItemRef, source: string, at: number) {
    const trail = trailOf(visitor, at);
    if (trail) {
      trail.seen = at;
      if (item.kind !== "page") trail.last = item;
      // Map order is the order of last use: the oldest trails go first when it is full.
      trails.delete(visitor);
      trails.set(visitor, trail);
      return;
    }
    if (trails.size >= VISITS_REMEMBERED) {
      // The oldest tenth at once: deleting only the first key each time stepped over every earlier
      // deletion's hole at the map's front (V8 compacts a Map only when it fills), about 20 µs a
      // view once a day brought more than VISITS_REMEMBERED visitors (bench:stats).
      let forget = VISITS_REMEMBERED / 10;
      for (const old of trails.keys()) {
        trails.delete(old);
        if (--forget === 0) break;
      }
    }
    trails.set(visitor, { source, entry: item, last: item, seen: at });
  }

  /** The view's item and source, or undefined when it is not a public page or is a bot's. */
  function viewOf(view: ViewCapture): { item: ItemRef; source: string } | undefined {
    if (isBot(view.agent)) return undefined;
    let url: URL;
    try {
      url = new URL(view.url, BASE);
    } catch {
      return undefined;
    }
    // `//elsewhere/...` is another host's path, not this site's.
    if (url.origin !== BASE) return undefined;
    const item = itemOfPage(url.pathname, url.search);
    if (!item) return undefined;
    return { item, source: view.inApp ? "" : sourceOf(url.search, view.referer, site) };
  }

  async function write(batch: Capture[]): Promise<number> {
    const views = batch.map((event) => (event.type === "view" ? viewOf(event) : undefined));
    const items = batch.flatMap((event, i) => (event.type === "action" ? [event.item] : views[i] ? [views[i].item] : []));
    const ownerOf = await owners.resolve(items);
    const rows: Insertable<StatEventTable>[] = [];
    const row = (day: string, kind: string, item: ItemRef | null, creator: string | null, visitor: string | null, source: string | null, units = 0, amount = 0) =>
      rows.push({ day, kind, item_kind: item?.kind ?? null, item_id: item?.id ?? null, creator_id: creator, visitor, source, units, amount_cents: amount });
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      const day = dayAt(event.at);
      if (event.type === "view") {
        const view = views[i];
        // An item that does not exist: a made-up id in a URL leaves nothing, nor becomes the visit's item.
        const creator = view && ownerOf(view.item);
        if (!view || creator === undefined) continue;
        const visitor = await hashOf(day, { address: addressOf(event.peer, event.forwardedFor, trustProxy), agent: event.agent });
        follow(visitor, view.item, view.source, event.at);
        row(day, "view", view.item, creator, visitor, view.source);
      } else if (event.type === "action") {
        const creator = ownerOf(event.item);
        if (creator !== undefined) row(day, event.kind, event.item, creator, null, null, event.units, event.amountCents);
      } else {
        // A bot's sign-up is counted, not attributed, as one from a browser that declines counting.
        const visit = event.visit && !isBot(event.visit.agent) ? event.visit : null;
        const visitor = visit && (await hashOf(day, visit));
        const trail = visitor ? trailOf(visitor, event.at) : undefined;
        const item = trail ? (trail.last.kind !== "page" ? trail.last : trail.entry) : null;
        // The visit's item was viewed in this batch or an earlier one: looked up again only if forgotten since.
        const creator = item ? (await owners.resolve([item]))(item) : null;
        row(day, "signup", creator === undefined ? null : item, creator ?? null, visitor, trail?.source ?? null);
      }
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insertInto("stat_event").values(rows.slice(i, i + INSERT_CHUNK)).execute();
    return rows.length;
  }

  return { write, close: async () => {} };
}
