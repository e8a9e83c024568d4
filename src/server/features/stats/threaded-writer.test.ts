/**
 * The writer thread (threaded-writer.ts, docs/decisions/0034) on whichever database TEST_DB names:
 * it writes what the writer in the server's thread writes for the same captures (bots, pages that
 * are not public and made-up items left out, the address behind a proxy, sign-ups attributed to
 * their visit), refuses a batch the database refuses and writes the next, and starts again after close().
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../db/migrate.js";
import { insertCreator, insertStory } from "../../db/seed/factories.js";
import { createTestApp, emptyTestDatabase, type TestApp } from "../../test/harness.js";
import { createBatchWriter, type Capture } from "./batch-writer.js";
import { createThreadedWriter } from "./threaded-writer.js";
import { CHROME } from "./stats.fixtures.js";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const OPTIONS = { site: "writer.test", trustProxy: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** One of everything the counter captures, from links tagged `tag` (the utm_source), on the day of `at`. */
function batchOf(tag: string, storyId: string, creatorId: string, at: number): Capture[] {
  const view = (url: string, address: string, extra: { agent?: string } = {}): Capture => ({
    type: "view",
    at,
    url: `${url}${url.includes("?") ? "&" : "?"}utm_source=${tag}`,
    referer: undefined,
    inApp: false,
    peer: "127.0.0.1",
    forwardedFor: `203.0.113.99, ${address}`,
    agent: CHROME,
    ...extra,
  });
  return [
    view(`/stories/${storyId}`, "198.51.100.1"),
    view(`/stories/${storyId}`, "198.51.100.2"),
    view(`/creators/${creatorId}`, "198.51.100.1"),
    view("/stories", "198.51.100.3"),
    // Not counted: a bot, a page that is not public, a made-up story, another host's path.
    view(`/stories/${storyId}`, "198.51.100.4", { agent: GOOGLEBOT }),
    view("/studio/stats", "198.51.100.1"),
    view("/stories/made-up", "198.51.100.1"),
    view(`//elsewhere.example/stories/${storyId}`, "198.51.100.1"),
    { type: "action", at, kind: "favorite", item: { kind: "story", id: storyId }, units: 0, amountCents: 0 },
    // The first visitor signs up (their last item: the creator's page), then one declining counting.
    { type: "signup", at, visit: { address: "198.51.100.1", agent: CHROME } },
    { type: "signup", at, visit: null },
  ];
}

async function rowsTagged(tag: string) {
  const rows = await t.database.db
    .selectFrom("stat_event")
    .select(["day", "kind", "item_kind", "item_id", "creator_id", "visitor", "source", "units", "amount_cents"])
    .where((eb) => eb.or([eb("source", "=", tag), eb("item_id", "like", `%${tag}%`)]))
    .execute();
  return rows.map((row) => ({ ...row, source: row.source === tag ? "<tag>" : row.source })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe("the writer thread", () => {
  it("writes the rows the writer in the server's thread writes for the same captures", async () => {
    const { creator } = await insertCreator(t.database);
    const story = await insertStory(t.database, { creator_id: creator.id });
    const at = Date.now();
    const inline = createBatchWriter(t.database.db, OPTIONS);
    const threaded = createThreadedWriter(t.config.databaseUrl, OPTIONS);
    try {
      expect(await inline.write(batchOf("inline", story.id, creator.id, at))).toBe(7);
      expect(await threaded.write(batchOf("threaded", story.id, creator.id, at))).toBe(7);
    } finally {
      await threaded.close();
    }
    // The favorite and the unattributed sign-up carry no source: the sign-up from the visit carries its tag.
    const inlineRows = await rowsTagged("inline");
    expect(inlineRows.map((r) => r.kind).sort()).toEqual(["signup", "view", "view", "view", "view"]);
    expect(inlineRows.find((r) => r.kind === "signup")).toMatchObject({ item_kind: "creator", item_id: creator.id, source: "<tag>" });
    expect(await rowsTagged("threaded")).toEqual(inlineRows);
    // The address behind the proxy is the visitor's: two distinct visitors on the story.
    expect(new Set(inlineRows.filter((r) => r.item_id === story.id).map((r) => r.visitor)).size).toBe(2);
  });

  it("refuses a batch the database refuses, writes the next, and starts again after close()", async () => {
    const scratch = await emptyTestDatabase();
    const threaded = createThreadedWriter(scratch.url, OPTIONS);
    const favorite = (id: string): Capture[] => [{ type: "action", at: Date.now(), kind: "favorite", item: { kind: "page", id }, units: 0, amountCents: 0 }];
    try {
      // No tables yet.
      await expect(threaded.write(favorite("/refused"))).rejects.toThrow(/stat_event/);
      await migrateToLatest(scratch.database);
      expect(await threaded.write(favorite("/written"))).toBe(1);
      await threaded.close();
      expect(await threaded.write(favorite("/again"))).toBe(1);
      const rows = await scratch.database.db.selectFrom("stat_event").select("item_id").orderBy("item_id").execute();
      expect(rows.map((r) => r.item_id)).toEqual(["/again", "/written"]);
    } finally {
      await threaded.close();
      await scratch.database.close();
      await scratch.drop();
    }
  });
});
