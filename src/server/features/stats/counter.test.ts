/**
 * The counter (issue 35, docs/decisions/0034), on whichever database TEST_DB names: counts are
 * buffered and written in batches, every one of them however many; a batch the database refuses
 * is logged and dropped, never thrown into the request that counted; while the database does not
 * take them, what is held is bounded; stop() writes the last batch; STATS_COUNTING=false counts
 * nothing. The writer runs in the test's thread here (threaded-writer.test.ts runs it in its own).
 */
import type { Kysely, KyselyPlugin } from "kysely";
import type { Database } from "../../db/types.js";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "../../db/migrate.js";
import { serverClock } from "../../lib/clock.js";
import { createTestApp, emptyTestDatabase, type TestApp } from "../../test/harness.js";
import { createBatchWriter } from "./batch-writer.js";
import { createCounter, type CounterOptions } from "./counter.js";
import { CHROME, sendBeacon, viewOf } from "./stats.fixtures.js";


let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function options(overrides: Partial<CounterOptions> = {}) {
  const logger = pino({ level: "silent" });
  const warn = vi.spyOn(logger, "warn");
  return { warn, options: { flushMs: 60_000, logger, now: () => serverClock.now().getTime(), enabled: true, ...overrides } };
}

const writerOf = (db: Kysely<Database>) => createBatchWriter(db, { site: "counter.test", trustProxy: 0 });

/**
 * Rows written for `tag`: each test counts its actions on a made-up page of its own, and its views
 * of the about page from a link of its own (the tag as utm_source).
 */
const rowsOf = async (tag: string) =>
  Number(
    (
      await t.database.db
        .selectFrom("stat_event")
        .select((eb) => eb.fn.countAll().as("n"))
        .where((eb) => eb.or([eb("item_id", "=", tag), eb("source", "=", tag.slice(1))]))
        .executeTakeFirstOrThrow()
    ).n,
  );
const about = { kind: "page" as const, id: "/about" };

describe("the counter", () => {
  it("writes every count, in batches, however many", async () => {
    const { options: o, warn } = options();
    const counter = createCounter(writerOf(t.database.db), o);
    const page = { kind: "page" as const, id: "/counter-batches" };
    // Over two full buffers (each handed over as it fills) and several inserts' worth of rows.
    const addresses = new Set<string>();
    for (let i = 0; i < 12_345; i++) {
      if (i % 3) {
        const address = `10.0.${i % 250}.${i % 7}`;
        addresses.add(address);
        counter.view(viewOf(about, page.id.slice(1), { address, agent: CHROME }));
      } else counter.action("comment", page);
    }
    await counter.flush();
    expect(await rowsOf(page.id)).toBe(12_345);
    // Each view with its visitor's hash: as many as there were addresses.
    const visitors = await t.database.db
      .selectFrom("stat_event")
      .select((eb) => eb.fn.count("visitor").distinct().as("n"))
      .where("source", "=", page.id.slice(1))
      .executeTakeFirstOrThrow();
    expect(Number(visitors.n)).toBe(addresses.size);
    await counter.stop();
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs and drops a batch the database refuses, without throwing, and goes on with the next", async () => {
    const scratch = await emptyTestDatabase();
    try {
      const { options: o, warn } = options();
      const counter = createCounter(writerOf(scratch.database.db), o);
      const page = { kind: "page" as const, id: "/counter-refused" };
      // No tables yet: the batch cannot be written.
      counter.view(viewOf(about, "", { address: "10.1.0.1", agent: CHROME }));
      counter.action("favorite", page);
      await expect(counter.flush()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ events: 2 }), "stats: a batch of counts could not be written and is dropped");

      await migrateToLatest(scratch.database);
      counter.action("favorite", page);
      await counter.flush();
      // The dropped batch is not written late.
      const rows = await scratch.database.db.selectFrom("stat_event").select(["kind", "item_id"]).execute();
      expect(rows).toEqual([{ kind: "favorite", item_id: page.id }]);

      // A database gone (closed under it): the same.
      await scratch.database.close();
      counter.action("favorite", page);
      await expect(counter.stop()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      await scratch.drop();
    }
  });

  it("holds a bounded number of counts while the database does not answer, dropping the rest and saying how many", async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    // Every answer of the database waits until `release`: a database that has stopped answering.
    const stalled: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await answered;
        return args.result;
      },
    };
    const { options: o, warn } = options({ limits: { flushAt: 10, holdAtMost: 50 } });
    const counter = createCounter(writerOf(t.database.db.withPlugin(stalled)), o);
    const page = { kind: "page" as const, id: "/counter-held" };
    // Five full batches handed over (the first waiting on the database, the others behind it), then no more room.
    for (let i = 0; i < 85; i++) counter.action("favorite", page);
    expect(warn).not.toHaveBeenCalled();
    release();
    await counter.stop();
    expect(await rowsOf(page.id)).toBe(50);
    expect(warn).toHaveBeenCalledWith({ dropped: 35 }, "stats: counts dropped while the database was not taking them");
  });

  it("writes the last batch on stop()", async () => {
    const { options: o } = options();
    const counter = createCounter(writerOf(t.database.db), o);
    const page = { kind: "page" as const, id: "/counter-stop" };
    counter.action("follow", page);
    counter.view(viewOf(about, page.id.slice(1), { address: "10.2.0.1", agent: CHROME }));
    counter.signup({ address: "10.2.0.1", agent: CHROME });
    expect(await rowsOf(page.id)).toBe(0);
    await counter.stop();
    expect(await rowsOf(page.id)).toBe(3);
  });

  it("counts nothing with STATS_COUNTING=false", async () => {
    const off = await createTestApp({ STATS_COUNTING: "false" });
    try {
      const { db } = off.database;
      expect((await sendBeacon(off, "/", { ip: "10.3.0.1" })).status).toBe(204);
      await off.signUp();
      off.stats.action("favorite", { kind: "page", id: "/" });
      off.stats.view(viewOf({ kind: "page", id: "/" }, "", { address: "10.3.0.1", agent: CHROME }));
      await off.stats.flush();
      expect(await db.selectFrom("stat_event").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("stat_salt").selectAll().execute()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
