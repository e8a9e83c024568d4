/**
 * The /home feed (issue 32), on whichever database TEST_DB names: the followed creators' stories
 * and drops, newest first, paged without repeats or gaps even when something new arrives between
 * pages; an upcoming drop first; nothing the public cannot see, nothing by a creator not followed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PAGE_SIZE, type Feed } from "../../../common/api/follows.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit } from "../admin/admin.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const kit = staffKit(() => t);
const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 12)).toISOString();

describe("the following feed", () => {
  it("pages a followed creator's stories and drops newest first, with nothing hidden or unfollowed in it", async () => {
    const fan = await kit.person("member");
    const [maya, sam, stranger, gone] = [await kit.person("creator"), await kit.person("creator"), await kit.person("creator"), await kit.person("creator")];
    for (const c of [maya, sam, gone]) await kit.ok(fan, "PUT", `/api/me/follows/${c.creatorId}`);
    const expected: string[] = [];
    for (let i = 0; i < 14; i++) {
      const story = await kit.story(maya.creatorId, { title: `Maya ${i}`, published_at: day(i), created_at: day(i) });
      expected.unshift(story.id);
    }
    const drop = await kit.product(sam.creatorId, { title: "Sam's drop", created_at: day(2), drops_at: "2099-01-01T00:00:00.000Z" });
    await kit.story(maya.creatorId, { title: "Hidden", published_at: day(20), hidden_at: day(21) });
    await kit.story(maya.creatorId, { title: "Draft", status: "draft" });
    await kit.story(stranger.creatorId, { title: "Not followed", published_at: day(30) });
    await kit.story(gone.creatorId, { title: "Suspended", published_at: day(31) });
    await t.database.db.updateTable("creator").set({ suspended_at: day(32) }).where("id", "=", gone.creatorId!).execute();

    const first = await kit.ok<Feed>(fan, "GET", "/api/me/feed");
    expect(first.items).toHaveLength(FEED_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ kind: "drop", id: drop.id, upcoming: true, creator: { id: sam.creatorId } });
    // Something new between the pages does not move the second page.
    await kit.story(maya.creatorId, { title: "Brand new", published_at: day(40) });
    const second = await kit.ok<Feed>(fan, "GET", `/api/me/feed?cursor=${first.next}`);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(ids).toEqual([drop.id, ...expected]);
    expect(second.items.every((i) => i.kind === "story" && !i.upcoming)).toBe(true);

    const again = await kit.ok<Feed>(fan, "GET", "/api/me/feed");
    expect(again.items[1]?.title).toBe("Brand new");
  });

  it("pages through a prolific creator's items beside a quiet one's, ties and hidden items included, each once and in order", async () => {
    // Each creator gives a page at most FEED_PAGE_SIZE + 1 items of a kind (feedQuery's threshold):
    // hidden items among the newest, a story and a drop at the same time, and a second creator
    // whose few items fall between the first's must not shift a page.
    const fan = await kit.person("member");
    const [busy, quiet] = [await kit.person("creator"), await kit.person("creator")];
    for (const c of [busy, quiet]) await kit.ok(fan, "PUT", `/api/me/follows/${c.creatorId}`);
    const expected: { at: string; kind: "story" | "drop"; id: string }[] = [];
    for (let i = 0; i < 3 * FEED_PAGE_SIZE; i++) {
      const story = await kit.story(busy.creatorId, { title: `Busy ${i}`, published_at: day(i), created_at: day(i) });
      expected.push({ at: day(i), kind: "story", id: story.id });
      if (i % 3 === 0) {
        const drop = await kit.product(busy.creatorId, { title: `Busy drop ${i}`, created_at: day(i), drops_at: day(i) });
        expected.push({ at: day(i), kind: "drop", id: drop.id });
      }
      // As many hidden stories as public ones among the newest, and drafts.
      await kit.story(busy.creatorId, { title: `Hidden ${i}`, published_at: day(i), hidden_at: day(i) });
      if (i % 4 === 0) await kit.story(busy.creatorId, { title: `Draft ${i}`, status: "draft", published_at: day(i) });
    }
    // Between two of the busy creator's days (ids, whose order the two databases' collations may
    // not agree on, never break a tie here).
    for (const i of [5, 30]) {
      const at = new Date(Date.parse(day(i)) + 6 * 3_600_000).toISOString();
      const story = await kit.story(quiet.creatorId, { title: `Quiet ${i}`, published_at: at, created_at: at });
      expected.push({ at, kind: "story", id: story.id });
    }
    // Newest first; at the same time a story before a drop (the feed's (time, kind, id) order).
    expected.sort((a, b) => b.at.localeCompare(a.at) || b.kind.localeCompare(a.kind));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Feed = await kit.ok<Feed>(fan, "GET", `/api/me/feed${cursor ? `?cursor=${cursor}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(FEED_PAGE_SIZE);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(expected.map((item) => item.id));
  });

  it("answers a made-up cursor with an empty page, a fan of no one with nothing, and a visitor with 401", async () => {
    const fan = await kit.person("member");
    expect(await kit.ok<Feed>(fan, "GET", "/api/me/feed")).toEqual({ items: [], next: null });
    expect(await kit.ok<Feed>(fan, "GET", "/api/me/feed?cursor=not-ours")).toEqual({ items: [], next: null });
    expect((await kit.call(null, "GET", "/api/me/feed")).status).toBe(401);
  });
});
