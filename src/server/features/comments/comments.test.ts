/**
 * Reading comments (issue 33), on whichever database TEST_DB names: threads of two levels with
 * their first replies and the rest paged; each sort paged without repeating or skipping a comment
 * when others arrive between pages; placeholders for removed comments that keep their replies;
 * hidden comments and a banned member's out of the public's sight (but in their writer's
 * /api/me/comments); authors named as the public may see them; a story the public cannot read is
 * 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentList, MyComments } from "../../../common/api/comments.js";
import { DELETED_ACCOUNT, REPLIES_SHOWN } from "../../../common/comments.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit, type ErrorBody } from "../admin/admin.fixtures.js";
import { allPages, allReplies, banFromComments, insertComment } from "./comments.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
const list = (storyId: string, query = "") => kit.ok<CommentList>(null, "GET", `/api/stories/${storyId}/comments${query}`);

describe("threads", () => {
  it("shows top-level comments with their first replies oldest first, the rest paged, and a reply to a reply naming whom it answers", async () => {
    const [ada, bo] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const top = await insertComment(t, { story_id: story.id, user_id: ada.id, body: "First!", created_at: at(0) });
    const replies: string[] = [];
    for (let i = 0; i < 25; i++) replies.push(await insertComment(t, { story_id: story.id, user_id: i % 2 ? ada.id : bo.id, parent_id: top, created_at: at(1 + i) }));
    // Bo answers Ada's reply (replies[1]): it stays in the thread and names her.
    const answer = await insertComment(t, { story_id: story.id, user_id: bo.id, parent_id: top, reply_to_id: replies[1], body: "To you", created_at: at(40) });

    const page = await list(story.id);
    expect(page.count).toBe(27);
    expect(page.open).toBe(true);
    expect(page.items).toHaveLength(1);
    const [thread] = page.items;
    expect(thread).toMatchObject({ id: top, parent_id: null, reply_to: null, state: "visible", body: "First!", reply_count: 26, edited_at: null });
    expect(thread!.replies.map((r) => r.id)).toEqual(replies.slice(0, REPLIES_SHOWN));
    expect(thread!.replies[0]).toMatchObject({ parent_id: top, reply_to: null });

    const rest = await allReplies(t, top);
    expect(rest.map((r) => r.id)).toEqual([...replies, answer]);
    const adaName = (await t.database.db.selectFrom("user").select("username").where("id", "=", ada.id).executeTakeFirstOrThrow()).username;
    expect(rest.at(-1)).toMatchObject({ parent_id: top, reply_to: { id: replies[1], name: adaName }, body: "To you" });
    expect((await kit.call<ErrorBody>(null, "GET", `/api/comments/${answer}/replies`)).status).toBe(404);
    expect((await kit.call<ErrorBody>(null, "GET", `/api/comments/${top}/replies?cursor=nonsense`)).status).toBe(400);
  });

  for (const sort of ["oldest", "newest", "liked"] as const) {
    it(`pages ${sort} without repeating or skipping a comment when others arrive between pages`, async () => {
      const fan = await kit.person("member");
      const story = await kit.story();
      const ids: string[] = [];
      // Ties on purpose: the same minute and the same like counts.
      for (let i = 0; i < 23; i++) ids.push(await insertComment(t, { story_id: story.id, user_id: fan.id, created_at: at(Math.floor(i / 3)), like_count: i % 4 }));
      let arrived = 0;
      const seen = await allPages(t, story.id, sort, 5, async () => {
        // New comments arrive now, with no like: after every page read (oldest), before the first (newest, liked).
        await insertComment(t, { story_id: story.id, user_id: fan.id, created_at: new Date(Date.now() + arrived).toISOString() });
        arrived++;
      });
      const seenIds = seen.map((c) => c.id);
      expect(new Set(seenIds).size, "no comment twice").toBe(seenIds.length);
      expect(seenIds.filter((id) => ids.includes(id)).sort(), "every comment that was there").toEqual([...ids].sort());
      const order = seen.filter((c) => ids.includes(c.id));
      if (sort === "oldest") expect(order.map((c) => c.created_at)).toEqual([...order.map((c) => c.created_at)].sort());
      if (sort === "newest") expect(order.map((c) => c.created_at)).toEqual([...order.map((c) => c.created_at)].sort().reverse());
      if (sort === "liked") expect(order.map((c) => c.like_count)).toEqual([...order.map((c) => c.like_count)].sort((a, b) => b - a));
    });
  }

  it("refuses another sort's cursor and an unknown sort", async () => {
    const fan = await kit.person("member");
    const story = await kit.story();
    for (let i = 0; i < 3; i++) await insertComment(t, { story_id: story.id, user_id: fan.id, created_at: at(i) });
    const first = await list(story.id, "?sort=liked&limit=1");
    expect(first.next_cursor).not.toBeNull();
    expect((await kit.call(null, "GET", `/api/stories/${story.id}/comments?sort=oldest&cursor=${first.next_cursor}`)).status).toBe(400);
    expect((await kit.call(null, "GET", `/api/stories/${story.id}/comments?sort=best`)).status).toBe(400);
  });
});

describe("what the public sees", () => {
  it("keeps a removed top-level comment with replies as a placeholder, and leaves out hidden, banned and childless removed ones", async () => {
    const [ada, bo, troll] = [await kit.person("member"), await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const stamp = at(50);
    const deletedWithReply = await insertComment(t, { story_id: story.id, user_id: ada.id, created_at: at(0), deleted_at: stamp, body: "" });
    await insertComment(t, { story_id: story.id, user_id: bo.id, parent_id: deletedWithReply, created_at: at(1) });
    const hiddenWithReply = await insertComment(t, { story_id: story.id, user_id: ada.id, created_at: at(2), hidden_at: stamp, body: "Secret words" });
    await insertComment(t, { story_id: story.id, user_id: bo.id, parent_id: hiddenWithReply, created_at: at(3) });
    const hiddenAlone = await insertComment(t, { story_id: story.id, user_id: ada.id, created_at: at(4), hidden_at: stamp });
    const hiddenReply = await insertComment(t, { story_id: story.id, user_id: ada.id, parent_id: hiddenWithReply, created_at: at(5), hidden_at: stamp });
    const trolling = await insertComment(t, { story_id: story.id, user_id: troll.id, created_at: at(6), body: "Spam" });
    const trollReply = await insertComment(t, { story_id: story.id, user_id: troll.id, parent_id: hiddenWithReply, created_at: at(7) });
    const fine = await insertComment(t, { story_id: story.id, user_id: bo.id, created_at: at(8) });
    await banFromComments(t, troll);

    const page = await list(story.id);
    expect(page.items.map((c) => [c.id, c.state, c.body, c.author.name])).toEqual([
      [deletedWithReply, "deleted", "", ""],
      [hiddenWithReply, "hidden", "", ""],
      [fine, "visible", expect.any(String), expect.any(String)],
    ]);
    const ids = JSON.stringify(page);
    for (const gone of [hiddenAlone, hiddenReply, trolling, trollReply]) expect(ids).not.toContain(gone);
    expect(ids).not.toContain("Secret words");
    expect(ids).not.toContain("Spam");
    expect((await allReplies(t, hiddenWithReply)).map((r) => r.id)).not.toContain(trollReply);

    // Each writer still sees their own: the hidden one, and everything while banned.
    const mine = await kit.ok<MyComments>(ada, "GET", `/api/me/comments?story=${story.id}`);
    expect(mine.hidden.map((c) => [c.id, c.state, c.body])).toEqual([
      [hiddenWithReply, "hidden", "Secret words"],
      [hiddenAlone, "hidden", expect.any(String)],
      [hiddenReply, "hidden", expect.any(String)],
    ]);
    expect(mine).toMatchObject({ banned: false, banned_until: null, can_moderate: false });
    const trollView = await kit.ok<MyComments>(troll, "GET", `/api/me/comments?story=${story.id}`);
    expect(trollView).toMatchObject({ banned: true, banned_until: null, mine: [trolling, trollReply] });
    expect(trollView.hidden.map((c) => c.body)).toContain("Spam");
    // A ban that is over hides nothing.
    await t.database.db.updateTable("comment_ban").set({ until: "2020-01-01T00:00:00.000Z" }).where("user_id", "=", troll.id).execute();
    await t.responseCache.invalidate(["catalog"]);
    expect((await list(story.id)).items.map((c) => c.id)).toContain(trolling);
    expect((await kit.ok<MyComments>(troll, "GET", `/api/me/comments?story=${story.id}`)).banned).toBe(false);
  });

  it("names a creator by their creator name while the public can see them, a deleted account as 'Deleted account', and the story's author as such", async () => {
    const author = await kit.creator("Rita");
    const [guest, leaver] = [await kit.creator("Gus"), await kit.person("member")];
    const story = await kit.story(author.creatorId);
    const own = await insertComment(t, { story_id: story.id, user_id: author.id, created_at: at(0) });
    const byGuest = await insertComment(t, { story_id: story.id, user_id: guest.id, created_at: at(1) });
    const byLeaver = await insertComment(t, { story_id: story.id, user_id: null, created_at: at(2) });
    const answer = await insertComment(t, { story_id: story.id, user_id: leaver.id, parent_id: byGuest, reply_to_id: byGuest, created_at: at(3) });
    const reply = await insertComment(t, { story_id: story.id, user_id: guest.id, parent_id: byGuest, reply_to_id: answer, created_at: at(4) });
    await t.database.db.updateTable("creator").set({ hidden_at: at(5) }).where("id", "=", guest.creatorId!).execute();
    await t.responseCache.invalidate(["catalog", "creators"]);
    await t.database.db.deleteFrom("user").where("id", "=", leaver.id).execute();
    await t.responseCache.invalidate(["catalog"]);

    const page = await list(story.id);
    const byId = new Map(page.items.flatMap((c) => [c, ...c.replies]).map((c) => [c.id, c]));
    const authorCreator = await t.database.db.selectFrom("creator").select(["first_name", "last_name"]).where("id", "=", author.creatorId!).executeTakeFirstOrThrow();
    expect(byId.get(own)!.author).toEqual({ name: `${authorCreator.first_name} ${authorCreator.last_name}`, creator_id: author.creatorId, is_story_author: true });
    // A hidden creator profile: their username, no link.
    expect(byId.get(byGuest)!.author).toMatchObject({ creator_id: null, is_story_author: false });
    expect(byId.get(byGuest)!.author.name).not.toContain("Gus");
    expect(byId.get(byLeaver)!.author).toEqual({ name: DELETED_ACCOUNT, creator_id: null, is_story_author: false });
    expect(byId.get(answer)!.author.name).toBe(DELETED_ACCOUNT);
    expect(byId.get(reply)!.reply_to).toEqual({ id: answer, name: DELETED_ACCOUNT });
  });

  it("answers 404 for a story the public cannot read, like GET /api/stories/{id}", async () => {
    const author = await kit.creator();
    const member = await kit.person("member");
    const stories = [
      await kit.story(author.creatorId, { status: "draft" }),
      await kit.story(author.creatorId, { hidden_at: at(0) }),
      await kit.story(null, { body: "" }),
    ];
    for (const story of stories) {
      expect((await kit.call<ErrorBody>(null, "GET", `/api/stories/${story.id}`)).status).toBe(404);
      expect((await kit.call<ErrorBody>(null, "GET", `/api/stories/${story.id}/comments`)).status).toBe(404);
      expect((await kit.call<ErrorBody>(member, "GET", `/api/me/comments?story=${story.id}`)).status).toBe(404);
    }
    expect((await kit.call<ErrorBody>(null, "GET", "/api/stories/no-such-story/comments")).status).toBe(404);
    expect((await kit.call<ErrorBody>(null, "GET", `/api/me/comments?story=${stories[0]!.id}`)).status).toBe(401);
  });

  it("tells the story's author and staff they may moderate, and nobody else", async () => {
    const author = await kit.creator();
    const story = await kit.story(author.creatorId);
    for (const [who, can] of [[author, true], [await kit.person("curator"), true], [await kit.person("admin"), true], [await kit.person("member"), false], [await kit.creator(), false]] as const) {
      expect((await kit.ok<MyComments>(who, "GET", `/api/me/comments?story=${story.id}`)).can_moderate).toBe(can);
    }
  });
});
