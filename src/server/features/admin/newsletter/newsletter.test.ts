/**
 * The back office's Newsletter (issue 32, docs/decisions/0031), on whichever database TEST_DB
 * names, with a real SMTP server: an issue goes to every confirmed subscriber (accounts that said
 * yes, confirmed footer sign-ups) and to no one else, once each across a worker that stops between
 * batches; a test copy goes to its admin only; a scheduled issue waits for its time (a fake clock)
 * and can be taken back before; what is sent can no longer change. Who may call it at all is the
 * permission walk's (permissions.test.ts); here a curator's writes are refused and change nothing.
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NewsletterIssue, NewsletterOverview } from "../../../../common/api/admin-newsletter.js";
import { announcementExpander } from "../../../outbox/announcements/expander.js";
import { appWithSmtp } from "../../../test/app-with-smtp.js";
import { until } from "../../../test/smtp.js";
import { staffKit, type ErrorBody } from "../admin.fixtures.js";

const world = appWithSmtp();
const kit = staffKit(() => world.t);
afterEach(() => {
  vi.useRealTimers();
});

const tag = () => randomBytes(4).toString("hex");
const inboxOf = (address: string) => world.smtp.inbox.filter((m) => m.to.includes(address));

/** A footer sign-up, confirmed through its link or left waiting. */
async function footerSignUp(address: string, confirm: boolean) {
  expect((await world.t.request("/api/newsletter", { json: { email: address } })).status).toBe(200);
  if (!confirm) return;
  // Written with the sign-up, in its transaction.
  const row = await world.t.database.db.selectFrom("outbox").select("payload").where("recipient", "=", address).where("template", "=", "newsletter-confirm").executeTakeFirstOrThrow();
  const token = new URL((JSON.parse(row.payload) as { url: string }).url).searchParams.get("token")!;
  expect((await world.t.request(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { method: "POST", origin: null })).status).toBe(200);
}

async function draft(admin: Awaited<ReturnType<typeof kit.person>>, subject: string, body = "Hello **list**.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) and [store](/store)") {
  const res = await kit.call<NewsletterIssue>(admin, "POST", "/api/admin/newsletter", { subject, body });
  expect(res.status).toBe(201);
  return res.body;
}

describe("the back office's newsletter", () => {
  it("reaches every confirmed subscriber once, and no one else, with one-click unsubscribe and inert Markdown", async () => {
    const admin = await kit.person("admin");
    const t = tag();
    const yes = await kit.person("member", { email: `nl-yes-${t}@example.com`, newsletter_since: new Date().toISOString() });
    const no = await kit.person("member", { email: `nl-no-${t}@example.com` });
    const confirmed = `nl-footer-${t}@example.com`;
    const waiting = `nl-waiting-${t}@example.com`;
    await footerSignUp(confirmed, true);
    await footerSignUp(waiting, false);

    const subject = `Spring issue ${t}`;
    const issue = await draft(admin, subject);
    expect(issue).toMatchObject({ status: "draft", send_at: null, progress: { recipients: 0, queued: 0, sent: 0, failed: 0 } });

    // The test copy goes to the admin alone.
    expect((await kit.ok<{ to: string }>(admin, "POST", `/api/admin/newsletter/${issue.id}/test`)).to).toBe(admin.email);
    await world.t.outbox.drain();
    const test = await until(() => inboxOf(admin.email).find((m) => m.raw.includes(`[Test] ${subject}`)), "the test copy");
    expect(test.raw).toContain("This is a test copy, sent only to you.");
    for (const address of [yes.email, no.email, confirmed, waiting]) expect(inboxOf(address).filter((m) => m.raw.includes(subject))).toHaveLength(0);

    const sending = await kit.ok<NewsletterIssue>(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, {});
    expect(["sending", "sent"]).toContain(sending.status);
    await world.t.outbox.drain();
    await world.t.outbox.drain();
    for (const address of [yes.email, confirmed]) {
      const mail = await until(() => inboxOf(address).find((m) => m.raw.includes(`Subject: ${subject}`)), `the issue at ${address}`);
      expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail.raw).toContain(`href="${world.t.config.publicUrl}/store"`);
      // The HTML part: the typed tag is text, the refused link is not a link (the plain-text part keeps what was typed).
      const html = mail.raw.slice(mail.raw.indexOf("Content-Type: text/html"));
      expect(html).not.toContain("<script>");
      expect(html).toContain("&lt;script&gt;");
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).toContain("<span>bad</span>");
    }
    for (const address of [no.email, waiting]) expect(inboxOf(address).filter((m) => m.raw.includes(subject))).toHaveLength(0);

    const done = await kit.ok<NewsletterIssue>(admin, "GET", `/api/admin/newsletter/${issue.id}`);
    expect(done.status).toBe("sent");
    expect(done.progress.recipients).toBe(done.progress.sent);
    expect(done.progress).toMatchObject({ queued: 0, failed: 0 });
    expect(done.progress.sent).toBeGreaterThanOrEqual(2);

    // What is sent stays as it went, and goes once.
    const again = await kit.call<ErrorBody>(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, {});
    expect([again.status, again.body.error.code]).toEqual([409, "NEWSLETTER_STATE"]);
    const edit = await kit.call<ErrorBody>(admin, "PUT", `/api/admin/newsletter/${issue.id}`, { subject: "Changed", body: "Changed" });
    expect(edit.status).toBe(409);
    const audit = await world.t.database.db.selectFrom("audit_log").select("action").where("target_id", "=", issue.id).orderBy("created_at").execute();
    expect(audit.map((a) => a.action)).toEqual(["newsletter.create", "newsletter.send"]);

    const overview = await kit.ok<NewsletterOverview>(admin, "GET", "/api/admin/newsletter");
    expect(overview.issues.find((i) => i.id === issue.id)?.status).toBe("sent");
    expect(overview.subscribers.waiting).toBeGreaterThanOrEqual(1);
  });

  it("resumes a sending stopped between batches without sending anyone two", async () => {
    const admin = await kit.person("admin");
    const t = tag();
    for (let i = 0; i < 5; i += 1) await kit.person("member", { email: `nl-batch-${i}-${t}@example.com`, newsletter_since: new Date().toISOString() });
    const issue = await draft(admin, `Batched ${t}`);
    // Due tomorrow: the app's own worker leaves it to this test's expanders, which run a day later.
    await kit.ok(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, { send_at: new Date(Date.now() + 86_400_000).toISOString() });
    const later = new Date(Date.now() + 2 * 86_400_000);
    const expander = (batchSize: number) => announcementExpander({ database: world.t.database, context: { publicUrl: world.t.config.publicUrl }, now: () => later, batchSize });
    const written = async () => (await world.t.database.db.selectFrom("outbox").select("dedupe_key").where("topic", "=", `newsletter:${issue.id}`).execute()).length;
    // One batch a call (other announcements due by then may come first), until this issue's first.
    const oneBatch = () => {
      let calls = 0;
      return () => calls++ >= 1;
    };
    for (let i = 0; i < 20 && (await written()) === 0; i += 1) await expander(2).expandDue(oneBatch());
    expect(await written()).toBe(2);
    await expander(3).expandDue(() => false);
    const keys = (await world.t.database.db.selectFrom("outbox").select("dedupe_key").where("topic", "=", `newsletter:${issue.id}`).execute()).map((r) => r.dedupe_key);
    const listed = await world.t.database.db.selectFrom("user").select("id").where("newsletter_since", "is not", null).execute();
    const footer = await world.t.database.db.selectFrom("newsletter_subscriber").select("email").where("confirmed_at", "is not", null).execute();
    expect(keys).toHaveLength(listed.length + footer.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("waits for its scheduled time, may be taken back before it, and goes at it", async () => {
    const admin = await kit.person("admin");
    const t = tag();
    const reader = await kit.person("member", { email: `nl-later-${t}@example.com`, newsletter_since: new Date().toISOString() });
    const issue = await draft(admin, `Later ${t}`);
    const past = await kit.call<ErrorBody>(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, { send_at: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.error.fields]).toEqual([400, { send_at: "Choose a date and time in the future" }]);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await kit.ok<NewsletterIssue>(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, { send_at: at });
    expect([scheduled.status, scheduled.send_at]).toEqual(["scheduled", at]);
    const twice = await kit.call<ErrorBody>(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, {});
    expect([twice.status, twice.body.error.message]).toEqual([409, "This issue is scheduled; unschedule it first."]);
    expect((await kit.call(admin, "DELETE", `/api/admin/newsletter/${issue.id}`)).status).toBe(409);
    await world.t.outbox.drain();
    expect(inboxOf(reader.email)).toHaveLength(0);

    // Taken back, edited, scheduled again.
    expect((await kit.ok<NewsletterIssue>(admin, "POST", `/api/admin/newsletter/${issue.id}/unschedule`)).status).toBe("draft");
    await kit.ok(admin, "PUT", `/api/admin/newsletter/${issue.id}`, { subject: `Later, edited ${t}`, body: "The edited text." });
    await kit.ok(admin, "POST", `/api/admin/newsletter/${issue.id}/send`, { send_at: at });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 3_600_000 });
    await world.t.outbox.drain();
    await world.t.outbox.drain();
    vi.useRealTimers();
    const mail = await until(() => inboxOf(reader.email).find((m) => m.raw.includes(`Later, edited ${t}`)), "the scheduled issue");
    expect(mail.raw).toContain("The edited text.");
    const late = await kit.call<ErrorBody>(admin, "POST", `/api/admin/newsletter/${issue.id}/unschedule`);
    expect(late.status).toBe(409);
  });

  it("refuses a curator's and a member's writes, changing nothing, and checks what it is given", async () => {
    const admin = await kit.person("admin");
    const issue = await draft(admin, `Guarded ${tag()}`);
    for (const who of [await kit.person("curator"), await kit.person("member"), await kit.person("creator")]) {
      for (const [method, path, body] of [
        ["POST", "/api/admin/newsletter", { subject: "x", body: "y" }],
        ["PUT", `/api/admin/newsletter/${issue.id}`, { subject: "x", body: "y" }],
        ["POST", `/api/admin/newsletter/${issue.id}/send`, {}],
        ["POST", `/api/admin/newsletter/${issue.id}/test`, undefined],
        ["DELETE", `/api/admin/newsletter/${issue.id}`, undefined],
      ] as const) {
        expect((await kit.call(who, method, path, body)).status, `${method} ${path}`).toBe(403);
      }
    }
    const after = await kit.ok<NewsletterIssue>(admin, "GET", `/api/admin/newsletter/${issue.id}`);
    expect([after.subject, after.status]).toEqual([issue.subject, "draft"]);

    const bad = await kit.call<ErrorBody>(admin, "POST", "/api/admin/newsletter", { subject: "Two\nlines", body: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ subject: "Subject must be one line", body: "Write the issue first" });
    const long = await kit.call<ErrorBody>(admin, "PUT", `/api/admin/newsletter/${issue.id}`, { subject: "ok", body: "x".repeat(20_001) });
    expect(long.body.error.fields).toEqual({ body: "The issue must be at most 20,000 characters" });
    expect((await kit.ok<{ deleted: true }>(admin, "DELETE", `/api/admin/newsletter/${issue.id}`)).deleted).toBe(true);
    expect((await kit.call(admin, "GET", `/api/admin/newsletter/${issue.id}`)).status).toBe(404);
  });
});
