/**
 * Moderating comments (issue 33, docs/decisions/0032), on whichever database TEST_DB names: the
 * three-report auto-hide (Discourse's), resolving a comment's reports in the queue, and a curator
 * hiding and unhiding in the Comments area, with the story's counts and the audit log following.
 * Who may call the area at all is the permission walk's (../permissions.test.ts); bans are in
 * bans.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminComment, AdminCommentPage } from "../../../../common/api/admin-comments.js";
import type { Comment, CommentList } from "../../../../common/api/comments.js";
import type { AdminReportPage, ReportResolution } from "../../../../common/api/reports.js";
import { AUTO_HIDE_REPORTS } from "../../../../common/comments.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";

let t: TestApp;
const kit = staffKit(() => t);
let curator: Person;

beforeAll(async () => {
  t = await createTestApp({ REPORT_RATE_LIMIT: "1000" });
  curator = await kit.person("curator");
});
afterAll(async () => {
  await t?.close();
});

/** A published story with a page and a comment on it by a fresh member. */
async function commented(body = `A thought ${kit.unique()}`) {
  const story = await kit.story();
  const writer = await kit.person("member");
  const comment = await kit.ok<Comment>(writer, "POST", `/api/stories/${story.id}/comments`, { body }, 201);
  return { story, writer, comment };
}

const reportComment = (who: Person, commentId: string) =>
  kit.call<ErrorBody>(who, "POST", "/api/reports", { kind: "comment", item_id: commentId, reason: "spam" });

async function commentRow(id: string) {
  return t.database.db.selectFrom("comment").select(["hidden_at", "hidden_by", "reply_count"]).where("id", "=", id).executeTakeFirstOrThrow();
}
async function countOf(storyId: string) {
  return Number((await t.database.db.selectFrom("story").select("comment_count").where("id", "=", storyId).executeTakeFirstOrThrow()).comment_count);
}
async function publicIds(storyId: string): Promise<string[]> {
  const list = await kit.ok<CommentList>(null, "GET", `/api/stories/${storyId}/comments`);
  return list.items.flatMap((c) => [c.state === "visible" ? c.id : `(${c.state})`, ...c.replies.map((r) => r.id)]);
}
async function mailsTo(email: string) {
  return t.database.db.selectFrom("outbox").select(["template", "payload", "user_id"]).where("recipient", "=", email).execute();
}
const people = (n: number) => Promise.all(Array.from({ length: n }, () => kit.person("member")));

describe("reports of a comment", () => {
  it(`hide it once ${AUTO_HIDE_REPORTS} different members report it, and tell its writer`, async () => {
    const { story, writer, comment } = await commented("Buy cheap prints at my shop!");
    const [first, second, third, late] = await people(4);
    expect(await countOf(story.id)).toBe(1);

    expect((await reportComment(first!, comment.id)).status).toBe(201);
    expect((await reportComment(second!, comment.id)).status).toBe(201);
    // The same member twice counts once: the second is refused and nothing hides.
    const again = await reportComment(first!, comment.id);
    expect([again.status, again.body.error.code]).toEqual([409, "ALREADY_REPORTED"]);
    expect((await commentRow(comment.id)).hidden_at).toBeNull();
    expect(await publicIds(story.id)).toEqual([comment.id]);
    expect(await mailsTo(writer.email)).toEqual([]);

    expect((await reportComment(third!, comment.id)).status).toBe(201);
    expect(await commentRow(comment.id)).toMatchObject({ hidden_by: "reports" });
    expect((await commentRow(comment.id)).hidden_at).not.toBeNull();
    expect(await countOf(story.id)).toBe(0);
    expect(await publicIds(story.id)).toEqual([]);

    const mails = await mailsTo(writer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "comment-hidden", user_id: writer.id });
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({
      storyTitle: story.title,
      body: "Buy cheap prints at my shop!",
      reports: 3,
      url: `${t.config.publicUrl}/stories/${story.id}#comment-${comment.id}`,
    });
    const audit = await kit.auditOf(comment.id);
    expect(audit.map((a) => [a.action, a.actor_id, a.actor_email])).toEqual([["comment.hide", "reports", `${AUTO_HIDE_REPORTS} reports`]]);

    // Hidden now: waiting for a curator, not reported again.
    const refused = await reportComment(late!, comment.id);
    expect([refused.status, refused.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("do not count the writer's own report", async () => {
    const { writer, comment } = await commented();
    const [first, second] = await people(2);
    for (const who of [writer, first!, second!]) expect((await reportComment(who, comment.id)).status).toBe(201);
    expect((await commentRow(comment.id)).hidden_at).toBeNull();
    expect(await mailsTo(writer.email)).toEqual([]);
  });

  it("are refused (404) for a comment that does not exist, was deleted, is hidden, is on a story off the site, or whose writer is banned", async () => {
    const reporter = await kit.person("member");
    const missing = await reportComment(reporter, "no-such-comment");
    expect([missing.status, missing.body.error.code]).toEqual([404, "NOT_FOUND"]);

    // A deleted comment with a reply stays as a placeholder: still not reportable.
    const { story, writer, comment } = await commented();
    await kit.ok(reporter, "POST", `/api/stories/${story.id}/comments`, { body: "An answer", reply_to: comment.id }, 201);
    await kit.ok(writer, "DELETE", `/api/comments/${comment.id}`);
    expect((await reportComment(reporter, comment.id)).status).toBe(404);

    const hidden = await commented();
    await kit.ok(curator, "POST", `/api/admin/comments/${hidden.comment.id}/hide`);
    expect((await reportComment(reporter, hidden.comment.id)).status).toBe(404);

    const offSite = await commented();
    await t.database.db.updateTable("story").set({ hidden_at: new Date().toISOString() }).where("id", "=", offSite.story.id).execute();
    expect((await reportComment(reporter, offSite.comment.id)).status).toBe(404);

    const banned = await commented();
    await kit.ok(curator, "PUT", `/api/admin/comments/bans/${banned.writer.id}`, { days: 7, hide_comments: false });
    expect((await reportComment(reporter, banned.comment.id)).status).toBe(404);

    const reported = await t.database.db.selectFrom("report").select("id").where("reporter_id", "=", reporter.id).execute();
    expect(reported).toEqual([]);
  });
});

describe("the reports queue with comments", () => {
  async function hiddenByReports(body?: string) {
    const made = await commented(body);
    for (const who of await people(AUTO_HIDE_REPORTS)) expect((await reportComment(who, made.comment.id)).status).toBe(201);
    expect((await commentRow(made.comment.id)).hidden_by).toBe("reports");
    return made;
  }
  async function queued(commentId: string) {
    const found: AdminReportPage["items"] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: AdminReportPage = await kit.ok<AdminReportPage>(curator, "GET", `/api/admin/reports?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      found.push(...page.items.filter((r) => r.item.id === commentId));
      cursor = page.next_cursor;
    }
    return found;
  }

  it("shows a comment's report with its text as the title, linked to its place on the story", async () => {
    const long = `${"Words ".repeat(30)}and the end`;
    const { story, comment } = await commented(long);
    const reporter = await kit.person("member");
    expect((await reportComment(reporter, comment.id)).status).toBe(201);
    const [report] = await queued(comment.id);
    expect(report!.item).toMatchObject({ kind: "comment", id: comment.id, path: `/stories/${story.id}#comment-${comment.id}`, hidden: false });
    expect(report!.item.title).toHaveLength(120);
    expect(report!.item.title!.endsWith("…")).toBe(true);
    expect(long.startsWith(report!.item.title!.slice(0, -1))).toBe(true);
  });

  it("Dismiss shows again a comment the reports hid, with the counts and the audit log", async () => {
    const { story, comment } = await hiddenByReports();
    const reports = await queued(comment.id);
    expect(reports).toHaveLength(AUTO_HIDE_REPORTS);
    expect(reports[0]!.item.hidden).toBe(true);
    const done = await kit.ok<ReportResolution>(curator, "POST", `/api/admin/reports/${reports[0]!.id}/dismiss`, { note: "Fair criticism" });
    expect(done.resolved_ids).toHaveLength(AUTO_HIDE_REPORTS);
    expect(await commentRow(comment.id)).toMatchObject({ hidden_at: null, hidden_by: null });
    expect(await countOf(story.id)).toBe(1);
    expect(await publicIds(story.id)).toEqual([comment.id]);
    const audit = await kit.auditOf(comment.id);
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ["comment.hide", "reports"],
      ["comment.unhide", curator.id],
    ]);
    expect((await kit.auditOf(reports[0]!.id)).map((a) => a.action)).toEqual(["report.dismiss"]);
  });

  it("Dismiss leaves a comment a curator hid as it is; Hide keeps one the reports hid hidden, as the curators'", async () => {
    const staffHidden = await commented();
    await kit.ok(curator, "POST", `/api/admin/comments/${staffHidden.comment.id}/hide`);
    // Reports of it are in the queue from before it was hidden.
    await t.database.db
      .insertInto("report")
      .values({ id: `rep-${kit.unique()}`, reporter_id: (await kit.person("member")).id, kind: "comment", item_id: staffHidden.comment.id, reason: "spam", note: "", status: "open", created_at: new Date().toISOString() })
      .execute();
    const [open] = await queued(staffHidden.comment.id);
    await kit.ok(curator, "POST", `/api/admin/reports/${open!.id}/dismiss`, {});
    expect((await commentRow(staffHidden.comment.id)).hidden_by).toBe("staff");

    const { story, comment } = await hiddenByReports();
    const [report] = await queued(comment.id);
    await kit.ok(curator, "POST", `/api/admin/reports/${report!.id}/hide`, { note: "Advertising" });
    expect((await commentRow(comment.id)).hidden_by).toBe("staff");
    expect(await countOf(story.id)).toBe(0);
    expect((await kit.auditOf(comment.id)).map((a) => [a.action, JSON.parse(a.after ?? "{}").hidden_by, a.note])).toEqual([
      ["comment.hide", "reports", "Reported by 3 members"],
      ["comment.hide", "staff", "Advertising"],
    ]);
    expect((await queued(comment.id)).every((r) => r.status === "hidden")).toBe(true);
  });
});

describe("the Comments area", () => {
  it("hides and shows a comment again, on the record, the story's and the thread's counts following", async () => {
    const { story, comment } = await commented();
    const replier = await kit.person("member");
    const reply = await kit.ok<Comment>(replier, "POST", `/api/stories/${story.id}/comments`, { body: "I agree", reply_to: comment.id }, 201);
    expect(await countOf(story.id)).toBe(2);
    expect((await commentRow(comment.id)).reply_count).toBe(1);

    const hidden = await kit.ok<AdminComment>(curator, "POST", `/api/admin/comments/${reply.id}/hide`);
    expect(hidden).toMatchObject({ id: reply.id, state: "hidden", hidden_by: "staff", story: { id: story.id, title: story.title } });
    expect(hidden.author).toMatchObject({ id: replier.id, email: replier.email, banned: false });
    expect(await countOf(story.id)).toBe(1);
    expect((await commentRow(comment.id)).reply_count).toBe(0);
    expect(await publicIds(story.id)).toEqual([comment.id]);
    // Again: already hidden by staff, nothing written.
    await kit.ok(curator, "POST", `/api/admin/comments/${reply.id}/hide`);

    const shown = await kit.ok<AdminComment>(curator, "POST", `/api/admin/comments/${reply.id}/unhide`);
    expect(shown).toMatchObject({ state: "visible", hidden_by: null, hidden_at: null });
    expect(await countOf(story.id)).toBe(2);
    expect((await commentRow(comment.id)).reply_count).toBe(1);
    expect(await publicIds(story.id)).toEqual([comment.id, reply.id]);
    const audit = await kit.auditOf(reply.id);
    expect(audit.map((a) => [a.action, a.actor_id, a.actor_email])).toEqual([
      ["comment.hide", curator.id, curator.email],
      ["comment.unhide", curator.id, curator.email],
    ]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ hidden_by: "staff", story_id: story.id });
  });

  it("takes over a comment its story's author hid, so the author cannot show it again", async () => {
    const author = await kit.creator();
    const story = await kit.story(author.creatorId);
    const writer = await kit.person("member");
    const comment = await kit.ok<Comment>(writer, "POST", `/api/stories/${story.id}/comments`, { body: "Off topic" }, 201);
    await t.database.db.updateTable("comment").set({ hidden_at: new Date().toISOString(), hidden_by: "author" }).where("id", "=", comment.id).execute();
    await kit.ok(curator, "POST", `/api/admin/comments/${comment.id}/hide`);
    expect(await commentRow(comment.id)).toMatchObject({ hidden_by: "staff" });
  });

  it("answers 404 for no such comment and 409 for one its writer deleted, changing nothing", async () => {
    const missing = await kit.call<ErrorBody>(curator, "POST", "/api/admin/comments/no-such-comment/hide");
    expect([missing.status, missing.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const { story, writer, comment } = await commented();
    await kit.ok(curator, "POST", `/api/stories/${story.id}/comments`, { body: "Keeps the thread", reply_to: comment.id }, 201);
    await kit.ok(writer, "DELETE", `/api/comments/${comment.id}`);
    for (const action of ["hide", "unhide"]) {
      const gone = await kit.call<ErrorBody>(curator, "POST", `/api/admin/comments/${comment.id}/${action}`);
      expect([gone.status, gone.body.error.code]).toEqual([409, "COMMENT_DELETED"]);
    }
    expect(await kit.auditOf(comment.id)).toEqual([]);
  });

  it("lists reported, hidden and all comments newest first, page by page, with the writer's e-mail and the open reports", async () => {
    const { story, writer, comment: older } = await commented("The older one");
    const newer = await kit.ok<Comment>(writer, "POST", `/api/stories/${story.id}/comments`, { body: "The newer one" }, 201);
    const reporter = await kit.person("member");
    expect((await reportComment(reporter, older.id)).status).toBe(201);
    await kit.ok(curator, "POST", `/api/admin/comments/${newer.id}/hide`);

    const all: AdminComment[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: AdminCommentPage = await kit.ok<AdminCommentPage>(curator, "GET", `/api/admin/comments?state=all&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      all.push(...page.items);
      cursor = page.next_cursor;
    }
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = all.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.find((c) => c.id === older.id)).toMatchObject({
      body: "The older one",
      state: "visible",
      open_reports: 1,
      path: `/stories/${story.id}#comment-${older.id}`,
      author: { id: writer.id, email: writer.email, role: "member" },
    });

    const reported = await kit.ok<AdminCommentPage>(curator, "GET", "/api/admin/comments?state=reported&limit=100");
    expect(reported.items.some((c) => c.id === older.id)).toBe(true);
    expect(reported.items.every((c) => c.open_reports > 0)).toBe(true);
    const hidden = await kit.ok<AdminCommentPage>(curator, "GET", "/api/admin/comments?state=hidden&limit=100");
    expect(hidden.items.some((c) => c.id === newer.id)).toBe(true);
    expect(hidden.items.every((c) => c.state === "hidden")).toBe(true);
    // The default is the reported ones.
    expect((await kit.ok<AdminCommentPage>(curator, "GET", "/api/admin/comments?limit=100")).items.map((c) => c.id)).toEqual(reported.items.map((c) => c.id));

    const bad = await kit.call<ErrorBody>(curator, "GET", "/api/admin/comments?state=spam");
    expect([bad.status, bad.body.error.code]).toEqual([400, "VALIDATION_FAILED"]);
  });
});
