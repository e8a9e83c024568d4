import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../../../common/api/admin.js";
import { insertAuditEntry } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { databaseSnapshot, staffKit, type ErrorBody, type Person } from "../admin.fixtures.js";
import { CLI_ACTOR } from "./audit.service.js";

let t: TestApp;
const { person, call, ok } = staffKit(() => t);
let admin: Person;
let curator: Person;

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await person("admin");
  curator = await person("curator");
  await insertAuditEntry(t.database, [
    { id: "a1", created_at: at(1), actor_id: admin.id, actor_email: admin.email, action: "order.pay", target_kind: "order", target_id: "MB-1", before: '{"status":"placed"}', after: '{"status":"paid"}' },
    { id: "a2", created_at: at(2), actor_id: admin.id, actor_email: admin.email, action: "order.ship", target_kind: "order", target_id: "MB-1", before: '{"status":"paid"}', after: '{"status":"shipped","carrier":"ups"}', note: "Two boxes" },
    { id: "a3", created_at: at(3), actor_id: curator.id, actor_email: curator.email, action: "story.hide", target_kind: "story", target_id: "st-1", before: '{"hidden_at":null}', after: '{"hidden_at":"2026-05-01T09:03:00.000Z"}' },
    // Three at the same moment: the id breaks the tie, on every page.
    { id: "b1", created_at: at(4), actor_id: CLI_ACTOR.id, actor_email: CLI_ACTOR.email, action: "user.role", target_kind: "user", target_id: "u-1", before: '{"role":"member"}', after: '{"role":"admin"}' },
    { id: "b2", created_at: at(4), actor_id: admin.id, actor_email: admin.email, action: "product.stock", target_kind: "product", target_id: "p-1", before: '{"stock":1}', after: '{"stock":5}', note: "Restocked" },
    { id: "b3", created_at: at(4), actor_id: admin.id, actor_email: admin.email, action: "orders.export", target_kind: "orders", target_id: "all", before: null, after: null },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const ids = (page: AuditPage) => page.items.map((e) => e.id);

describe("GET /api/admin/audit", () => {
  it("lists entries newest first with who, what, the target, before and after and the note", async () => {
    const page = await ok<AuditPage>(curator, "GET", "/api/admin/audit");
    expect(ids(page)).toEqual(["b3", "b2", "b1", "a3", "a2", "a1"]);
    expect(page.items.find((e) => e.id === "a2")).toEqual({
      id: "a2",
      created_at: at(2),
      actor: { id: admin.id, email: admin.email },
      action: "order.ship",
      target: { kind: "order", id: "MB-1" },
      before: { status: "paid" },
      after: { status: "shipped", carrier: "ups" },
      note: "Two boxes",
    });
    expect(page.items.find((e) => e.id === "b3")).toMatchObject({ before: null, after: null, note: "" });
    expect(page.next_cursor).toBeNull();
  });

  it("pages on (created_at, id), so entries of the same moment are neither repeated nor skipped", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page: AuditPage = await ok<AuditPage>(admin, "GET", `/api/admin/audit?limit=2&cursor=${cursor}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(["b3", "b2", "b1", "a3", "a2", "a1"]);
  });

  it("filters by action, by a target kind's actions, by target and by actor (id or e-mail)", async () => {
    const get = async (query: string) => ids(await ok<AuditPage>(admin, "GET", `/api/admin/audit?${query}`));
    expect(await get("action=order.ship")).toEqual(["a2"]);
    // 'order' is every order.* action, not orders.export.
    expect(await get("action=order")).toEqual(["a2", "a1"]);
    expect(await get("target_kind=order&target_id=MB-1")).toEqual(["a2", "a1"]);
    expect(await get("target_id=st-1")).toEqual(["a3"]);
    expect(await get(`actor=${curator.id}`)).toEqual(["a3"]);
    expect(await get(`actor=${encodeURIComponent(curator.email.toUpperCase())}`)).toEqual(["a3"]);
    expect(await get("actor=cli")).toEqual(["b1"]);
    expect(await get(`actor=${admin.id}&action=product.stock`)).toEqual(["b2"]);
    expect(await get("action=nothing.like.this")).toEqual([]);
  });

  it("refuses bad parameters with a message each", async () => {
    const res = await call<ErrorBody>(admin, "GET", `/api/admin/audit?limit=101&cursor=zzz&action=${"x".repeat(101)}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields ?? {}).sort()).toEqual(["action", "cursor", "limit"]);
  });

  it("is for staff: a visitor 401, a member 403", async () => {
    expect((await call(null, "GET", "/api/admin/audit")).status).toBe(401);
    const member = await person("member");
    const res = await call<ErrorBody>(member, "GET", "/api/admin/audit");
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("NOT_STAFF");
  });
});

describe("the audit log is append-only", () => {
  it("has no route that edits or deletes it: every other method on /api/admin/audit… is 404 or 405, and nothing changes", async () => {
    const before = await databaseSnapshot(t);
    const paths = ["/api/admin/audit", "/api/admin/audit/a1", "/api/admin/audit/a1/note", "/api/admin/audit?id=a1"];
    for (const path of paths) {
      for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
        const res = await call<ErrorBody>(admin, method, path, method === "DELETE" ? undefined : { note: "changed", before: null });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
        expect(["NOT_FOUND", "METHOD_NOT_ALLOWED"]).toContain(res.body.error.code);
      }
    }
    expect(await databaseSnapshot(t)).toEqual(before);
    expect((await ok<AuditPage>(admin, "GET", "/api/admin/audit")).items).toHaveLength(6);
  });

  it("is refused by the database itself: UPDATE and DELETE of an entry fail and change nothing", async () => {
    const { db } = t.database;
    const before = await databaseSnapshot(t);
    await expect(db.updateTable("audit_log").set({ note: "rewritten" }).where("id", "=", "a1").execute()).rejects.toThrow(/append-only/);
    await expect(db.updateTable("audit_log").set({ actor_email: "someone@else.example" }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").where("id", "=", "a2").execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where action = 'order.pay'`.execute(db)).rejects.toThrow(/append-only/);
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
