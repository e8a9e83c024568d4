/**
 * Roll-ups and retention (docs/decisions/0034). Every day before today is summed once into the
 * daily tables (a scope's totals, each item's, each source's), after which its raw events are only
 * kept until they are 30 days old; salts go after two days (visitors.ts). Today is read from the
 * raw events (figures.queries.ts), so a count shows in the stats as soon as its batch is written.
 *
 * Several instances may run this at once: the marker (`stat_rollup.through_day`) moves with a
 * conditional update inside the day's transaction, so one of them rolls a day up and the others'
 * transactions find the marker moved and write nothing.
 */
import { sql, type Kysely } from "kysely";
import type { Logger } from "pino";
import type { Db } from "../../db/client.js";
import { writeTransaction } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import { addDays, dayOf, deleteOldSalts } from "./visitors.js";

/** Raw events are deleted once they are this many days old (and rolled up). */
export const RAW_KEPT_DAYS = 30;
const ROLLUP_EVERY_MS = 10 * 60_000;
/**
 * A day is rolled up once it has been over this long: a batch counted before midnight is written
 * after it (within STATS_FLUSH_MS, at most a minute, on any instance), and a day rolled up before
 * its last batch arrived would never show those counts (the stats read the roll-up up to the marker).
 */
export const ROLLUP_GRACE_MS = 5 * 60_000;

/** The last day rolled up, or undefined before the first roll-up. */
export async function rolledThrough(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("stat_rollup").select("through_day").where("id", "=", 1).executeTakeFirst();
  return row?.through_day;
}

/**
 * What every roll-up row sums over raw events: its events, distinct visitors, units and amounts.
 * The stats read today's raw events with the same sums (stats.queries.ts), so a day answers the
 * same before and after it is rolled up.
 */
export const figures = () => [
  sql<number>`count(*)`.as("events"),
  sql<number>`count(distinct visitor)`.as("visitors"),
  sql<number>`coalesce(sum(units), 0)`.as("units"),
  sql<number>`coalesce(sum(amount_cents), 0)`.as("amount_cents"),
];

/** Sums one day's raw events into the daily tables. */
async function rollUpDay(trx: Kysely<Database>, day: string): Promise<void> {
  const events = trx.selectFrom("stat_event").where("day", "=", day);
  await trx
    .insertInto("stat_daily")
    .columns(["scope", "day", "kind", "events", "visitors", "units", "amount_cents"])
    .expression(events.select(() => [sql<string>`'site'`.as("scope"), "day" as const, "kind" as const, ...figures()]).groupBy(["day", "kind"]))
    .execute();
  await trx
    .insertInto("stat_daily")
    .columns(["scope", "day", "kind", "events", "visitors", "units", "amount_cents"])
    .expression(
      events
        .where("creator_id", "is not", null)
        .select(() => [sql<string>`creator_id`.as("scope"), "day" as const, "kind" as const, ...figures()])
        .groupBy(["creator_id", "day", "kind"]),
    )
    .execute();
  await trx
    .insertInto("stat_daily_item")
    .columns(["day", "creator_id", "kind", "item_kind", "item_id", "events", "visitors", "units", "amount_cents"])
    .expression(
      events
        .where("item_id", "is not", null)
        .select(() => ["day" as const, "creator_id" as const, "kind" as const, sql<string>`item_kind`.as("item_kind"), sql<string>`item_id`.as("item_id"), ...figures()])
        .groupBy(["day", "creator_id", "kind", "item_kind", "item_id"]),
    )
    .execute();
  const source = sql<string>`coalesce(source, '')`;
  for (const scope of ["site", "creator"] as const) {
    let rows = events.where("kind", "in", ["view", "signup"]);
    if (scope === "creator") rows = rows.where("creator_id", "is not", null);
    await trx
      .insertInto("stat_daily_source")
      .columns(["scope", "day", "kind", "source", "events", "visitors"])
      .expression(
        rows
          .select(() => [
            scope === "site" ? sql<string>`'site'`.as("scope") : sql<string>`creator_id`.as("scope"),
            "day" as const,
            "kind" as const,
            source.as("source"),
            sql<number>`count(*)`.as("events"),
            sql<number>`count(distinct visitor)`.as("visitors"),
          ])
          .groupBy(scope === "site" ? ["day", "kind", source] : ["creator_id", "day", "kind", source]),
      )
      .execute();
  }
}

/**
 * Rolls up every day from the one after the marker (or the first day counted) to yesterday (once
 * ROLLUP_GRACE_MS into today), one transaction a day, then deletes raw events past RAW_KEPT_DAYS
 * and old salts. Returns the days rolled up.
 */
export async function rollUp(database: Db, now: Date): Promise<string[]> {
  const { db } = database;
  const today = dayOf(now);
  const done: string[] = [];
  let through = await rolledThrough(db);
  if (through === undefined) {
    const first = await db.selectFrom("stat_event").select((eb) => eb.fn.min("day").as("day")).executeTakeFirst();
    if (!first?.day) {
      await deleteOldSalts(db, today);
      return done;
    }
    await db
      .insertInto("stat_rollup")
      .values({ id: 1, through_day: addDays(first.day, -1) })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    through = (await rolledThrough(db))!;
  }
  const lastDay = addDays(dayOf(new Date(now.getTime() - ROLLUP_GRACE_MS)), -1);
  while (through < lastDay) {
    const day = addDays(through, 1);
    const moved = await writeTransaction(db, database.dialect, async (trx) => {
      const marker = await trx.updateTable("stat_rollup").set({ through_day: day }).where("id", "=", 1).where("through_day", "=", through!).executeTakeFirst();
      if (Number(marker.numUpdatedRows) !== 1) return false;
      await rollUpDay(trx, day);
      return true;
    });
    if (!moved) break; // another instance is rolling up
    done.push(day);
    through = day;
  }
  const keepFrom = addDays(today, -RAW_KEPT_DAYS);
  await db
    .deleteFrom("stat_event")
    .where("day", "<", keepFrom)
    .where("day", "<=", through)
    .execute();
  await deleteOldSalts(db, today);
  return done;
}

/** Rolls up now and every ROLLUP_EVERY_MS; stop() before closing the database. */
export function scheduleRollups(database: Db, options: { logger: Logger; now: () => Date }) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = rollUp(database, options.now()).catch((error: unknown) => options.logger.warn({ err: error }, "stats roll-up failed"));
  };
  run();
  const timer = setInterval(run, ROLLUP_EVERY_MS);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
