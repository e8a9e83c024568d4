/**
 * Bans from commenting (issue 33, docs/decisions/0032), on whichever database TEST_DB names: a ban
 * stops writing, replying, editing and liking (Ghost's first ban let edits through), lifting it or
 * its end lets them again, `hide_comments` takes everything the member wrote off the site for good,
 * staff cannot be banned, and each step is in the audit log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { CommentBanList, CommentBanResult } from "../../../../common/api/admin-comments.js";
import type { Comment, CommentList } from "../../../../common/api/comments.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

let t: TestApp;
const kit = staffKit(() => t);
let curator: Person;

beforeAll(async () => {
  t = await createTestApp();
  curator = await kit.person("curator");
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 86_400_000;
const bans = "/api/admin/comments/bans";

async function storyWithComment(writer: Person, body = `Thoughts ${kit.unique()}`) {
  const story = await kit.story();
  const comment = await kit.ok<Comment>(writer, "POST", `/api/stories/${story.id}/comments`, { body }, 201);
  return { story, comment };
}

/** Every write a ban stops, tried as `who` on a story and on someone else's comment, and their own. */
async function writes(who: Person, storyId: string, othersComment: string, ownComment: string) {
  const n = kit.unique();
  return {
    comment: await kit.call<ErrorBody>(who, "POST", `/api/stories/${storyId}/comments`, { body: `New words ${n}` }),
    reply: await kit.call<ErrorBody>(who, "POST", `/api/stories/${storyId}/comments`, { body: `An answer ${n}`, reply_to: othersComment }),
    edit: await kit.call<ErrorBody>(who, "PATCH", `/api/comments/${ownComment}`, { body: `Edited ${n}` }),
    like: await kit.call<ErrorBody>(who, "PUT", `/api/comments/${othersComment}/like`),
  };
}

async function commentState(id: string) {
  return t.database.db.selectFrom("comment").select(["body", "edited_at", "like_count", "hidden_at", "hidden_by"]).where("id", "=", id).executeTakeFirstOrThrow();
}
async function countOf(storyId: string) {
  return Number((await t.database.db.selectFrom("story").select("comment_count").where("id", "=", storyId).executeTakeFirstOrThrow()).comment_count);
}
async function publicIds(storyId: string) {
  return (await kit.ok<CommentList>(null, "GET", `/api/stories/${storyId}/comments`)).items.filter((c) => c.state === "visible").map((c) => c.id);
}

describe("a ban from commenting", () => {
  it("stops writing, replying, editing and liking, changing nothing; lifted, all of them work again", async () => {
    const member = await kit.person("member");
    const other = await kit.person("member");
    const { story, comment: own } = await storyWithComment(member);
    const others = await kit.ok<Comment>(other, "POST", `/api/stories/${story.id}/comments`, { body: "Someone else's" }, 201);
    const before = [await commentState(own.id), await commentState(others.id), await countOf(story.id)];

    const banned = await kit.ok<CommentBanResult>(curator, "PUT", `${bans}/${member.id}`, { days: 7, hide_comments: false, note: "Cooling off" });
    expect(banned.hidden).toBe(0);
    expect(banned.ban).toMatchObject({ user_id: member.id, email: member.email, note: "Cooling off", created_by_email: curator.email });
    expect(Math.abs(new Date(banned.ban.until!).getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect((await kit.ok<CommentBanList>(curator, "GET", bans)).items.map((b) => b.user_id)).toContain(member.id);

    const refused = await writes(member, story.id, others.id, own.id);
    for (const [write, res] of Object.entries(refused)) {
      expect([write, res.status, res.body.error.code]).toEqual([write, 403, "COMMENT_BANNED"]);
    }
    expect([await commentState(own.id), await commentState(others.id), await countOf(story.id)]).toEqual(before);
    // While banned, what they wrote is out of the public's sight.
    expect(await publicIds(story.id)).toEqual([others.id]);

    expect(await kit.ok(curator, "DELETE", `${bans}/${member.id}`)).toEqual({ lifted: true });
    const again = await kit.call<ErrorBody>(curator, "DELETE", `${bans}/${member.id}`);
    expect([again.status, again.body.error.code]).toEqual([404, "NOT_BANNED"]);
    const allowed = await writes(member, story.id, others.id, own.id);
    expect(Object.values(allowed).map((r) => r.status)).toEqual([201, 201, 200, 200]);
    expect((await kit.ok<CommentBanList>(curator, "GET", bans)).items.map((b) => b.user_id)).not.toContain(member.id);

    const audit = await kit.auditOf(member.id);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["user.comment-ban", curator.id],
      ["user.comment-unban", curator.id],
    ]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ email: member.email, until: banned.ban.until, note: "Cooling off", hide_comments: false });
    expect(audit[0]!.before).toBeNull();
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ until: banned.ban.until });
  });

  it("no longer applies once its time is over", async () => {
    const member = await kit.person("member");
    const other = await kit.person("member");
    const { story, comment: own } = await storyWithComment(member);
    const others = await kit.ok<Comment>(other, "POST", `/api/stories/${story.id}/comments`, { body: "Another view" }, 201);
    await kit.ok(curator, "PUT", `${bans}/${member.id}`, { days: 1, hide_comments: false });
    expect((await writes(member, story.id, others.id, own.id)).comment.status).toBe(403);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + DAY_MS + 60_000);
    const allowed = await writes(member, story.id, others.id, own.id);
    expect(Object.values(allowed).map((r) => r.status)).toEqual([201, 201, 200, 200]);
    expect((await kit.ok<CommentBanList>(curator, "GET", bans)).items.map((b) => b.user_id)).not.toContain(member.id);
    expect(await publicIds(story.id)).toContain(own.id);
  });

  it("for good, with hide_comments, hides everything the member wrote, for good, and recounts every story", async () => {
    const member = await kit.person("member");
    const a = await storyWithComment(member, "First story's comment");
    const b = await storyWithComment(member, "Second story's comment");
    const byAuthor = await kit.ok<Comment>(member, "POST", `/api/stories/${b.story.id}/comments`, { body: "Hidden by the story's author" }, 201);
    await t.database.db.updateTable("comment").set({ hidden_at: new Date().toISOString(), hidden_by: "author" }).where("id", "=", byAuthor.id).execute();
    await t.database.db.updateTable("story").set({ comment_count: 1 }).where("id", "=", b.story.id).execute();

    const banned = await kit.ok<CommentBanResult>(curator, "PUT", `${bans}/${member.id}`, { days: null, hide_comments: true, note: "Spam" });
    expect(banned.hidden).toBe(2);
    expect(banned.ban.until).toBeNull();
    for (const id of [a.comment.id, b.comment.id, byAuthor.id]) expect((await commentState(id)).hidden_by).toBe("staff");
    expect([await countOf(a.story.id), await countOf(b.story.id)]).toEqual([0, 0]);

    // Lifted, the ban's hiding stays: a curator decides about each comment.
    await kit.ok(curator, "DELETE", `${bans}/${member.id}`);
    expect([await publicIds(a.story.id), await publicIds(b.story.id)]).toEqual([[], []]);
    expect(JSON.parse((await kit.auditOf(member.id))[0]!.after!)).toMatchObject({ until: null, hide_comments: true, hidden_comments: 2 });
  });

  it("replaces the ban a member has, with the one before in the audit entry", async () => {
    const member = await kit.person("member");
    const first = await kit.ok<CommentBanResult>(curator, "PUT", `${bans}/${member.id}`, { days: 1, hide_comments: false, note: "First warning" });
    await kit.ok(curator, "PUT", `${bans}/${member.id}`, { days: null, hide_comments: false, note: "Again" });
    const list = await kit.ok<CommentBanList>(curator, "GET", bans);
    expect(list.items.filter((b) => b.user_id === member.id)).toEqual([expect.objectContaining({ until: null, note: "Again" })]);
    const [, second] = await kit.auditOf(member.id);
    expect(JSON.parse(second!.before!)).toMatchObject({ until: first.ban.until, note: "First warning" });
    expect(JSON.parse(second!.after!)).toMatchObject({ until: null, note: "Again" });
  });

  it("refuses staff (409), no such member (404) and bad input (400), changing nothing", async () => {
    const admin = await kit.person("admin");
    const otherCurator = await kit.person("curator");
    for (const who of [admin, otherCurator, curator]) {
      const res = await kit.call<ErrorBody>(curator, "PUT", `${bans}/${who.id}`, { days: 7, hide_comments: true });
      expect([res.status, res.body.error.code]).toEqual([409, "STAFF_NOT_BANNABLE"]);
    }
    const missing = await kit.call<ErrorBody>(curator, "PUT", `${bans}/no-such-user`, { days: 7 });
    expect([missing.status, missing.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const member = await kit.person("member");
    for (const body of [{ days: 0 }, { days: 366 }, { days: 1.5 }, { days: "7" }, {}, { days: 7, note: "x".repeat(501) }]) {
      const res = await kit.call<ErrorBody>(curator, "PUT", `${bans}/${member.id}`, body);
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([JSON.stringify(body), 400, "VALIDATION_FAILED"]);
    }
    const rows = await t.database.db.selectFrom("comment_ban").select("user_id").where("user_id", "in", [admin.id, otherCurator.id, curator.id, member.id]).execute();
    expect(rows).toEqual([]);
    for (const who of [admin, otherCurator, member]) expect(await kit.auditOf(who.id)).toEqual([]);
  });
});
