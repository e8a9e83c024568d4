/**
 * The story author's controls over comments (issue 33), on whichever database TEST_DB names:
 * comments off and on for their story (still readable), hiding and showing again a comment on it
 * (counts kept); another creator, a member, a curator and a visitor change nothing; a comment
 * staff hid stays hidden.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, CommentList } from "../../../../common/api/comments.js";
import type { StoryDetail } from "../../../../common/api/catalog.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../../admin/admin.fixtures.js";
import { commentState } from "../../comments/comments.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);
const post = (who: Person, storyId: string, body: string, reply_to?: string) => kit.ok<Comment>(who, "POST", `/api/stories/${storyId}/comments`, { body, ...(reply_to ? { reply_to } : {}) }, 201);
const counts = async (storyId: string) => {
  const page = await kit.ok<CommentList>(null, "GET", `/api/stories/${storyId}/comments`);
  const card = await kit.ok<StoryDetail>(null, "GET", `/api/stories/${storyId}`);
  expect(card.comment_count, "the story's count is the list's").toBe(page.count);
  return { count: page.count, page };
};

describe("the story's author", () => {
  it("hides and shows again a comment on their story; another creator, a member and a curator change nothing", async () => {
    const author = await kit.creator();
    const [fan, other, curator, member] = [await kit.person("member"), await kit.creator(), await kit.person("curator"), await kit.person("member")];
    const story = await kit.story(author.creatorId);
    const top = await post(fan, story.id, "Rude words");
    const reply = await post(member, story.id, "Calm down", top.id);
    const before = await commentState(t);
    for (const [who, status] of [[other, 404], [curator, 403], [member, 403], [fan, 403], [null, 401]] as const) {
      for (const path of [`/api/studio/comments/${top.id}/hide`, `/api/studio/comments/${top.id}/unhide`]) {
        expect((await kit.call(who, "POST", path)).status, `${path} ${who?.email ?? "visitor"}`).toBe(status);
      }
      expect((await kit.call(who, "PUT", `/api/studio/stories/${story.id}/comments`, { open: false })).status).toBe(status);
    }
    expect(await commentState(t)).toBe(before);

    const hidden = await kit.ok<Comment>(author, "POST", `/api/studio/comments/${top.id}/hide`);
    expect(hidden).toMatchObject({ id: top.id, state: "hidden", body: "Rude words" });
    const row = await t.database.db.selectFrom("comment").select(["hidden_by"]).where("id", "=", top.id).executeTakeFirstOrThrow();
    expect(row.hidden_by).toBe("author");
    let state = await counts(story.id);
    expect(state.count).toBe(1);
    expect(state.page.items.map((c) => [c.state, c.body])).toEqual([["hidden", ""]]);
    await kit.ok(author, "POST", `/api/studio/comments/${top.id}/hide`);
    expect((await counts(story.id)).count).toBe(1);
    expect(await kit.ok<Comment>(author, "POST", `/api/studio/comments/${top.id}/unhide`)).toMatchObject({ state: "visible" });
    state = await counts(story.id);
    expect(state.count).toBe(2);
    // A comment staff hid stays hidden until a curator decides.
    await t.database.db.updateTable("comment").set({ hidden_at: new Date().toISOString(), hidden_by: "staff" }).where("id", "=", reply.id).execute();
    expect((await kit.call<ErrorBody>(author, "POST", `/api/studio/comments/${reply.id}/unhide`)).body.error.code).toBe("NOT_STAFF");
  });

  it("turns comments off and on for their own story, any status, and only theirs", async () => {
    const author = await kit.creator();
    const story = await kit.story(author.creatorId);
    const draft = await kit.story(author.creatorId, { status: "draft" });
    expect(await kit.ok(author, "PUT", `/api/studio/stories/${story.id}/comments`, { open: false })).toEqual({ open: false });
    expect((await kit.ok<StoryDetail>(null, "GET", `/api/stories/${story.id}`)).comments_open).toBe(false);
    expect((await counts(story.id)).page.open).toBe(false);
    expect(await kit.ok(author, "PUT", `/api/studio/stories/${draft.id}/comments`, { open: false })).toEqual({ open: false });
    expect(await kit.ok(author, "PUT", `/api/studio/stories/${story.id}/comments`, { open: true })).toEqual({ open: true });
    expect((await counts(story.id)).page.open).toBe(true);
    const house = await kit.story();
    expect((await kit.call(author, "PUT", `/api/studio/stories/${house.id}/comments`, { open: false })).status).toBe(404);
    expect((await kit.call(author, "PUT", `/api/studio/stories/${story.id}/comments`, { open: "no" })).status).toBe(400);
  });
});
