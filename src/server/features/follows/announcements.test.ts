/**
 * Announcements to followers (issue 32, docs/decisions/0030), on whichever database TEST_DB names:
 * a published story reaches each follower who wants it at once, once, through a real SMTP server
 * with RFC 8058's headers; expansion goes in batches and resumes after a worker died; what the
 * public can no longer see is announced to no one; a drop waits for its time; the weekly digest
 * (a fake clock: explicit dates) lists a week once; unsubscribe links refuse tampering and expiry.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Follows } from "../../../common/api/follows.js";
import type { UnsubscribeState } from "../../../common/api/unsubscribe.js";
import type { AnnouncementKind } from "../../db/types.js";
import { unsubscribeToken } from "../../emails/unsubscribe.js";
import { announcementExpander } from "../../outbox/announcements/expander.js";
import { appWithSmtp } from "../../test/app-with-smtp.js";
import { staffKit, type Person } from "../admin/admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);

/** A fan following `creatorId`, hearing of it as `mail` says. */
async function fan(creatorId: string, mail: "instant" | "weekly" | "never" = "instant"): Promise<Person> {
  const person = await kit.person("member");
  await kit.ok(person, "PUT", `/api/me/follows/${creatorId}`);
  if (mail !== "instant") await kit.ok(person, "PUT", "/api/me/follow-mail", { mail });
  return person;
}

/** An announcement written directly, due at `at` (a date the app's own worker, on the real clock, does not reach). */
async function announcement(kind: AnnouncementKind, creatorId: string | null, subjectId: string, at: string): Promise<string> {
  const id = randomUUID();
  await world.t.database.db
    .insertInto("announcement")
    .values({ id, key: `${kind}:${subjectId}:${id}`, kind, creator_id: creatorId, subject_id: subjectId, created_at: at, available_at: at })
    .execute();
  return id;
}

/** The outbox's messages of one announcement, by recipient. */
async function written(announcementId: string) {
  const rows = await world.t.database.db.selectFrom("outbox").select(["recipient", "template", "payload"]).where("dedupe_key", "like", `ann:${announcementId}:%`).execute();
  return rows.sort((a, b) => a.recipient.localeCompare(b.recipient));
}

const expander = (now: string, batchSize?: number) => announcementExpander({ database: world.t.database, context: { publicUrl: "https://maybe.test" }, now: () => new Date(now), batchSize });
const never = () => false;

describe("announcements to followers", () => {
  it("sends a published story once to each follower who wants it at once, with one-click unsubscribe that works without a session", async () => {
    const creator = await kit.person("creator");
    const [instantA, instantB] = [await fan(creator.creatorId!), await fan(creator.creatorId!)];
    await fan(creator.creatorId!, "weekly");
    await fan(creator.creatorId!, "never");
    await kit.ok(creator, "PUT", `/api/me/follows/${creator.creatorId}`);
    const story = await kit.story(creator.creatorId, { status: "draft", title: "Printing in the rain" });

    await kit.ok(creator, "POST", `/api/studio/stories/${story.id}/publish`, { version: story.version });
    await world.t.outbox.drain();
    const mine = () => world.smtp.inbox.filter((m) => m.raw.includes("Printing in the rain"));
    expect(mine().flatMap((m) => m.to).sort()).toEqual([instantA!.email, instantB!.email].sort());
    const mail = mine()[0]!;
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /List-Unsubscribe:\s*<https?:\/\/[^/]+(\/api\/unsubscribe\?token=[^>]+)>/.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "))?.[1];
    expect(oneClick, mail.raw.slice(0, 2000)).toBeDefined();

    // Unpublished and published again: announced once only.
    const current = await kit.ok<{ version: number }>(creator, "POST", `/api/studio/stories/${story.id}/unpublish`, { version: story.version + 1 });
    await kit.ok(creator, "POST", `/api/studio/stories/${story.id}/publish`, { version: current.version });
    await world.t.outbox.drain();
    expect(mine()).toHaveLength(2);

    // The mail provider's POST: no cookie, no Origin, a form body.
    const res = await world.t.request(oneClick!, { method: "POST", origin: null, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ list: "follows", unsubscribed: true });
    const whose = mail.to[0] === instantA!.email ? instantA! : instantB!;
    expect((await kit.ok<Follows>(whose, "GET", "/api/me/follows")).mail).toBe("never");
  });

  it("expands in batches and resumes after the worker that held it died, writing each follower's e-mail once", async () => {
    const creator = await kit.person("creator");
    const fans = [];
    for (let i = 0; i < 7; i++) fans.push(await fan(creator.creatorId!));
    const story = await kit.story(creator.creatorId);
    // That week's digest first, so the next pass takes the story's announcement.
    await expander("2031-03-05T09:00:00.000Z", 3).expandDue(never);
    const id = await announcement("story", creator.creatorId, story.id, "2031-03-05T10:00:00.000Z");

    // One batch of 3, then this worker stops (as one killed after its commit would).
    let passes = 0;
    await expander("2031-03-05T10:00:01.000Z", 3).expandDue(() => passes++ >= 1);
    expect(await written(id)).toHaveLength(3);
    // Another worker's claim, never finished: nobody may take it until its lease has passed.
    await world.t.database.db.updateTable("announcement").set({ claimed_until: "2031-03-05T10:01:01.000Z" }).where("id", "=", id).execute();
    await expander("2031-03-05T10:00:30.000Z", 3).expandDue(never);
    expect(await written(id)).toHaveLength(3);
    await expander("2031-03-05T10:02:00.000Z", 3).expandDue(never);
    await expander("2031-03-05T10:03:00.000Z", 3).expandDue(never);

    const rows = await written(id);
    expect(rows.map((r) => r.recipient)).toEqual(fans.map((f) => f.email).sort());
    expect(rows.every((r) => r.template === "follow-story")).toBe(true);
    const done = await world.t.database.db.selectFrom("announcement").select(["mail_count", "done_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(done.mail_count).toBe(7);
    expect(done.done_at).not.toBeNull();
  });

  it("announces nothing a hidden or suspended creator made, nor a story taken down before its turn", async () => {
    const cases = [
      { creator: { hidden_at: "2031-01-01T00:00:00.000Z" } },
      { creator: { suspended_at: "2031-01-01T00:00:00.000Z" } },
      { story: { status: "draft" as const } },
    ];
    for (const change of cases) {
      const creator = await kit.person("creator");
      await fan(creator.creatorId!);
      const story = await kit.story(creator.creatorId);
      const id = await announcement("story", creator.creatorId, story.id, "2031-04-01T10:00:00.000Z");
      if (change.creator) await world.t.database.db.updateTable("creator").set(change.creator).where("id", "=", creator.creatorId!).execute();
      if (change.story) await world.t.database.db.updateTable("story").set(change.story).where("id", "=", story.id).execute();
      await expander("2031-04-01T10:00:01.000Z").expandDue(never);
      expect(await written(id), JSON.stringify(change)).toEqual([]);
      const row = await world.t.database.db.selectFrom("announcement").select("done_at").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.done_at).not.toBeNull();
    }
  });

  it("announces a drop when it opens, and waits again when its time moved later", async () => {
    const creator = await kit.person("creator");
    const follower = await fan(creator.creatorId!);
    const product = await kit.product(creator.creatorId, { drops_at: "2031-05-01T12:00:00.000Z", title: "Night Print" });
    const id = await announcement("drop", creator.creatorId, product.id, "2031-05-01T12:00:00.000Z");
    await world.t.database.db.updateTable("product").set({ drops_at: "2031-05-02T12:00:00.000Z" }).where("id", "=", product.id).execute();

    await expander("2031-05-01T12:00:01.000Z").expandDue(never);
    expect(await written(id)).toEqual([]);
    await expander("2031-05-02T11:59:00.000Z").expandDue(never);
    expect(await written(id)).toEqual([]);
    await expander("2031-05-02T12:00:01.000Z").expandDue(never);
    const rows = await written(id);
    expect(rows.map((r) => [r.recipient, r.template])).toEqual([[follower.email, "follow-drop"]]);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ productName: "Night Print", url: `https://maybe.test/store?productId=${product.id}` });
  });

  it("puts a week's stories and drops in one Monday digest for weekly readers, and never again in a later week", async () => {
    const [maya, sam] = [await kit.person("creator"), await kit.person("creator")];
    const weekly = await fan(maya.creatorId!, "weekly");
    await kit.ok(weekly, "PUT", `/api/me/follows/${sam.creatorId}`);
    const instant = await fan(maya.creatorId!);
    const first = await kit.story(maya.creatorId, { title: "Week one story" });
    const print = await kit.product(sam.creatorId, { title: "Week one print" });
    const later = await kit.story(maya.creatorId, { title: "Week two story" });
    // Wednesday and Sunday of the week of Monday 2032-01-05, then the Tuesday after.
    await announcement("story", maya.creatorId, first.id, "2032-01-07T09:00:00.000Z");
    await announcement("drop", sam.creatorId, print.id, "2032-01-11T23:00:00.000Z");
    await announcement("story", maya.creatorId, later.id, "2032-01-13T09:00:00.000Z");

    const digests = async () =>
      (await world.t.database.db.selectFrom("outbox").select(["recipient", "payload", "dedupe_key"]).where("template", "=", "follow-digest").where("user_id", "in", [weekly.id, instant.id]).execute()).map(
        (r) => ({ to: r.recipient, titles: (JSON.parse(r.payload) as { items: { title: string }[] }).items.map((i) => i.title) }),
      );
    await expander("2032-01-12T00:00:05.000Z").expandDue(never);
    expect(await digests()).toEqual([{ to: weekly.email, titles: ["Week one print", "Week one story"] }]);
    // Again the same Monday (another pass, a restart): nothing more.
    await expander("2032-01-12T08:00:00.000Z").expandDue(never);
    expect(await digests()).toHaveLength(1);
    // The next Monday: only the week after.
    await expander("2032-01-19T00:00:05.000Z").expandDue(never);
    expect((await digests()).map((d) => d.titles)).toEqual([["Week one print", "Week one story"], ["Week two story"]]);
  });
});

describe("unsubscribe links", () => {
  const secret = "test-secret-test-secret-test-secret-0123";
  const state = (token: string) => world.t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
  const post = (token: string, headers: Record<string, string> = {}) =>
    world.t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST", origin: null, headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: "List-Unsubscribe=One-Click" });

  it("refuses a changed, foreign, expired or made-up token and changes nothing", async () => {
    const reader = await kit.person("member");
    const good = unsubscribeToken(secret, { list: "follows", subject: reader.id }, new Date());
    const [payload, mac] = good.split(".") as [string, string];
    const otherSubject = Buffer.from(JSON.stringify({ l: "follows", s: "someone-else", e: 4_102_444_800 })).toString("base64url");
    const bad = [
      `${otherSubject}.${mac}`,
      `${payload}.${mac.slice(0, -2)}${mac.endsWith("A") ? "BB" : "AA"}`,
      unsubscribeToken("another-site-secret-another-site-secret", { list: "follows", subject: reader.id }, new Date()),
      unsubscribeToken(secret, { list: "follows", subject: reader.id }, new Date(Date.now() - 91 * 86_400_000)),
      "not-a-token",
      `${payload}.${mac}.extra`,
    ];
    for (const token of bad) {
      const res = await post(token);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code], token).toEqual([400, "INVALID_TOKEN"]);
      expect((await state(token)).status).toBe(400);
    }
    expect((await kit.ok<Follows>(reader, "GET", "/api/me/follows")).mail).toBe("instant");

    expect(await (await state(good)).json()).toEqual({ list: "follows", unsubscribed: false } satisfies UnsubscribeState);
    // A browser's form post is sent on to the page; repeating it changes nothing.
    const page = await post(good, { accept: "text/html" });
    expect([page.status, page.headers.get("location")]).toEqual([303, "/unsubscribe?outcome=follows"]);
    expect((await post(good)).status).toBe(200);
    expect(await (await state(good)).json()).toEqual({ list: "follows", unsubscribed: true });
  });

  it("takes a footer sign-up's address off the newsletter", async () => {
    const email = `reader-${kit.unique()}@example.com`;
    // A confirmed footer sign-up (double opt-in: features/newsletter).
    const at = new Date().toISOString();
    await world.t.database.db.insertInto("newsletter_subscriber").values({ email, created_at: at, confirmed_at: at }).execute();
    const token = unsubscribeToken(secret, { list: "newsletter", subject: email }, new Date());
    expect(await (await state(token)).json()).toEqual({ list: "newsletter", unsubscribed: false });
    expect((await post(token)).status).toBe(200);
    const row = await world.t.database.db.selectFrom("newsletter_subscriber").select("email").where("email", "=", email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("keeps the reader's choice in Settings, refusing a made-up one and a visitor", async () => {
    const reader = await kit.person("member");
    expect(await kit.ok(reader, "PUT", "/api/me/follow-mail", { mail: "weekly" })).toEqual({ mail: "weekly" });
    expect((await kit.ok<Follows>(reader, "GET", "/api/me/follows")).mail).toBe("weekly");
    expect((await kit.call(reader, "PUT", "/api/me/follow-mail", { mail: "hourly" })).status).toBe(400);
    expect((await kit.call(null, "PUT", "/api/me/follow-mail", { mail: "never" })).status).toBe(401);
    expect((await kit.ok<Follows>(reader, "GET", "/api/me/follows")).mail).toBe("weekly");
  });
});
