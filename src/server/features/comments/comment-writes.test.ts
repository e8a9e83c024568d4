/**
 * Writing comments (issue 33), on whichever database TEST_DB names: posting, replying (a reply to
 * a reply joins the thread), editing (marked edited), deleting with and without replies, the
 * counts kept with each; every write tried as another member, a visitor and a banned member
 * (refused, nothing changed); comments off; a story the public cannot read; the rate limits, the
 * new account's links and the same text twice. Foreign origins: reliability/csrf.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, CommentList } from "../../../common/api/comments.js";
import { COMMENT_BURST, COMMENT_MESSAGES, NEW_ACCOUNT_MS } from "../../../common/comments.js";
import type { StoryDetail } from "../../../common/api/catalog.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../admin/admin.fixtures.js";
import { banFromComments, commentState } from "./comments.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);
const post = (who: Person | null, storyId: string, body: string, reply_to?: string) => kit.call<Comment & ErrorBody>(who, "POST", `/api/stories/${storyId}/comments`, { body, ...(reply_to ? { reply_to } : {}) });
const counts = async (storyId: string) => {
  const page = await kit.ok<CommentList>(null, "GET", `/api/stories/${storyId}/comments`);
  const card = await kit.ok<StoryDetail>(null, "GET", `/api/stories/${storyId}`);
  expect(card.comment_count, "the story's count is the list's").toBe(page.count);
  return { count: page.count, replies: Object.fromEntries(page.items.map((c) => [c.id, c.reply_count])), page };
};

describe("posting and replying", () => {
  it("posts a comment, a reply, and a reply to a reply in the same thread, keeping the counts", async () => {
    const [ada, bo, cy] = [await kit.person("member"), await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const top = await post(ada, story.id, "  Lovely story.\r\n\r\nReally.  ");
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ story_id: story.id, parent_id: null, reply_to: null, state: "visible", body: "Lovely story.\n\nReally.", reply_count: 0, replies: [], like_count: 0, edited_at: null });
    const reply = await post(bo, story.id, "Agreed", top.body.id);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ parent_id: top.body.id, reply_to: null });
    const deeper = await post(cy, story.id, "Why?", reply.body.id);
    expect(deeper.status).toBe(201);
    expect(deeper.body).toMatchObject({ parent_id: top.body.id, reply_to: { id: reply.body.id, name: expect.any(String) } });
    const state = await counts(story.id);
    expect(state.count).toBe(3);
    expect(state.replies[top.body.id]).toBe(2);
    expect(state.page.items[0]!.replies.map((r) => r.id)).toEqual([reply.body.id, deeper.body.id]);
  });

  it("edits one's own comment, marking it edited", async () => {
    const ada = await kit.person("member");
    const story = await kit.story();
    const top = (await post(ada, story.id, "Fisrt draft")).body;
    const edited = await kit.ok<Comment>(ada, "PATCH", `/api/comments/${top.id}`, { body: "First draft" });
    expect(edited).toMatchObject({ id: top.id, body: "First draft", edited_at: expect.any(String) });
    expect((await counts(story.id)).page.items[0]).toMatchObject({ body: "First draft", edited_at: edited.edited_at });
    const empty = await kit.call<ErrorBody>(ada, "PATCH", `/api/comments/${top.id}`, { body: "   " });
    expect([empty.status, empty.body.error.fields]).toEqual([400, { body: COMMENT_MESSAGES.bodyRequired }]);
    expect((await kit.call<ErrorBody>(ada, "PATCH", `/api/comments/${top.id}`, { body: "x".repeat(2_001) })).body.error.fields).toEqual({ body: COMMENT_MESSAGES.tooLong });
  });

  it("deletes a comment with replies to a placeholder, and one without entirely, keeping the counts", async () => {
    const [ada, bo] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const top = (await post(ada, story.id, "Top")).body;
    const reply = (await post(bo, story.id, "Reply", top.id)).body;
    const answered = (await post(ada, story.id, "Answered", reply.id)).body;
    const lonely = (await post(bo, story.id, "Alone")).body;
    await kit.ok(bo, "PUT", `/api/comments/${lonely.id}/like`);
    expect((await counts(story.id)).count).toBe(4);

    expect(await kit.ok(ada, "DELETE", `/api/comments/${top.id}`)).toEqual({ deleted: true, placeholder: true });
    expect(await kit.ok(bo, "DELETE", `/api/comments/${lonely.id}`)).toEqual({ deleted: true, placeholder: false });
    // A reply another reply answers keeps its row for the name; it is no longer shown.
    expect(await kit.ok(bo, "DELETE", `/api/comments/${reply.id}`)).toEqual({ deleted: true, placeholder: true });
    const state = await counts(story.id);
    expect(state.count).toBe(1);
    expect(state.page.items.map((c) => [c.id, c.state, c.body, c.reply_count])).toEqual([[top.id, "deleted", "", 1]]);
    expect(state.page.items[0]!.replies.map((r) => [r.id, r.reply_to?.id])).toEqual([[answered.id, reply.id]]);
    const rows = await t.database.db.selectFrom("comment").select(["id", "body", "deleted_at"]).where("story_id", "=", story.id).orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.body, r.deleted_at !== null])).toEqual([
      [top.id, "", true],
      [reply.id, "", true],
      [answered.id, "Answered", false],
    ]);
    expect(await t.database.db.selectFrom("comment_like").selectAll().where("comment_id", "=", lonely.id).execute()).toEqual([]);
    // Gone: not edited, not deleted again, not answered.
    expect((await kit.call(ada, "PATCH", `/api/comments/${top.id}`, { body: "Back" })).status).toBe(404);
    expect((await kit.call(ada, "DELETE", `/api/comments/${top.id}`)).status).toBe(404);
    expect((await post(bo, story.id, "To nobody", top.id)).status).toBe(404);
    expect((await post(bo, story.id, "To nobody", lonely.id)).status).toBe(404);
  });
});

describe("refusals change nothing", () => {
  it("refuses every write as another member, a visitor and a banned member", async () => {
    const [owner, other, banned] = [await kit.person("member"), await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const mine = (await post(owner, story.id, "Mine")).body;
    const theirs = (await post(banned, story.id, "Before the ban")).body;
    await banFromComments(t, banned, "2099-03-04T00:00:00.000Z");
    const before = await commentState(t);
    const attempts: [Person | null, string, string, unknown, number, string][] = [
      [other, "PATCH", `/api/comments/${mine.id}`, { body: "Hijacked" }, 403, "NOT_YOUR_COMMENT"],
      [other, "DELETE", `/api/comments/${mine.id}`, undefined, 403, "NOT_YOUR_COMMENT"],
      [null, "POST", `/api/stories/${story.id}/comments`, { body: "Hello" }, 401, "UNAUTHORIZED"],
      [null, "PATCH", `/api/comments/${mine.id}`, { body: "Hijacked" }, 401, "UNAUTHORIZED"],
      [null, "DELETE", `/api/comments/${mine.id}`, undefined, 401, "UNAUTHORIZED"],
      [null, "PUT", `/api/comments/${mine.id}/like`, undefined, 401, "UNAUTHORIZED"],
      [null, "DELETE", `/api/comments/${mine.id}/like`, undefined, 401, "UNAUTHORIZED"],
      [banned, "POST", `/api/stories/${story.id}/comments`, { body: "Still here" }, 403, "COMMENT_BANNED"],
      [banned, "POST", `/api/stories/${story.id}/comments`, { body: "A reply", reply_to: mine.id }, 403, "COMMENT_BANNED"],
      [banned, "PATCH", `/api/comments/${theirs.id}`, { body: "Changed after the ban" }, 403, "COMMENT_BANNED"],
      [banned, "PUT", `/api/comments/${mine.id}/like`, undefined, 403, "COMMENT_BANNED"],
      [banned, "DELETE", `/api/comments/${mine.id}/like`, undefined, 403, "COMMENT_BANNED"],
      [banned, "DELETE", `/api/comments/${mine.id}`, undefined, 403, "NOT_YOUR_COMMENT"],
    ];
    for (const [who, method, path, json, status, code] of attempts) {
      const res = await kit.call<ErrorBody>(who, method, path, json);
      expect([res.status, res.body.error.code], `${method} ${path}`).toEqual([status, code]);
    }
    const refused = await kit.call<ErrorBody>(banned, "POST", `/api/stories/${story.id}/comments`, { body: "Again" });
    expect(refused.body.error.message).toBe(COMMENT_MESSAGES.banned("March 4, 2099"));
    expect(await commentState(t)).toBe(before);
    // A member may always take back what they wrote, banned or not.
    expect(await kit.ok(banned, "DELETE", `/api/comments/${theirs.id}`)).toEqual({ deleted: true, placeholder: false });
  });

  it("refuses comments when the author turned them off, and on a story the public cannot read", async () => {
    const author = await kit.creator();
    const fan = await kit.person("member");
    const story = await kit.story(author.creatorId);
    const top = (await post(fan, story.id, "Before closing")).body;
    await kit.ok(author, "PUT", `/api/studio/stories/${story.id}/comments`, { open: false });
    expect((await kit.ok<StoryDetail>(null, "GET", `/api/stories/${story.id}`)).comments_open).toBe(false);
    const before = await commentState(t);
    for (const replyTo of [undefined, top.id]) {
      const res = await post(fan, story.id, "After closing", replyTo);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([409, "COMMENTS_CLOSED", COMMENT_MESSAGES.closed]);
    }
    expect(await commentState(t)).toBe(before);
    // Still readable.
    expect((await counts(story.id)).page).toMatchObject({ open: false, count: 1 });

    const hidden = await kit.story(author.creatorId, { hidden_at: "2026-01-01T00:00:00.000Z" });
    const draft = await kit.story(author.creatorId, { status: "draft" });
    const suspendedAuthor = await kit.creator();
    const suspended = await kit.story(suspendedAuthor.creatorId);
    await t.database.db.updateTable("creator").set({ suspended_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", suspendedAuthor.creatorId!).execute();
    const deleted = await kit.story(author.creatorId);
    await t.database.db.deleteFrom("story").where("id", "=", deleted.id).execute();
    const noPage = await kit.story(null, { body: "" });
    const elsewhere = await kit.story();
    const refusalsBefore = await commentState(t);
    // Each attempt by another member: attempts count against a member's allowance, refused or not.
    for (const id of [hidden.id, draft.id, suspended.id, deleted.id, noPage.id]) {
      const res = await post(await kit.person("member"), id, "Hello?");
      expect([res.status, res.body.error.code, res.body.error.message], id).toEqual([404, "NOT_FOUND", COMMENT_MESSAGES.storyNotFound]);
    }
    // A comment of another story is not one to answer here.
    expect((await post(fan, elsewhere.id, "Crossed", top.id)).status).toBe(404);
    expect(await commentState(t)).toBe(refusalsBefore);
  });
});

describe("limits", () => {
  it("refuses a burst past COMMENT_BURST with Retry-After, per member", async () => {
    const [fast, calm] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    for (let i = 0; i < COMMENT_BURST.limit; i++) expect((await post(fast, story.id, `Comment number ${i}`)).status).toBe(201);
    const refused = await post(fast, story.id, "One too many");
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([429, "RATE_LIMITED", COMMENT_MESSAGES.rateLimited]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(calm, story.id, "My first")).status).toBe(201);
    expect((await counts(story.id)).count).toBe(COMMENT_BURST.limit + 1);
  });

  it("lets a new account post at most NEW_ACCOUNT_LINKS links, and an older one more", async () => {
    const fresh = await kit.person("member");
    const older = await kit.person("member", { created_at: new Date(Date.now() - NEW_ACCOUNT_MS - 60_000).toISOString() });
    const story = await kit.story();
    const three = "See https://a.example, http://b.example/x and https://c.example/y";
    const res = await post(fresh, story.id, three);
    expect([res.status, res.body.error.fields]).toEqual([400, { body: COMMENT_MESSAGES.tooManyLinks }]);
    expect((await post(fresh, story.id, "See https://a.example and https://b.example")).status).toBe(201);
    const top = (await post(fresh, story.id, "Plain words")).body;
    expect((await kit.call<ErrorBody>(fresh, "PATCH", `/api/comments/${top.id}`, { body: three })).status).toBe(400);
    expect((await post(older, story.id, three)).status).toBe(201);
  });

  it("refuses the same text as the member's previous comment, anywhere", async () => {
    const fan = await kit.person("member");
    const [one, two] = [await kit.story(), await kit.story()];
    expect((await post(fan, one.id, "Great work")).status).toBe(201);
    const again = await post(fan, two.id, "  Great work ");
    expect([again.status, again.body.error.fields]).toEqual([400, { body: COMMENT_MESSAGES.repeated }]);
    expect((await post(fan, two.id, "Great work, again")).status).toBe(201);
    expect((await post(fan, two.id, "Great work")).status).toBe(201);
  });
});
