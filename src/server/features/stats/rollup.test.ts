/**
 * Roll-ups and retention (issue 35, docs/decisions/0034), on whichever database TEST_DB names,
 * with the server's clock moved day by day: the stats answer the same figures before and after
 * the days are rolled up (a creator's and the site's, a period across the marker); a day is
 * rolled up once, however often and by however many instances at once; raw events go after 30
 * days and the roll-ups answer for them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Stats } from "../../../common/api/stats.js";
import { insertCreator, insertProduct, insertStory } from "../../db/seed/factories.js";
import { serverClock } from "../../lib/clock.js";
import { createTestApp, TEST_DB, type TestApp } from "../../test/harness.js";
import { insertTrack } from "../radio/radio.fixtures.js";
import { rolledThrough, rollUp } from "./rollup.js";
import { CHROME, viewOf } from "./stats.fixtures.js";
import { statsFor, type StatsScope } from "./stats.queries.js";
import { addDays, dayOf } from "./visitors.js";

const visit = (n: number) => ({ address: `203.0.113.${n}`, agent: CHROME });

/** Day 0 of the timelines: noon, 200 days ago, so that no real day is near. */
const D0 = addDays(dayOf(new Date()), -200);
const day = (n: number) => addDays(D0, n);
const noonOf = (n: number) => new Date(Date.parse(`${day(n)}T12:00:00Z`));
/** The server's clock at noon of day n (the counter reads it for the day of each count). */
const setDay = (n: number) => serverClock.setOffset(noonOf(n).getTime() - Date.now());

afterEach(() => {
  serverClock.setOffset(0);
});

async function rowCounts(t: TestApp) {
  const { db } = t.database;
  const count = async (table: "stat_event" | "stat_daily" | "stat_daily_item" | "stat_daily_source") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return { events: await count("stat_event"), daily: await count("stat_daily"), items: await count("stat_daily_item"), sources: await count("stat_daily_source") };
}

/** A creator with a story, a product and a track, and a house story. */
async function world(t: TestApp) {
  const { creator } = await insertCreator(t.database);
  const story = await insertStory(t.database, { creator_id: creator.id });
  const product = await insertProduct(t.database, { creator_id: creator.id, price_cents: 1000 });
  const track = await insertTrack(t, { creatorId: creator.id, status: "rotation" });
  const house = await insertStory(t.database, {});
  return { creatorId: creator.id, story: story.id, product: product.id, track: track.id, house: house.id };
}

/** Counts a few days of views and actions, a day at a time, each day's batch written. */
async function countDays(t: TestApp, w: Awaited<ReturnType<typeof world>>, days: number[]) {
  for (const n of days) {
    setDay(n);
    const s = t.stats;
    s.view(viewOf({ kind: "story", id: w.story }, "", visit(1)));
    s.view(viewOf({ kind: "story", id: w.story }, "", visit(1)));
    s.view(viewOf({ kind: "story", id: w.story }, "news.example.com", visit(2 + (n % 3))));
    s.view(viewOf({ kind: "product", id: w.product }, "newsletter", visit(1)));
    s.view(viewOf({ kind: "creator", id: w.creatorId }, "", visit(9)));
    s.view(viewOf({ kind: "story", id: w.house }, "social.example", visit(7)));
    s.view(viewOf({ kind: "page", id: "/" }, "search.example", visit(8)));
    s.action("favorite", { kind: "story", id: w.story });
    s.action("follow", { kind: "creator", id: w.creatorId });
    s.action(n % 2 ? "play_complete" : "play_skipped", { kind: "track", id: w.track });
    s.action("sale", { kind: "product", id: w.product }, { units: 1 + (n % 2), amountCents: 1000 * (1 + (n % 2)) });
    s.action("comment", { kind: "story", id: w.house });
    // Sign-ups: one from the visit that viewed the product (after the story), one from the landing page's visitor, one tied to nothing.
    s.signup(visit(1));
    s.signup(visit(8));
    s.signup(null);
    await s.flush();
  }
}

describe("roll-ups", () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await world(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const scopes = (): StatsScope[] => ["site", { creatorId: w.creatorId }];
  const periods = [
    { from: day(0), to: day(3) },
    { from: day(1), to: day(2) },
    { from: day(2), to: day(5) },
    { from: day(-3), to: day(0) },
  ];
  async function answers(): Promise<Stats[]> {
    const all: Stats[] = [];
    for (const scope of scopes()) for (const period of periods) all.push(await statsFor(t.database.db, scope, period));
    return all;
  }

  it("answers the same figures before and after the days are rolled up, and rolls a day up once", async () => {
    await countDays(t, w, [0, 1, 2, 3]);
    const before = await answers();
    // The counts are there, and attributed: the figures are worth comparing.
    const site = before[0]!;
    expect(site.totals).toMatchObject({ views: 28, favorites: 4, followers: 4, comments: 4, plays_complete: 2, plays_skipped: 2, units: 6, revenue_cents: 6000, signups: 12 });
    expect(site.sources.map((s) => [s.source, s.views, s.signups])).toEqual([
      ["", 12, 8],
      ["search.example", 4, 4],
      ["news.example.com", 4, 0],
      ["newsletter", 4, 0],
      ["social.example", 4, 0],
    ]);
    const mine = before[periods.length]!;
    expect(mine.totals).toMatchObject({ views: 20, signups: 4, units: 6, favorites: 4, followers: 4, comments: 0 });
    expect(mine.items.find((i) => i.id === w.product)).toMatchObject({ views: 4, visitors: 4, signups: 4, units: 6 });
    expect(await rolledThrough(t.database.db)).toBeUndefined();

    // Day 3 is today: days 0 to 2 are rolled up, day 3 is still read from its events.
    setDay(3);
    expect(await rollUp(t.database, noonOf(3))).toEqual([day(0), day(1), day(2)]);
    expect(await rolledThrough(t.database.db)).toBe(day(2));
    expect(await answers()).toEqual(before);

    // Again the same day: nothing more.
    const rows = await rowCounts(t);
    expect(await rollUp(t.database, new Date(noonOf(3).getTime() + 3_600_000))).toEqual([]);
    expect(await rowCounts(t)).toEqual(rows);
    expect(await answers()).toEqual(before);

    // Today's counts still show at once, on top of the rolled-up days.
    setDay(3);
    t.stats.view(viewOf({ kind: "story", id: w.story }, "", visit(42)));
    await t.stats.flush();
    const later = await statsFor(t.database.db, { creatorId: w.creatorId }, periods[0]!);
    expect(later.totals.views).toBe(before[periods.length]!.totals.views + 1);
    expect(later.days.at(-1)!.visitors).toBe(before[periods.length]!.days.at(-1)!.visitors + 1);
  });

  it("deletes raw events once 30 days old, after they are rolled up, and the roll-ups still answer for them", async () => {
    const before = await answers();
    // 31 days after day 2: days 0 to 2 are past 30 days, day 3 is not yet.
    setDay(33);
    const rolled = await rollUp(t.database, noonOf(33));
    expect(rolled[0]).toBe(day(3));
    expect(rolled.at(-1)).toBe(day(32));
    const left = await t.database.db.selectFrom("stat_event").select("day").distinct().orderBy("day").execute();
    expect(left.map((r) => r.day)).toEqual([day(3)]);
    expect(await answers()).toEqual(before);

    setDay(34);
    await rollUp(t.database, noonOf(34));
    expect((await rowCounts(t)).events).toBe(0);
    expect(await answers()).toEqual(before);
    expect((await statsFor(t.database.db, "site", { from: day(0), to: day(0) })).totals.views).toBe(7);
  });

  it("keeps a batch counted before midnight and written after it: the day is rolled up a few minutes later", async () => {
    const at = (n: number, time: string) => new Date(Date.parse(`${day(n)}T${time}Z`));
    const period = { from: day(40), to: day(40) };
    serverClock.setOffset(at(40, "23:59:59.500").getTime() - Date.now());
    t.stats.view(viewOf({ kind: "story", id: w.story }, "", visit(40)));
    // The roll-up runs just after midnight, before the batch is written.
    serverClock.setOffset(at(41, "00:00:01").getTime() - Date.now());
    const early = await rollUp(t.database, at(41, "00:00:01"));
    expect(early.at(-1)).toBe(day(39));
    await t.stats.flush();
    expect((await statsFor(t.database.db, "site", period)).totals.views).toBe(1);
    expect(await rollUp(t.database, at(41, "00:10:00"))).toEqual([day(40)]);
    expect((await statsFor(t.database.db, { creatorId: w.creatorId }, period)).totals).toMatchObject({ views: 1, visitors: 1 });
  });
});

describe("roll-ups by two instances at once", () => {
  let a: TestApp;
  let b: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    a = await createTestApp();
    w = await world(a);
    b = await createTestApp({}, { shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /**
   * The second roll-up's database: the other instance's on PostgreSQL. Two SQLite connections in
   * one process cannot both write: better-sqlite3 waits for the lock synchronously, so the first's
   * transaction could never finish; on SQLite the two run on one connection, interleaved day by day.
   */
  const other = () => (TEST_DB === "postgres" ? b.database : a.database);

  it("rolls each day up once: no day twice, no total doubled", async () => {
    await countDays(a, w, [0, 1, 2, 3, 4, 5]);
    await countDays(b, w, [5]);
    const period = { from: day(0), to: day(6) };
    const before = [await statsFor(a.database.db, "site", period), await statsFor(a.database.db, { creatorId: w.creatorId }, period)];

    setDay(6);
    const [first, second] = await Promise.all([rollUp(a.database, noonOf(6)), rollUp(other(), noonOf(6))]);
    expect([...first, ...second].sort()).toEqual([0, 1, 2, 3, 4, 5].map(day));
    expect(await rolledThrough(a.database.db)).toBe(day(5));
    const after = [await statsFor(b.database.db, "site", period), await statsFor(b.database.db, { creatorId: w.creatorId }, period)];
    expect(after).toEqual(before);
    expect(after[0]!.totals.views).toBe(7 * 7);
    // Each day and kind once in the site's totals.
    const { db } = a.database;
    const daily = await db.selectFrom("stat_daily").select(["day", "kind"]).where("scope", "=", "site").execute();
    expect(new Set(daily.map((r) => `${r.day} ${r.kind}`)).size).toBe(daily.length);
    // Then, later the same day, both again: nothing.
    expect(await Promise.all([rollUp(a.database, noonOf(6)), rollUp(other(), noonOf(6))])).toEqual([[], []]);
  });
});
