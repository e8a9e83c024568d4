import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, type AdminOverview, type AuditPage, type PeoplePage, type Person } from "../../../../common/api/admin.js";
import { insertCreator, insertUser } from "../../../db/seed/factories.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { setRole as setRoleQuery } from "./roles.queries.js";
import { databaseSnapshot, staffKit, type ErrorBody, type Person as Someone } from "../admin.fixtures.js";

// A fresh database per test: "the last admin" depends on every admin there is.
let t: TestApp;
const { person, call, ok } = staffKit(() => t);
let admin: Someone;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  admin = await person("admin");
});
afterAll(async () => {
  await t?.close();
});

const setRole = (who: Someone | null, userId: string, body: unknown) =>
  call<Person & ErrorBody>(who, "PUT", `/api/admin/people/${encodeURIComponent(userId)}/role`, body);

const roleOf = async (id: string) => (await t.database.db.selectFrom("user").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role;

describe("GET /api/admin/people", () => {
  it("lists every account newest first with e-mail, username, role, when they joined and their creator profile", async () => {
    const maker = await insertCreator(t.database, { id: "rosa_maker" });
    const [older, newer] = await insertUser(t.database, [
      { username: "rosa", email: "Rosa@Example.com", created_at: "2030-01-01T10:00:00.000Z", creator_id: maker.creator.id },
      { username: "Theo", email: "theo@example.com", created_at: "2030-01-02T10:00:00.000Z", role: "curator" },
    ]);
    const page = await ok<PeoplePage>(admin, "GET", "/api/admin/people?limit=2");
    expect(page.items).toEqual([
      { id: newer!.user.id, email: "theo@example.com", username: "Theo", role: "curator", joined: "2030-01-02T10:00:00.000Z", creator_id: null },
      { id: older!.user.id, email: "rosa@example.com", username: "rosa", role: "member", joined: "2030-01-01T10:00:00.000Z", creator_id: "rosa_maker" },
    ]);
    const rest = await ok<PeoplePage>(admin, "GET", `/api/admin/people?limit=2&cursor=${page.next_cursor}`);
    expect(rest.items.map((p) => p.id)).toEqual([admin.id]);
    expect(rest.next_cursor).toBeNull();
  });

  it("searches e-mails and usernames (case ignored, wildcards as text) and filters by role", async () => {
    await insertUser(t.database, [
      { username: "Ingrid_Press", email: "ingrid@prints.example" },
      { username: "ingridxpress", email: "ix@example.com" },
      { username: "walt", email: "walt@ingrid-fans.example", role: "curator" },
    ]);
    const names = async (query: string) => (await ok<PeoplePage>(admin, "GET", `/api/admin/people?${query}`)).items.map((p) => p.username).sort();
    expect(await names("q=INGRID")).toEqual(["Ingrid_Press", "ingridxpress", "walt"]);
    expect(await names("q=ingrid_")).toEqual(["Ingrid_Press"]);
    expect(await names("q=ingrid&role=curator")).toEqual(["walt"]);
    expect(await names("role=admin")).toEqual([(await t.database.db.selectFrom("user").select("username").where("id", "=", admin.id).executeTakeFirstOrThrow()).username]);
    const bad = await call<ErrorBody>(admin, "GET", "/api/admin/people?role=owner");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ role: ADMIN_MESSAGES.roleInvalid });
  });
});

describe("PUT /api/admin/people/{userId}/role", () => {
  it("grants and revokes a role with an audit entry; the new role counts from the next request", async () => {
    const someone = await person("member");
    expect((await call(someone, "GET", "/api/admin/overview")).status).toBe(403);

    const granted = await setRole(admin, someone.id, { role: "curator" });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: someone.id, email: someone.email, role: "curator" });
    expect((await ok<AdminOverview>(someone, "GET", "/api/admin/overview")).orders).toBeNull();

    expect((await setRole(admin, someone.id, { role: "member" })).body.role).toBe("member");
    expect((await call(someone, "GET", "/api/admin/overview")).status).toBe(403);

    const log = await ok<AuditPage>(admin, "GET", `/api/admin/audit?action=user.role&target_id=${someone.id}`);
    expect(log.items.map(({ actor, before, after, note }) => ({ actor, before, after, note }))).toEqual([
      { actor: { id: admin.id, email: admin.email }, before: { role: "curator", email: someone.email }, after: { role: "member", email: someone.email }, note: "Curator → Member" },
      { actor: { id: admin.id, email: admin.email }, before: { role: "member", email: someone.email }, after: { role: "curator", email: someone.email }, note: "Member → Curator" },
    ]);
  });

  it("changes nothing and writes no entry when the role is already that", async () => {
    const someone = await person("curator");
    const before = await databaseSnapshot(t);
    expect((await setRole(admin, someone.id, { role: "curator" })).status).toBe(200);
    expect(await databaseSnapshot(t)).toEqual(before);
  });

  it("refuses to demote the last admin (409 LAST_ADMIN) and changes nothing", async () => {
    const before = await databaseSnapshot(t);
    for (const role of ["curator", "member"]) {
      const res = await setRole(admin, admin.id, { role });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: "LAST_ADMIN", message: ADMIN_MESSAGES.lastAdmin });
    }
    expect(await databaseSnapshot(t)).toEqual(before);

    // With a second admin, one may step down; then the other is the last.
    const second = await person("admin");
    expect((await setRole(second, admin.id, { role: "curator" })).status).toBe(200);
    expect((await setRole(second, second.id, { role: "member" })).status).toBe(409);
    expect(await roleOf(second.id)).toBe("admin");
  });

  it("lets only one of two admins demoting each other at once win: one admin always remains", async () => {
    const other = await person("admin");
    const [a, b] = await Promise.all([setRole(admin, other.id, { role: "member" }), setRole(other, admin.id, { role: "member" })]);
    // The loser is told: LAST_ADMIN, or NOT_STAFF when the winner's change landed before its gate.
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([409, 403]).toContain(a.status === 200 ? b.status : a.status);
    const admins = await t.database.db.selectFrom("user").select("id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);
    const log = await ok<AuditPage>(admins[0]!.id === admin.id ? admin : other, "GET", "/api/admin/audit?action=user.role");
    expect(log.items).toHaveLength(1);

    // Both past the gate at once (setRole itself): the admins are counted one after the other.
    const third = await person("admin");
    const survivor = admins[0]!.id;
    const results = await Promise.all([
      setRoleQuery(t.database, { userId: third.id }, "member", { id: survivor, email: "a@example.com" }),
      setRoleQuery(t.database, { userId: survivor }, "member", { id: third.id, email: third.email }),
    ]);
    expect(results.map((r) => (r.ok ? "ok" : r.reason)).sort()).toEqual(["last-admin", "ok"]);
    expect(await t.database.db.selectFrom("user").select("id").where("role", "=", "admin").execute()).toHaveLength(1);
  });

  it("refuses an unknown role (400) or person (404), and a curator (403); nothing changes", async () => {
    const someone = await person("member");
    const curator = await person("curator");
    const before = await databaseSnapshot(t);
    const bad = await setRole(admin, someone.id, { role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ role: ADMIN_MESSAGES.roleInvalid });
    expect((await setRole(admin, someone.id, {})).body.error.fields).toEqual({ role: ADMIN_MESSAGES.roleInvalid });
    const missing = await setRole(admin, "no-such-user", { role: "curator" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(ADMIN_MESSAGES.personNotFound);
    const refused = await setRole(curator, someone.id, { role: "admin" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("NOT_STAFF");
    expect((await setRole(curator, curator.id, { role: "admin" })).status).toBe(403);
    expect(await databaseSnapshot(t)).toEqual(before);
  });
});
