/**
 * Comment e-mails (issue 33) at a real SMTP server, on whichever database TEST_DB names: the
 * story's author hears of a new comment and a comment's writer of a reply to it, never the person
 * who wrote it, and nobody whose comment e-mails are off (Settings, or the e-mail's one-click
 * unsubscribe); the text is quoted escaped, never in the subject. Also the account's side: the
 * export carries the member's comments and likes, and a deleted account's comments stay as
 * 'Deleted account' while its likes leave the counts.
 */
import { describe, expect, it } from "vitest";
import type { Comment, CommentList } from "../../../common/api/comments.js";
import { DELETED_ACCOUNT } from "../../../common/comments.js";
import type { Profile } from "../../../common/api/profile.js";
import { DEFAULT_PASSWORD } from "../../db/seed/factories.js";
import { unsubscribeToken } from "../../emails/unsubscribe.js";
import { appWithSmtp } from "../../test/app-with-smtp.js";
import { readable } from "../../test/smtp.js";
import { staffKit, type Person } from "../admin/admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);
const post = (who: Person, storyId: string, body: string, reply_to?: string) => kit.ok<Comment>(who, "POST", `/api/stories/${storyId}/comments`, { body, ...(reply_to ? { reply_to } : {}) }, 201);
const mailsTo = (who: Person) => world.smtp.inbox.filter((m) => m.to.includes(who.email)).map((m) => readable(m.raw));
const drain = async () => {
  await world.t.outbox.drain();
};

describe("comment e-mails", () => {
  it("tells the story's author of a comment and a writer of a reply, never the writer themselves", async () => {
    const author = await kit.creator();
    const [fan, bo] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story(author.creatorId, { title: "Harbour Nights" });
    const top = await post(fan, story.id, 'Loved it <b>so</b> much & "more"');
    await post(author, story.id, "Thanks, from the author");
    await drain();
    const toAuthor = mailsTo(author);
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]).toMatch(/^Subject: New on MAYBE: a comment on your story$/m);
    expect(toAuthor[0]).toContain("Harbour Nights");
    // Escaped in the HTML part; as typed in the plain-text part.
    const [text, html] = toAuthor[0]!.split("Content-Type: text/html");
    expect(html).toContain("Loved it &lt;b&gt;so&lt;/b&gt; much &amp; &quot;more&quot;");
    expect(html).not.toContain("<b>so</b>");
    expect(text).toContain('Loved it <b>so</b> much & "more"');
    expect(toAuthor[0]).toContain(`/stories/${story.id}#comment-${top.id}`);
    expect(mailsTo(fan)).toEqual([]);

    // A reply tells the comment's writer only (not the story's author); one to oneself tells nobody.
    const reply = await post(bo, story.id, "A reply for you", top.id);
    await post(fan, story.id, "Answering myself", top.id);
    await post(fan, story.id, "Answering Bo", reply.id);
    await drain();
    const toFan = mailsTo(fan);
    expect(toFan).toHaveLength(1);
    expect(toFan[0]).toMatch(/^Subject: New on MAYBE: a reply to your comment$/m);
    expect(toFan[0]).toContain("A reply for you");
    expect(toFan[0]).toContain(`#comment-${reply.id}`);
    expect(toFan[0]).toMatch(/^List-Unsubscribe:\s+<[^>]*\/api\/unsubscribe\?token=/m);
    expect(mailsTo(bo)).toHaveLength(1);
    expect(mailsTo(author)).toHaveLength(1);
  });

  it("sends nothing to a member who turned comment e-mails off in Settings or by the e-mail's link", async () => {
    const author = await kit.creator();
    const [fan, bo] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story(author.creatorId);
    const off = await kit.ok<Profile>(fan, "PUT", "/api/me/preferences", { comments: false });
    expect(off).toMatchObject({ comment_mail: false, newsletter: false });
    expect(await kit.ok<Profile>(fan, "GET", "/api/me")).toMatchObject({ comment_mail: false });
    // The newsletter alone still works, and leaves the comment e-mails as they are.
    expect(await kit.ok<Profile>(fan, "PUT", "/api/me/preferences", { newsletter: true })).toMatchObject({ comment_mail: false, newsletter: true });
    expect((await kit.call(fan, "PUT", "/api/me/preferences", {})).status).toBe(400);

    const token = unsubscribeToken(world.t.config.authSecret, { list: "comments", subject: author.id }, new Date());
    const state = await world.t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await state.json()).toEqual({ list: "comments", unsubscribed: false });
    const res = await world.t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", origin: null, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(await res.json()).toEqual({ list: "comments", unsubscribed: true });
    expect(await kit.ok<Profile>(author, "GET", "/api/me")).toMatchObject({ comment_mail: false });

    const top = await post(fan, story.id, "Nobody hears this");
    await post(bo, story.id, "Nor this", top.id);
    await drain();
    expect([mailsTo(author), mailsTo(fan)]).toEqual([[], []]);
    const written = await world.t.database.db.selectFrom("outbox").select("template").where("template", "in", ["comment-on-story", "comment-reply"]).where("user_id", "in", [author.id, fan.id]).execute();
    expect(written).toEqual([]);
    expect(await kit.ok<Profile>(fan, "PUT", "/api/me/preferences", { comments: true })).toMatchObject({ comment_mail: true });
  });
});

describe("the account's comments", () => {
  it("exports the member's comments and likes, and on deletion keeps the comments as 'Deleted account' and takes the likes out of the counts", async () => {
    const [leaver, other] = [await kit.person("member"), await kit.person("member")];
    const story = await kit.story();
    const mine = await post(leaver, story.id, "Mine, for the record");
    const theirs = await post(other, story.id, "Someone else's");
    await kit.ok(leaver, "PUT", `/api/comments/${theirs.id}/like`);
    await kit.ok(other, "PUT", `/api/comments/${mine.id}/like`);

    const exported = await kit.ok<{ comments: { id: string; body: string }[]; comment_likes: { comment_id: string }[]; comment_ban: unknown }>(leaver, "GET", "/api/me/export");
    expect(exported.comments).toEqual([expect.objectContaining({ id: mine.id, body: "Mine, for the record", story_id: story.id })]);
    expect(exported.comment_likes).toEqual([expect.objectContaining({ comment_id: theirs.id })]);
    expect(exported.comment_ban).toBeNull();

    expect((await kit.call(leaver, "POST", "/api/me/delete", { password: DEFAULT_PASSWORD, confirmation: "DELETE" })).status).toBe(200);
    const page = await kit.ok<CommentList>(null, "GET", `/api/stories/${story.id}/comments`);
    const byId = new Map(page.items.map((c) => [c.id, c]));
    expect(byId.get(mine.id)).toMatchObject({ body: "Mine, for the record", author: { name: DELETED_ACCOUNT, creator_id: null }, like_count: 1 });
    expect(byId.get(theirs.id)).toMatchObject({ like_count: 0 });
    expect(await world.t.database.db.selectFrom("comment_like").selectAll().where("user_id", "=", leaver.id).execute()).toEqual([]);
  });
});
