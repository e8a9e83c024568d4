/**
 * Likes (issue 33), on whichever database TEST_DB names: once per member however often they ask,
 * one's own comment too (as Ghost), taken back as often; the count stays right when 50 members like
 * and take back at once; a deleted or hidden comment cannot be liked; a deleted account's likes
 * leave the count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentList, LikeState, MyComments } from "../../../common/api/comments.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { staffKit, type Person } from "../admin/admin.fixtures.js";
import { insertComment } from "./comments.fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const kit = staffKit(() => t);
const likeCount = async (id: string) => Number((await t.database.db.selectFrom("comment").select("like_count").where("id", "=", id).executeTakeFirstOrThrow()).like_count);
const likeRows = async (id: string) => (await t.database.db.selectFrom("comment_like").select("user_id").where("comment_id", "=", id).execute()).length;

describe("likes", () => {
  it("counts a member once however often they like, their own comment too, and takes it back", async () => {
    const [writer, fan] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const id = await insertComment(t, { story_id: story.id, user_id: writer.id });
    for (let i = 0; i < 3; i++) expect(await kit.ok<LikeState>(fan, "PUT", `/api/comments/${id}/like`)).toEqual({ liked: true, like_count: 1 });
    expect(await kit.ok<LikeState>(writer, "PUT", `/api/comments/${id}/like`)).toEqual({ liked: true, like_count: 2 });
    expect((await kit.ok<MyComments>(fan, "GET", `/api/me/comments?story=${story.id}`)).liked).toEqual([id]);
    expect((await kit.ok<CommentList>(null, "GET", `/api/stories/${story.id}/comments`)).items[0]!.like_count).toBe(2);
    for (let i = 0; i < 2; i++) expect(await kit.ok<LikeState>(fan, "DELETE", `/api/comments/${id}/like`)).toEqual({ liked: false, like_count: 1 });
    expect((await kit.ok<MyComments>(fan, "GET", `/api/me/comments?story=${story.id}`)).liked).toEqual([]);
  });

  it("refuses a like of a deleted or hidden comment, or an unknown one", async () => {
    const fan = await kit.person("member");
    const story = await kit.story();
    const hidden = await insertComment(t, { story_id: story.id, user_id: fan.id, hidden_at: new Date().toISOString() });
    const deleted = await insertComment(t, { story_id: story.id, user_id: fan.id, deleted_at: new Date().toISOString(), body: "" });
    for (const id of [hidden, deleted, "no-such-comment"]) expect((await kit.call(fan, "PUT", `/api/comments/${id}/like`)).status).toBe(404);
    expect(await likeRows(hidden)).toBe(0);
  });

  it("keeps the count right when 50 members like and take back at once", async () => {
    const story = await kit.story();
    const writer = await kit.person("member");
    const id = await insertComment(t, { story_id: story.id, user_id: writer.id });
    const fans: Person[] = await Promise.all(Array.from({ length: 50 }, () => kit.person("member")));
    // Everyone likes twice at once.
    await Promise.all(fans.flatMap((fan) => [kit.ok(fan, "PUT", `/api/comments/${id}/like`), kit.ok(fan, "PUT", `/api/comments/${id}/like`)]));
    expect([await likeCount(id), await likeRows(id)]).toEqual([50, 50]);
    // Half take it back while the other half like again, all at once.
    await Promise.all(fans.map((fan, i) => kit.ok(fan, i % 2 ? "DELETE" : "PUT", `/api/comments/${id}/like`)));
    expect([await likeCount(id), await likeRows(id)]).toEqual([25, 25]);
    // Likes and take-backs of the same members racing each other.
    await Promise.all(fans.flatMap((fan) => [kit.ok(fan, "PUT", `/api/comments/${id}/like`), kit.ok(fan, "DELETE", `/api/comments/${id}/like`)]));
    expect(await likeCount(id)).toBe(await likeRows(id));
  });
});
