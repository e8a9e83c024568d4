/**
 * The counter (docs/decisions/0034): every counted page view and action goes into a buffer in
 * memory and is written in one batch every STATS_FLUSH_MS (2 s), or sooner when a batch fills,
 * so counting costs a request an array push. A crash loses at most that last batch, never the
 * database. The address and the browser string stay in memory only until their batch is written,
 * as the visitor's hash (visitors.ts).
 *
 * Sign-ups are attributed as Ghost does, without a cookie: the hash of the visitor signing up
 * finds the visit it began (its source and the last item it viewed, within 30 minutes) in this
 * instance's memory.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Insertable } from "kysely";
import type { Database, StatEventTable } from "../../db/types.js";
import { createItemOwners, type ItemRef } from "./items.js";
import { createSalts, dayOf, visitorHash } from "./visitors.js";

export type ActionKind = "favorite" | "follow" | "comment" | "sale" | "play_complete" | "play_partial" | "play_skipped";

/** Who is looking: only ever held until the batch is written. */
export interface Visit {
  address: string;
  agent: string;
}

type Pending =
  | { type: "view"; day: string; item: ItemRef; source: string; visit: Visit }
  | { type: "action"; day: string; kind: ActionKind; item: ItemRef; units: number; amountCents: number }
  | { type: "signup"; day: string; visit: Visit | null };

interface VisitTrail {
  source: string;
  entry: ItemRef;
  last: ItemRef;
  seen: number;
}

/** A batch this big is written at once rather than at the next tick. */
const FLUSH_AT = 5_000;
/** While the database cannot take them, counts beyond this many are dropped, not held. */
const HOLD_AT_MOST = 100_000;
const VISIT_MS = 30 * 60_000;
const VISITS_REMEMBERED = 50_000;
/** Rows an insert carries (9 parameters each, under SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 1_000;

export interface CounterOptions {
  /** The site's host: part of every visitor's hash, so two sites' hashes never match. */
  site: string;
  flushMs: number;
  logger: Logger;
  now: () => Date;
  /** Off (STATS_COUNTING=false): nothing is counted, and the pages answer as before. */
  enabled: boolean;
  /** FLUSH_AT and HOLD_AT_MOST, smaller in tests. */
  limits?: { flushAt?: number; holdAtMost?: number };
}

export function createCounter(db: Kysely<Database>, options: CounterOptions) {
  const { site, logger, now, enabled } = options;
  const flushAt = options.limits?.flushAt ?? FLUSH_AT;
  const holdAtMost = options.limits?.holdAtMost ?? HOLD_AT_MOST;
  const salts = createSalts(db);
  const owners = createItemOwners(db);
  const trails = new Map<string, VisitTrail>();
  let buffer: Pending[] = [];
  let writing: Promise<void> = Promise.resolve();
  /** Events in batches handed to `writing` and not written (or dropped) yet. */
  let queued = 0;
  let dropped = 0;

  const push = (event: Pending) => {
    if (!enabled) return;
    // A full buffer is handed over as a batch at once, so what the database has not taken yet is
    // mostly in the batches waiting their turn: those count towards the limit too.
    if (buffer.length + queued >= holdAtMost) {
      dropped += 1;
      return;
    }
    buffer.push(event);
    if (buffer.length === flushAt) void flush();
  };

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

  async function rowsOf(batch: Pending[]): Promise<Insertable<StatEventTable>[]> {
    const at = now().getTime();
    const hashes = new Map<string, string>();
    for (const event of batch) if (event.type !== "action" && !hashes.has(event.day)) hashes.set(event.day, await salts.of(event.day));
    const hash = (day: string, visit: Visit) => visitorHash(hashes.get(day)!, site, visit.address, visit.agent);

    const rows: { day: string; kind: string; item: ItemRef | null; visitor: string | null; source: string | null; units: number; amount: number }[] = [];
    for (const event of batch) {
      if (event.type === "view") {
        const visitor = hash(event.day, event.visit);
        follow(visitor, event.item, event.source, at);
        rows.push({ day: event.day, kind: "view", item: event.item, visitor, source: event.source, units: 0, amount: 0 });
      } else if (event.type === "action") {
        rows.push({ day: event.day, kind: event.kind, item: event.item, visitor: null, source: null, units: event.units, amount: event.amountCents });
      } else {
        const visitor = event.visit && hash(event.day, event.visit);
        const trail = visitor ? trailOf(visitor, at) : undefined;
        const item = trail ? (trail.last.kind !== "page" ? trail.last : trail.entry) : null;
        rows.push({ day: event.day, kind: "signup", item, visitor, source: trail?.source ?? null, units: 0, amount: 0 });
      }
    }
    const ownerOf = await owners.resolve(rows.flatMap((row) => (row.item ? [row.item] : [])));
    const written: Insertable<StatEventTable>[] = [];
    for (const row of rows) {
      const creator = row.item ? ownerOf(row.item) : null;
      // An item that does not exist: a made-up id in a URL leaves nothing (a sign-up still counts).
      if (creator === undefined) {
        if (row.kind !== "signup") continue;
        row.item = null;
      }
      written.push({
        day: row.day,
        kind: row.kind,
        item_kind: row.item?.kind ?? null,
        item_id: row.item?.id ?? null,
        creator_id: creator ?? null,
        visitor: row.visitor,
        source: row.source,
        units: row.units,
        amount_cents: row.amount,
      });
    }
    return written;
  }

  async function write(batch: Pending[]) {
    const rows = await rowsOf(batch);
    if (rows.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto("stat_event").values(rows.slice(i, i + INSERT_CHUNK)).execute();
    });
  }

  /** Writes what is buffered; batches are written one after another, never two at once. */
  function flush(): Promise<void> {
    const batch = buffer;
    buffer = [];
    queued += batch.length;
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (error) {
        logger.warn({ err: error, events: batch.length }, "stats: a batch of counts could not be written and is dropped");
      } finally {
        queued -= batch.length;
      }
      if (dropped) {
        logger.warn({ dropped }, "stats: counts dropped while the database was not taking them");
        dropped = 0;
      }
    });
    return writing;
  }

  const timer = enabled ? setInterval(() => void flush(), options.flushMs) : undefined;
  timer?.unref();

  return {
    /** A public page's view; the caller has already left out who declines counting (who-counts.ts). */
    view(item: ItemRef, source: string, visit: Visit): void {
      push({ type: "view", day: dayOf(now()), item, source, visit });
    },
    /** Something a member did to an item: favorited, followed, commented, bought, played. */
    action(kind: ActionKind, item: ItemRef, amounts: { units?: number; amountCents?: number } = {}): void {
      push({ type: "action", day: dayOf(now()), kind, item, units: amounts.units ?? 0, amountCents: amounts.amountCents ?? 0 });
    },
    /** An account opened; `visit` null when the browser declines counting (counted, not attributed). */
    signup(visit: Visit | null): void {
      push({ type: "signup", day: dayOf(now()), visit });
    },
    flush,
    /** Writes the last batch (at shutdown, before the database closes). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
export type StatsCounter = ReturnType<typeof createCounter>;
