/**
 * A creator writes to their followers (issue 32, docs/decisions/0030), on whichever database
 * TEST_DB names: the message and its announcement are written together and its e-mail reaches
 * the followers who get e-mails (at once and weekly readers, not `never`, not the creator itself)
 * through a real SMTP server with one-click unsubscribe and the Markdown made inert; once a week
 * on the server's clock (moved forward, not waited for); everyone but the profile's own account
 * is refused and nothing is written; no studio answer holds a follower's address.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CREATOR_MESSAGE_MAX, CREATOR_MESSAGE_TEXT, type StudioMessageSent, type StudioMessages } from "../../../../common/api/studio-messages.js";
import { serverClock } from "../../../lib/clock.js";
import { announcementExpander } from "../../../outbox/announcements/expander.js";
import { appWithSmtp } from "../../../test/app-with-smtp.js";
import { staffKit, type ErrorBody, type Person } from "../../admin/admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);
const DAY = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Stops the server's clock (the rules' time, lib/clock.ts) at `iso`; sessions keep the real one. */
function clockAt(iso: string) {
  vi.spyOn(serverClock, "now").mockReturnValue(new Date(iso));
}

/** A fan following `creatorId`, hearing of it as `mail` says. */
async function fan(creatorId: string, mail: "instant" | "weekly" | "never" = "instant"): Promise<Person> {
  const person = await kit.person("member");
  await kit.ok(person, "PUT", `/api/me/follows/${creatorId}`);
  if (mail !== "instant") await kit.ok(person, "PUT", "/api/me/follow-mail", { mail });
  return person;
}

/** What a refused write could have left: the creators' messages, their announcements and the outbox. */
async function counts() {
  const { db } = world.t.database;
  const n = async (table: "creator_message" | "announcement" | "outbox") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return { messages: await n("creator_message"), announcements: await n("announcement"), outbox: await n("outbox") };
}

/** The HTML part of a received message (the plain-text part shows what was typed as plain text). */
function htmlPart(raw: string): string {
  const start = raw.indexOf("Content-Type: text/html");
  expect(start, raw.slice(0, 2000)).toBeGreaterThan(-1);
  const end = raw.indexOf("\n--", start);
  // React's markers between text pieces (`<!-- -->`) are not part of what a reader sees.
  return raw.slice(start, end === -1 ? undefined : end).replaceAll("<!-- -->", "");
}

describe("a creator's message to their followers", () => {
  it("reaches instant and weekly readers, not `never` nor the creator, with one-click unsubscribe and the Markdown inert; no address in the studio", async () => {
    const creator = await kit.person("creator");
    const instant = await fan(creator.creatorId!);
    const weekly = await fan(creator.creatorId!, "weekly");
    const never = await fan(creator.creatorId!, "never");
    await kit.ok(creator, "PUT", `/api/me/follows/${creator.creatorId}`);
    // Someone else's follower hears nothing of it.
    const other = await kit.person("creator");
    const stranger = await fan(other.creatorId!);

    const before = await kit.ok<StudioMessages>(creator, "GET", "/api/studio/messages");
    expect(before).toEqual({ followers: 4, recipients: 2, next_at: null, suspended: false, hidden: false, items: [] });

    const marker = `marker-${randomUUID()}`;
    const body = `  Hello from the print room, ${marker}.\n\n**New prints** next week. <script>alert(1)</script> [click me](javascript:alert(2)) [my page](/creators/${creator.creatorId})  `;
    const sent = await kit.ok<StudioMessageSent>(creator, "POST", "/api/studio/messages", { body }, 201);
    expect(sent).toMatchObject({ followers: 4, recipients: 2, message: { body: body.trim(), mail_count: 0 } });
    expect(new Date(sent.next_at!).getTime() - new Date(sent.message.created_at).getTime()).toBe(7 * DAY);
    const stored = await world.t.database.db.selectFrom("announcement").selectAll().where("key", "=", `message:${sent.message.id}`).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: "message", creator_id: creator.creatorId, subject_id: sent.message.id });

    await world.t.outbox.drain();
    const mails = world.smtp.inbox.filter((m) => m.raw.includes(marker));
    expect(mails.flatMap((m) => m.to).sort()).toEqual([instant.email, weekly.email].sort());
    for (const mail of mails) {
      const headers = mail.raw.replace(/\r?\n[ \t]+/g, " ");
      expect(headers).toContain("Subject: A message from a creator you follow on MAYBE");
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(headers).toMatch(/List-Unsubscribe:\s*<https?:\/\/[^/]+\/api\/unsubscribe\?token=[^>]+>/);
      const html = htmlPart(mail.raw);
      expect(html).toContain("<strong>New prints</strong>");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).not.toMatch(/<script/i);
      expect(mail.raw).not.toContain("javascript:");
      expect(html).toContain("click me");
      expect(html).toContain(`/creators/${creator.creatorId}`);
    }
    expect(mails.some((m) => m.to.includes(never.email) || m.to.includes(creator.email) || m.to.includes(stranger.email))).toBe(false);

    const after = await kit.ok<StudioMessages>(creator, "GET", "/api/studio/messages");
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ id: sent.message.id, body: body.trim(), mail_count: 2 });
    expect(after.items[0]!.sent_at).not.toBeNull();
    expect(after.next_at).toBe(sent.next_at);
    // Counts only: no follower's address (nor the creator's own) in anything the studio answers.
    for (const answer of [JSON.stringify(before), JSON.stringify(sent), JSON.stringify(after)]) {
      for (const person of [instant, weekly, never, creator]) expect(answer).not.toContain(person.email);
    }
    // The other creator's studio has none of it.
    expect((await kit.ok<StudioMessages>(other, "GET", "/api/studio/messages")).items).toEqual([]);
  });

  it("allows one message a week on the server's clock, refusing the next with its date and writing nothing", async () => {
    const creator = await kit.person("creator");
    await fan(creator.creatorId!);
    clockAt("2031-05-01T10:00:00.000Z");
    const first = await kit.ok<StudioMessageSent>(creator, "POST", "/api/studio/messages", { body: "First of the week." }, 201);
    expect(first.next_at).toBe("2031-05-08T10:00:00.000Z");

    // Six days and 23 hours later: refused, with when the next may go.
    clockAt("2031-05-08T09:00:00.000Z");
    const was = await counts();
    const refused = await kit.call<ErrorBody>(creator, "POST", "/api/studio/messages", { body: "Too soon." });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(refused.body.error.message).toBe(CREATOR_MESSAGE_TEXT.tooSoon(new Date("2031-05-08T10:00:00.000Z")));
    expect(refused.body.error.message).toContain("May 8, 2031 at 10:00 AM UTC");
    expect(await counts()).toEqual(was);
    expect((await kit.ok<StudioMessages>(creator, "GET", "/api/studio/messages")).next_at).toBe("2031-05-08T10:00:00.000Z");

    // A week to the minute: allowed, and newest first in the studio.
    clockAt("2031-05-08T10:00:00.000Z");
    expect((await kit.ok<StudioMessages>(creator, "GET", "/api/studio/messages")).next_at).toBeNull();
    const second = await kit.ok<StudioMessageSent>(creator, "POST", "/api/studio/messages", { body: "Second week." }, 201);
    const list = await kit.ok<StudioMessages>(creator, "GET", "/api/studio/messages");
    expect(list.items.map((m) => m.id)).toEqual([second.message.id, first.message.id]);
    expect(list.items.map((m) => m.created_at)).toEqual(["2031-05-08T10:00:00.000Z", "2031-05-01T10:00:00.000Z"]);
  });

  it("writes one of two messages sent at once (two tabs)", async () => {
    const creator = await kit.person("creator");
    const results = await Promise.all([1, 2].map((n) => kit.call(creator, "POST", "/api/studio/messages", { body: `Tab ${n}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 429]);
    const rows = await world.t.database.db.selectFrom("creator_message").select("id").where("creator_id", "=", creator.creatorId!).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a visitor, a subscriber, a curator and an admin without a creator profile, and a suspended or hidden creator; nothing is written", async () => {
    const creator = await kit.person("creator");
    await fan(creator.creatorId!);
    const was = await counts();
    const cases: [Person | null, number, string][] = [
      [null, 401, "UNAUTHORIZED"],
      [await kit.person("member"), 403, "NOT_CREATOR"],
      [await kit.person("curator"), 403, "NOT_CREATOR"],
      [await kit.person("admin"), 403, "NOT_CREATOR"],
    ];
    for (const [who, status, code] of cases) {
      for (const method of ["GET", "POST"]) {
        const res = await kit.call<ErrorBody>(who, method, "/api/studio/messages", method === "POST" ? { body: "Hello" } : undefined);
        expect([res.status, res.body.error.code], `${method} as ${who?.email ?? "visitor"}`).toEqual([status, code]);
      }
    }
    for (const [column, message] of [
      ["suspended_at", CREATOR_MESSAGE_TEXT.suspended],
      ["hidden_at", CREATOR_MESSAGE_TEXT.hidden],
    ] as const) {
      const curated = await kit.person("creator");
      await world.t.database.db.updateTable("creator").set({ [column]: "2031-01-01T00:00:00.000Z" }).where("id", "=", curated.creatorId!).execute();
      const res = await kit.call<ErrorBody>(curated, "POST", "/api/studio/messages", { body: "Hello" });
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([403, "SUSPENDED", message]);
      expect((await kit.ok<StudioMessages>(curated, "GET", "/api/studio/messages"))[column === "suspended_at" ? "suspended" : "hidden"]).toBe(true);
    }
    expect(await counts()).toEqual(was);
  });

  it("refuses an empty or too long message with the shared words, and counts after trimming", async () => {
    const creator = await kit.person("creator");
    const was = await counts();
    for (const [body, message] of [
      ["   \n  ", CREATOR_MESSAGE_TEXT.required],
      ["x".repeat(CREATOR_MESSAGE_MAX + 1), CREATOR_MESSAGE_TEXT.tooLong],
      ["Hi\u0007there", CREATOR_MESSAGE_TEXT.textInvalid],
    ] as const) {
      const res = await kit.call<ErrorBody>(creator, "POST", "/api/studio/messages", { body });
      expect([res.status, res.body.error.code, res.body.error.fields?.body]).toEqual([400, "VALIDATION_FAILED", message]);
    }
    expect(CREATOR_MESSAGE_TEXT.tooLong).toBe("Your message must be at most 2,000 characters");
    expect(await counts()).toEqual(was);
    const longest = `\n  ${"y".repeat(CREATOR_MESSAGE_MAX)}  \n`;
    const sent = await kit.ok<StudioMessageSent>(creator, "POST", "/api/studio/messages", { body: longest }, 201);
    expect(sent.message.body).toHaveLength(CREATOR_MESSAGE_MAX);
  });

  it("announces to no one a message whose creator was hidden or suspended before its turn", async () => {
    for (const column of ["hidden_at", "suspended_at"] as const) {
      const creator = await kit.person("creator");
      const follower = await fan(creator.creatorId!);
      // Written as the route writes it, due at a time the app's own worker (on the real clock) does not reach.
      const id = randomUUID();
      const at = "2031-06-02T10:00:00.000Z";
      await world.t.database.db.insertInto("creator_message").values({ id, creator_id: creator.creatorId!, body: "Hello", created_at: at }).execute();
      await world.t.database.db
        .insertInto("announcement")
        .values({ id: randomUUID(), key: `message:${id}`, kind: "message", creator_id: creator.creatorId, subject_id: id, created_at: at, available_at: at })
        .execute();
      await world.t.database.db.updateTable("creator").set({ [column]: at }).where("id", "=", creator.creatorId!).execute();
      await announcementExpander({ database: world.t.database, context: { publicUrl: "https://maybe.test" }, now: () => new Date("2031-06-02T10:00:01.000Z") }).expandDue(() => false);
      const row = await world.t.database.db.selectFrom("announcement").select(["done_at", "mail_count"]).where("key", "=", `message:${id}`).executeTakeFirstOrThrow();
      expect(row.done_at, column).not.toBeNull();
      expect(row.mail_count).toBe(0);
      const mails = await world.t.database.db.selectFrom("outbox").select("id").where("user_id", "=", follower.id).where("template", "=", "creator-message").execute();
      expect(mails).toEqual([]);
    }
  });
});
