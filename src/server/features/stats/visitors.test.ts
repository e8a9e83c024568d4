/**
 * Visitors without cookies (issue 35, docs/decisions/0034), on whichever database TEST_DB names:
 * a day's salt is made once and shared by every instance, so one visitor is one hash wherever
 * their requests land; the next day they are another hash; a salt is deleted two days on, and
 * nothing of the address or the browser is ever written.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertCreator, insertStory } from "../../db/seed/factories.js";
import { serverClock } from "../../lib/clock.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { rollUp } from "./rollup.js";
import { sendBeacon } from "./stats.fixtures.js";
import { statsFor } from "./stats.queries.js";
import { addDays, createSalts, dayOf, visitorHash } from "./visitors.js";

const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const ADDRESS = "203.0.113.77";

/** Day 0: noon, 100 days ago. */
const D0 = addDays(dayOf(new Date()), -100);
const day = (n: number) => addDays(D0, n);
const noonOf = (n: number) => new Date(Date.parse(`${day(n)}T12:00:00Z`));
const setDay = (n: number) => serverClock.setOffset(noonOf(n).getTime() - Date.now());

let a: TestApp;
let b: TestApp;
let creatorId: string;
let storyId: string;
beforeAll(async () => {
  a = await createTestApp();
  const { creator } = await insertCreator(a.database);
  creatorId = creator.id;
  storyId = (await insertStory(a.database, { creator_id: creator.id })).id;
  b = await createTestApp({}, { shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});
afterEach(() => {
  serverClock.setOffset(0);
});

/** A view of the story through an instance's beacon, by the same address and browser. */
async function view(on: TestApp) {
  const res = await sendBeacon(on, `/stories/${storyId}`, { ip: ADDRESS, agent: SAFARI });
  expect(res.status).toBe(204);
}
const saltDays = async () => (await a.database.db.selectFrom("stat_salt").select("day").orderBy("day").execute()).map((r) => r.day);
const hashesOn = async (d: string) =>
  (await a.database.db.selectFrom("stat_event").select("visitor").where("day", "=", d).where("kind", "=", "view").execute()).map((r) => r.visitor);

describe("visitors", () => {
  it("shares a day's salt between instances: the same visitor on two instances is one visitor", async () => {
    setDay(0);
    await view(a);
    await view(b);
    await a.stats.flush();
    await b.stats.flush();
    expect(await saltDays()).toEqual([day(0)]);
    const hashes = await hashesOn(day(0));
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(hashes[1]);
    const { salt } = await a.database.db.selectFrom("stat_salt").select("salt").where("day", "=", day(0)).executeTakeFirstOrThrow();
    // The hash of the day's salt, the site, the address and the browser: neither is written as such.
    expect(hashes[0]).toBe(visitorHash(salt, new URL(a.config.publicUrl).host, ADDRESS, SAFARI));
    const written = JSON.stringify(await a.database.db.selectFrom("stat_event").selectAll().execute());
    expect(written).not.toContain(ADDRESS);
    expect(written).not.toContain("Safari");
    const stats = await statsFor(a.database.db, { creatorId }, { from: day(0), to: day(0) });
    expect(stats.totals).toMatchObject({ views: 2, visitors: 1 });
  });

  it("makes a new day's salt once when instances ask for it at the same moment", async () => {
    const [x, y, z] = [createSalts(a.database.db), createSalts(b.database.db), createSalts(a.database.db)];
    const salts = await Promise.all([x.of(day(1)), y.of(day(1)), z.of(day(1)), y.of(day(1))]);
    expect(new Set(salts).size).toBe(1);
    expect(await saltDays()).toEqual([day(0), day(1)]);
    // Remembered: asked again, the same salt without a new row.
    expect(await x.of(day(1))).toBe(salts[0]);
  });

  it("knows a visitor for a day only: the next day they are another hash, and the period sums each day's visitors", async () => {
    setDay(1);
    await view(a);
    await view(a);
    await a.stats.flush();
    const [first] = await hashesOn(day(0));
    const next = await hashesOn(day(1));
    expect(new Set(next).size).toBe(1);
    expect(next[0]).not.toBe(first);
    const stats = await statsFor(a.database.db, { creatorId }, { from: day(0), to: day(1) });
    expect(stats.totals).toMatchObject({ views: 4, visitors: 2 });
    expect(stats.days.map((d) => [d.day, d.views, d.visitors])).toEqual([
      [day(0), 2, 1],
      [day(1), 2, 1],
    ]);
  });

  it("deletes a salt two days on: after a roll-up only yesterday's and today's can remain", async () => {
    setDay(2);
    await view(b);
    await b.stats.flush();
    expect(await saltDays()).toEqual([day(0), day(1), day(2)]);
    // Day 3: every salt older than yesterday's goes (yesterday's is still needed by a batch written after midnight).
    setDay(3);
    await rollUp(a.database, noonOf(3));
    expect(await saltDays()).toEqual([day(2)]);
    // Two days later still, nothing older than yesterday is left; the visitors counted stay counted.
    setDay(5);
    await rollUp(b.database, noonOf(5));
    expect(await saltDays()).toEqual([]);
    await view(a);
    await a.stats.flush();
    expect(await saltDays()).toEqual([day(5)]);
    const stats = await statsFor(a.database.db, { creatorId }, { from: day(0), to: day(5) });
    expect(stats.totals).toMatchObject({ views: 6, visitors: 4 });
  });
});
