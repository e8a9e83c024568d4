import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminReportPage, Report, ReportResolution } from "../../../common/api/reports.js";
import { REPORT_MESSAGES, REPORT_NOTE_MAX, REPORT_REASONS, RESOLUTION_NOTE_MAX } from "../../../common/reports.js";
import type { Role } from "../../../common/roles.js";
import { insertCreator, insertProduct, insertReport, insertStory } from "../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { CLI_ACTOR } from "../admin/audit/audit.service.js";
import { setRole } from "../admin/people/roles.queries.js";
import { STAFF_MESSAGES } from "../../auth/staff.js";

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Small, so the limit is reached in a few requests; each test's reporters are fresh users. */
const LIMIT = 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPORT_RATE_LIMIT: String(LIMIT) });
});
afterAll(async () => {
  await t?.close();
});

interface Person {
  cookie: string;
  uid: string;
  email: string;
}

let applications = 0;
/** A signed-up subscriber; with a role, one the command line made staff; `creator` applies and is approved. */
async function person(kind: Role | "creator" = "member"): Promise<Person> {
  const { cookie, user } = await t.signUp();
  if (kind === "curator" || kind === "admin") {
    const granted = await setRole(t.database, { userId: user.uid }, kind, CLI_ACTOR);
    expect(granted.ok).toBe(true);
  }
  if (kind === "creator") {
    applications += 1;
    const res = await t.request("/api/creators/applications", {
      cookie,
      ip: `198.51.100.${applications}`,
      json: {
        first_name: "Rosa",
        last_name: `Maker${"x".repeat(applications)}`,
        email: user.email,
        bio: "Prints zines in a garage.",
        state: "IL",
        city: "Chicago",
        art_type: ["writing"],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  return { cookie, uid: user.uid, email: user.email };
}

async function call<T>(who: Person | null, method: string, path: string, json?: unknown, origin?: string) {
  const res = await t.request(path, { method, cookie: who?.cookie, json, origin });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

async function ok<T>(who: Person | null, method: string, path: string, json?: unknown, status = 200): Promise<T> {
  const res = await call<T>(who, method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const report = (who: Person, kind: string, itemId: string, extra: Record<string, unknown> = {}) =>
  call<Report & ErrorBody>(who, "POST", "/api/reports", { kind, item_id: itemId, reason: "spam", ...extra });

const story = async (overrides: Parameters<typeof insertStory>[1] = {}) => insertStory(t.database, overrides);

async function reportRows(itemId: string) {
  return t.database.db.selectFrom("report").selectAll().where("item_id", "=", itemId).orderBy("created_at").orderBy("id").execute();
}

async function auditRows(targetId?: string) {
  let query = t.database.db.selectFrom("audit_log").selectAll().orderBy("created_at").orderBy("id");
  if (targetId) query = query.where("target_id", "=", targetId);
  return query.execute();
}

async function hiddenAt(kind: "story" | "product" | "creator", id: string) {
  return (await t.database.db.selectFrom(kind).select("hidden_at").where("id", "=", id).executeTakeFirstOrThrow()).hidden_at;
}

const queue = (who: Person, query = "") => ok<AdminReportPage>(who, "GET", `/api/admin/reports${query}`);

describe("POST /api/reports", () => {
  it("stores an open report of a story, a product or a creator, the note trimmed", async () => {
    const reporter = await person();
    const s = await story();
    const p = await insertProduct(t.database);
    const { creator } = await insertCreator(t.database);
    const made = await report(reporter, "story", s.id, { reason: "offensive", note: "  Hateful words in the second paragraph.  " });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      kind: "story",
      item_id: s.id,
      reason: "offensive",
      note: "Hateful words in the second paragraph.",
      status: "open",
    });
    expect((await report(reporter, "product", p.id, { reason: "copyright", note: null })).status).toBe(201);
    expect((await report(reporter, "creator", creator.id, { reason: "misleading" })).status).toBe(201);

    const [row] = await reportRows(s.id);
    expect(row).toMatchObject({ id: made.body.id, reporter_id: reporter.uid, kind: "story", status: "open", resolved_at: null });
    expect(made.headers.get("cache-control")).toBe("no-store");
  });

  it("answers each bad field with its message, stores nothing and keeps the limit for real reports", async () => {
    const reporter = await person();
    const s = await story();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "story", item_id: s.id }, "reason", REPORT_MESSAGES.reasonRequired],
      [{ kind: "story", item_id: s.id, reason: "boring" }, "reason", REPORT_MESSAGES.reasonRequired],
      [{ kind: "story", item_id: s.id, reason: "spam", note: "x".repeat(REPORT_NOTE_MAX + 1) }, "note", REPORT_MESSAGES.noteTooLong],
      [{ kind: "story", item_id: s.id, reason: "spam", note: "bell\u0007" }, "note", REPORT_MESSAGES.textInvalid],
      [{ kind: "order", item_id: s.id, reason: "spam" }, "kind", "kind must be story, product, creator or comment"],
      [{ kind: "story", item_id: "", reason: "spam" }, "item_id", "item_id is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call<ErrorBody>(reporter, "POST", "/api/reports", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.fields?.[field]).toBe(message);
    }
    // A note of exactly the maximum, line breaks kept, is fine.
    const longest = `${"a".repeat(REPORT_NOTE_MAX - 2)}\nb`;
    const res = await report(reporter, "story", s.id, { note: longest });
    expect(res.status).toBe(201);
    expect(res.body.note).toBe(longest);
    expect(await reportRows(s.id)).toHaveLength(1);
  });

  it("is 404 for an item that does not exist, a draft story, an unapproved creator or a hidden item", async () => {
    const reporter = await person();
    const draft = await story({ status: "draft" });
    const hidden = await story({ hidden_at: new Date() });
    const hiddenProduct = await insertProduct(t.database, { hidden_at: new Date() });
    const { creator: pending } = await insertCreator(t.database, { approved: false });
    const targets: [string, string][] = [
      ["story", "no-such-story"],
      ["product", "no-such-product"],
      ["creator", "no-such-creator"],
      ["story", draft.id],
      ["story", hidden.id],
      ["product", hiddenProduct.id],
      ["creator", pending.id],
    ];
    for (const [kind, id] of targets) {
      const res = await report(reporter, kind, id);
      expect(res.status, `${kind} ${id}`).toBe(404);
      expect(res.body.error).toEqual({ code: "NOT_FOUND", message: REPORT_MESSAGES.itemNotFound });
    }
    // A story id is not a product's.
    const s = await story();
    expect((await report(reporter, "product", s.id)).status).toBe(404);
    expect(await t.database.db.selectFrom("report").select("id").where("reporter_id", "=", reporter.uid).execute()).toEqual([]);
  });

  it("refuses a second open report of the same item by the same user with a friendly 409; others may still report it", async () => {
    const reporter = await person();
    const other = await person();
    const s = await story();
    expect((await report(reporter, "story", s.id)).status).toBe(201);
    const again = await report(reporter, "story", s.id, { reason: "other", note: "Still bad" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: "ALREADY_REPORTED", message: "You have already reported this. A curator will look at it." });
    expect((await report(other, "story", s.id)).status).toBe(201);
    expect(await reportRows(s.id)).toHaveLength(2);
  });

  it("lets two reports sent at once store one: the unique index is the backstop", async () => {
    const reporter = await person();
    const s = await story();
    const answers = await Promise.all([report(reporter, "story", s.id), report(reporter, "story", s.id), report(reporter, "story", s.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error.code).toBe("ALREADY_REPORTED");
    expect(await reportRows(s.id)).toHaveLength(1);
  });

  it(`allows ${LIMIT} reports per user and window, then 429 with Retry-After; refusals do not count`, async () => {
    const reporter = await person();
    const stories = await Promise.all(Array.from({ length: LIMIT + 1 }, () => story()));
    expect((await report(reporter, "story", stories[0]!.id)).status).toBe(201);
    // A repeat and a missing item give their slot back.
    expect((await report(reporter, "story", stories[0]!.id)).status).toBe(409);
    expect((await report(reporter, "story", "no-such-story")).status).toBe(404);
    for (const s of stories.slice(1, LIMIT)) expect((await report(reporter, "story", s.id)).status).toBe(201);

    const limited = await report(reporter, "story", stories[LIMIT]!.id);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: "RATE_LIMITED", message: REPORT_MESSAGES.rateLimited });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await reportRows(stories[LIMIT]!.id)).toEqual([]);
    // The limit is the user's own: someone else reports the same story.
    expect((await report(await person(), "story", stories[LIMIT]!.id)).status).toBe(201);
  });

  it("is 401 for a visitor and 403 from another site, storing nothing", async () => {
    const s = await story();
    const visitor = await call<ErrorBody>(null, "POST", "/api/reports", { kind: "story", item_id: s.id, reason: "spam" });
    expect(visitor.status).toBe(401);
    // Told to sign in before anything about the body.
    expect((await call<ErrorBody>(null, "POST", "/api/reports", { kind: "nonsense" })).status).toBe(401);
    const reporter = await person();
    const forged = await call<ErrorBody>(reporter, "POST", "/api/reports", { kind: "story", item_id: s.id, reason: "spam" }, "https://evil.example");
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("FORBIDDEN_ORIGIN");
    expect(await reportRows(s.id)).toEqual([]);
  });
});

describe("the queue, GET /api/admin/reports", () => {
  it("lists open reports oldest first with the item, reason, note, reporter and the item's open count; closed ones newest first", async () => {
    const curator = await person("curator");
    const [a, b] = [await person(), await person()];
    const s = await story({ title: "The Night Press" });
    const p = await insertProduct(t.database, { title: "Zine Bundle" });
    const { creator } = await insertCreator(t.database, { first_name: "Ada", last_name: "Lovelace" });
    // Old enough to come before every report the other tests make, in this order.
    await insertReport(t.database, [
      { reporter_id: a.uid, kind: "story", item_id: s.id, reason: "offensive", note: "Slurs", created_at: "2001-01-01T00:00:01.000Z" },
      { reporter_id: b.uid, kind: "story", item_id: s.id, reason: "spam", created_at: "2001-01-01T00:00:02.000Z" },
      { reporter_id: a.uid, kind: "product", item_id: p.id, reason: "copyright", created_at: "2001-01-01T00:00:03.000Z" },
      { reporter_id: a.uid, kind: "creator", item_id: creator.id, reason: "misleading", created_at: "2001-01-01T00:00:04.000Z" },
    ]);
    const page = await queue(curator, "?limit=4");
    expect(page.items.map((r) => [r.item.id, r.reporter_email])).toEqual([
      [s.id, a.email],
      [s.id, b.email],
      [p.id, a.email],
      [creator.id, a.email],
    ]);
    expect(page.items[0]).toMatchObject({
      status: "open",
      reason: "offensive",
      reason_label: REPORT_REASONS.offensive,
      note: "Slurs",
      open_reports: 2,
      created_at: "2001-01-01T00:00:01.000Z",
      resolved_at: null,
      resolver_email: null,
      resolution_note: "",
      item: { kind: "story", id: s.id, title: "The Night Press", path: `/stories/${s.id}`, hidden: false },
    });
    expect(page.items[2]!.item).toEqual({ kind: "product", id: p.id, title: "Zine Bundle", path: `/store?productId=${p.id}`, hidden: false });
    expect(page.items[3]!.item).toMatchObject({ kind: "creator", title: "Ada Lovelace", path: `/creators/${creator.id}` });
    expect(page.next_cursor).not.toBeNull();

    // The next page continues after the last shown, without repeats.
    const next = await queue(curator, `?limit=4&cursor=${page.next_cursor}`);
    expect(next.items.map((r) => r.id)).not.toContain(page.items[3]!.id);
    for (const r of next.items) expect(r.created_at > "2001-01-01T00:00:04.000Z").toBe(true);
  });

  it("shows closed reports newest first under their status, with who resolved them and why", async () => {
    const curator = await person("curator");
    const reporter = await person();
    const items = await Promise.all([story(), story()]);
    await insertReport(t.database, [
      { reporter_id: reporter.uid, kind: "story", item_id: items[0].id, status: "dismissed", created_at: "2002-01-01T00:00:00.000Z", resolved_at: "2002-01-02T00:00:00.000Z", resolved_by: curator.uid, resolution_note: "Satire" },
      { reporter_id: reporter.uid, kind: "story", item_id: items[1].id, status: "dismissed", created_at: "2099-01-01T00:00:00.000Z", resolved_at: "2099-01-02T00:00:00.000Z", resolved_by: "a-deleted-account" },
    ]);
    const dismissed = await queue(curator, "?status=dismissed");
    const ours = dismissed.items.filter((r) => items.some((s) => s.id === r.item.id));
    expect(ours.map((r) => r.item.id)).toEqual([items[1].id, items[0].id]);
    expect(ours[1]).toMatchObject({ status: "dismissed", resolver_email: curator.email, resolution_note: "Satire", resolved_at: "2002-01-02T00:00:00.000Z" });
    expect(ours[0]!.resolver_email).toBeNull();
    expect(dismissed.items[0]!.item.id).toBe(items[1].id);
  });

  it("names a deleted item's report with no title and says when the item is hidden", async () => {
    const curator = await person("curator");
    const reporter = await person();
    const hidden = await story({ hidden_at: new Date() });
    await insertReport(t.database, [
      { reporter_id: reporter.uid, kind: "story", item_id: "a-story-deleted-since", created_at: "2001-06-01T00:00:00.000Z" },
      { reporter_id: reporter.uid, kind: "story", item_id: hidden.id, created_at: "2001-06-01T00:00:01.000Z" },
    ]);
    const items = (await queue(curator, "?limit=100")).items;
    expect(items.find((r) => r.item.id === "a-story-deleted-since")!.item).toMatchObject({ title: null, hidden: false });
    expect(items.find((r) => r.item.id === hidden.id)!.item.hidden).toBe(true);
  });

  it("refuses a bad status or cursor with 400", async () => {
    const curator = await person("curator");
    const bad = await call<ErrorBody>(curator, "GET", "/api/admin/reports?status=closed");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.status).toBe("status must be open, hidden or dismissed");
    expect((await call<ErrorBody>(curator, "GET", "/api/admin/reports?cursor=nonsense")).status).toBe(400);
  });
});

describe("resolving a report", () => {
  async function reportedStory(reporters: number) {
    const s = await story();
    const people = await Promise.all(Array.from({ length: reporters }, () => person()));
    const ids: string[] = [];
    for (const p of people) ids.push((await ok<Report>(p, "POST", "/api/reports", { kind: "story", item_id: s.id, reason: "spam" }, 201)).id);
    return { story: s, reporters: people, ids };
  }

  it("hides the item and closes every open report of it, with the item's and the report's audit entries", async () => {
    const curator = await person("curator");
    const { story: s, ids } = await reportedStory(2);
    const other = await story();
    const untouched = await ok<Report>(await person(), "POST", "/api/reports", { kind: "story", item_id: other.id, reason: "spam" }, 201);

    const done = await ok<ReportResolution>(curator, "POST", `/api/admin/reports/${ids[1]}/hide`, { note: "  Spam links  " });
    expect(done.resolved_ids).toEqual([ids[1], ids[0]]);
    expect(done.report).toMatchObject({
      id: ids[1],
      status: "hidden",
      resolver_email: curator.email,
      resolution_note: "Spam links",
      open_reports: 0,
      item: { kind: "story", id: s.id, hidden: true },
    });
    expect(done.report.resolved_at).not.toBeNull();

    expect(await hiddenAt("story", s.id)).not.toBeNull();
    for (const row of await reportRows(s.id)) {
      expect(row).toMatchObject({ status: "hidden", resolved_by: curator.uid, resolution_note: "Spam links" });
    }
    expect((await reportRows(other.id))[0]).toMatchObject({ id: untouched.id, status: "open" });

    const itemEntries = await auditRows(s.id);
    expect(itemEntries).toHaveLength(1);
    expect(itemEntries[0]).toMatchObject({ action: "story.hide", actor_id: curator.uid, actor_email: curator.email, note: "Spam links" });
    const [entry] = await auditRows(ids[1]);
    expect(entry).toMatchObject({ action: "report.hide", target_kind: "report", actor_id: curator.uid, actor_email: curator.email, note: "Spam links" });
    expect(JSON.parse(entry!.before!)).toEqual({ status: "open", reports: [ids[1], ids[0]] });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "hidden", reports: [ids[1], ids[0]], item: { kind: "story", id: s.id } });

    const hiddenQueue = await queue(curator, "?status=hidden&limit=100");
    expect(hiddenQueue.items.filter((r) => r.item.id === s.id).map((r) => r.id).sort()).toEqual([...ids].sort());
    expect((await queue(curator, "?limit=100")).items.some((r) => r.item.id === s.id)).toBe(false);
  });

  it("keeps an already hidden item hidden and still closes its reports", async () => {
    const admin = await person("admin");
    const { story: s, ids } = await reportedStory(1);
    const hiddenSince = "2020-01-01T00:00:00.000Z";
    await t.database.db.updateTable("story").set({ hidden_at: hiddenSince }).where("id", "=", s.id).execute();
    await ok<ReportResolution>(admin, "POST", `/api/admin/reports/${ids[0]}/hide`, {});
    expect(new Date(String(await hiddenAt("story", s.id))).toISOString()).toBe(hiddenSince);
    expect((await reportRows(s.id))[0]!.status).toBe("hidden");
    expect((await auditRows(s.id)).map((e) => e.action)).toEqual([]);
    expect((await auditRows(ids[0])).map((e) => e.action)).toEqual(["report.hide"]);
  });

  it("dismisses every open report of the item and leaves it on the site; its reporters may report it again", async () => {
    const curator = await person("curator");
    const { story: s, reporters, ids } = await reportedStory(2);
    const done = await ok<ReportResolution>(curator, "POST", `/api/admin/reports/${ids[0]}/dismiss`, { note: "Satire, not hate" });
    expect(done.resolved_ids).toEqual(ids);
    expect(done.report).toMatchObject({ status: "dismissed", resolution_note: "Satire, not hate", item: { hidden: false } });
    expect(await hiddenAt("story", s.id)).toBeNull();
    expect((await reportRows(s.id)).map((r) => r.status)).toEqual(["dismissed", "dismissed"]);

    const [entry] = await auditRows(ids[0]);
    expect(entry).toMatchObject({ action: "report.dismiss", actor_email: curator.email, note: "Satire, not hate" });
    expect(JSON.parse(entry!.after!)).toEqual({ status: "dismissed", reports: ids, item: { kind: "story", id: s.id } });
    expect(await auditRows(s.id)).toEqual([]);

    expect((await report(reporters[0]!, "story", s.id)).status).toBe(201);
  });

  it("tells the second of two curators who resolved it first, and changes nothing more", async () => {
    const [first, second] = [await person("curator"), await person("admin")];
    const { story: s, ids } = await reportedStory(2);
    const answers = await Promise.all([
      call<ReportResolution & ErrorBody>(first, "POST", `/api/admin/reports/${ids[0]}/hide`, { note: "Hide it" }),
      call<ReportResolution & ErrorBody>(second, "POST", `/api/admin/reports/${ids[1]}/dismiss`, { note: "Keep it" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [won, lost] = answers[0]!.status === 200 ? [answers[0]!, answers[1]!] : [answers[1]!, answers[0]!];
    const winner = won === answers[0] ? first : second;
    const status = won === answers[0] ? "hidden" : "dismissed";
    expect(lost.body.error).toEqual({ code: "REPORT_RESOLVED", message: REPORT_MESSAGES.alreadyResolved(winner.email, status) });
    expect(lost.body.error.message).toMatch(/^This report was already resolved by /);

    const rows = await reportRows(s.id);
    expect(rows.map((r) => [r.status, r.resolved_by])).toEqual([
      [status, winner.uid],
      [status, winner.uid],
    ]);
    expect((await auditRows()).filter((e) => ids.includes(e.target_id)).map((e) => e.actor_id)).toEqual([winner.uid]);
    expect(Boolean(await hiddenAt("story", s.id))).toBe(status === "hidden");
  });

  it("answers a resolution of a closed report with 409, of an unknown one with 404, and a hide of a deleted item with 404", async () => {
    const curator = await person("curator");
    const { ids } = await reportedStory(1);
    await ok(curator, "POST", `/api/admin/reports/${ids[0]}/dismiss`, {});
    const again = await call<ErrorBody>(curator, "POST", `/api/admin/reports/${ids[0]}/hide`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(REPORT_MESSAGES.alreadyResolved(curator.email, "dismissed"));

    const unknown = await call<ErrorBody>(curator, "POST", "/api/admin/reports/no-such-report/dismiss", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(REPORT_MESSAGES.reportNotFound);

    const reporter = await person();
    const gone = await insertReport(t.database, { reporter_id: reporter.uid, kind: "product", item_id: "a-product-deleted-since" });
    const hide = await call<ErrorBody>(curator, "POST", `/api/admin/reports/${gone.id}/hide`, {});
    expect(hide.status).toBe(404);
    expect(hide.body.error.message).toBe(REPORT_MESSAGES.itemGone);
    expect((await reportRows("a-product-deleted-since"))[0]!.status).toBe("open");
    // Dismissing it is how it leaves the queue.
    await ok(curator, "POST", `/api/admin/reports/${gone.id}/dismiss`, {});
    expect((await reportRows("a-product-deleted-since"))[0]!.status).toBe("dismissed");
  });

  it("refuses a resolution note over the limit with 400, changing nothing", async () => {
    const curator = await person("curator");
    const { story: s, ids } = await reportedStory(1);
    const res = await call<ErrorBody>(curator, "POST", `/api/admin/reports/${ids[0]}/hide`, { note: "x".repeat(RESOLUTION_NOTE_MAX + 1) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.note).toBe(REPORT_MESSAGES.resolutionNoteTooLong);
    expect(await hiddenAt("story", s.id)).toBeNull();
    expect((await reportRows(s.id))[0]!.status).toBe("open");
  });
});

describe("who may use the queue", () => {
  it("refuses every back-office route to a visitor (401), a subscriber and a creator (403), changing nothing", async () => {
    const subscriber = await person();
    const creator = await person("creator");
    const reporter = await person();
    const s = await story();
    const made = await ok<Report>(reporter, "POST", "/api/reports", { kind: "story", item_id: s.id, reason: "spam" }, 201);
    const before = { reports: await reportRows(s.id), audit: (await auditRows()).length, hidden: await hiddenAt("story", s.id) };

    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/reports"],
      ["GET", "/api/admin/reports?status=nonsense"],
      ["POST", `/api/admin/reports/${made.id}/hide`, { note: "x" }],
      ["POST", `/api/admin/reports/${made.id}/dismiss`, { note: "x" }],
      ["POST", `/api/admin/reports/${made.id}/hide`, { note: 42 }],
    ];
    for (const [method, path, json] of routes) {
      expect((await call<ErrorBody>(null, method, path, json)).status, `${method} ${path}`).toBe(401);
      for (const who of [subscriber, creator]) {
        const refused = await call<ErrorBody>(who, method, path, json);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.error).toEqual({ code: "NOT_STAFF", message: STAFF_MESSAGES.notStaff });
      }
    }
    expect({ reports: await reportRows(s.id), audit: (await auditRows()).length, hidden: await hiddenAt("story", s.id) }).toEqual(before);
  });

  it("refuses a curator's resolution sent from another site (403), changing nothing", async () => {
    const curator = await person("curator");
    const reporter = await person();
    const s = await story();
    const made = await ok<Report>(reporter, "POST", "/api/reports", { kind: "story", item_id: s.id, reason: "spam" }, 201);
    const forged = await call<ErrorBody>(curator, "POST", `/api/admin/reports/${made.id}/hide`, {}, "https://evil.example");
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe("FORBIDDEN_ORIGIN");
    expect(await hiddenAt("story", s.id)).toBeNull();
    expect((await reportRows(s.id))[0]!.status).toBe("open");
  });

  it("takes a revoked role away at once", async () => {
    const curator = await person("curator");
    expect((await call(curator, "GET", "/api/admin/reports")).status).toBe(200);
    await setRole(t.database, { userId: curator.uid }, "member", CLI_ACTOR);
    expect((await call(curator, "GET", "/api/admin/reports")).status).toBe(403);
  });
});
