/**
 * `npm run admin` (scripts/admin.ts), run as a person runs it, against a database of its own: a
 * temporary SQLite file, or with TEST_DB=postgres a scratch PostgreSQL database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../db/client.js";
import { migrateToLatest } from "../../db/migrate.js";
import { insertUser } from "../../db/seed/factories.js";
import { createPgDatabase, TEST_DB } from "../../test/harness.js";
import { runNpmScript } from "../../test/process.js";

const USAGE = "Usage: npm run admin -- grant <email> admin|curator";

let dir: string;
let url: string;
let database: Db;
let dropPg: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "maybe-admin-cli-"));
  if (TEST_DB === "postgres") {
    const pg = await createPgDatabase("maybe_cli");
    url = pg.url;
    dropPg = pg.drop;
  } else {
    url = `file:${join(dir, "maybe.db")}`;
  }
  database = createDb(url);
  await migrateToLatest(database);
  await insertUser(database, [
    { email: "ada@example.com", username: "ada" },
    { email: "bo@example.com", username: "bo" },
  ]);
});
afterAll(async () => {
  await database?.close();
  await dropPg?.();
  rmSync(dir, { recursive: true, force: true });
});

const admin = (...args: string[]) => runNpmScript("admin", args, { DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: "test" });

const roleOf = async (email: string) => (await database.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirstOrThrow()).role;

const entriesFor = (email: string) =>
  database.db
    .selectFrom("audit_log")
    .innerJoin("user", "user.id", "audit_log.target_id")
    .select(["audit_log.actor_id", "audit_log.actor_email", "audit_log.action", "audit_log.target_kind", "audit_log.before", "audit_log.after"])
    .where("user.email", "=", email)
    .orderBy("audit_log.created_at")
    .execute();

// Each run starts a process (npm, then tsx): seconds each on a busy machine.
describe("npm run admin", { timeout: 60_000 }, () => {
  it("grants a role, and revokes it, each with an audit entry by the command line", async () => {
    const granted = await admin("grant", "ADA@example.com", "admin");
    expect(granted.output.trim()).toBe("ada@example.com: member → admin.");
    expect(granted.code).toBe(0);
    expect(await roleOf("ada@example.com")).toBe("admin");

    const again = await admin("grant", "ada@example.com", "admin");
    expect(again.code).toBe(0);
    expect(again.output.trim()).toBe("ada@example.com is already admin; nothing changed.");

    const revoked = await admin("revoke", "ada@example.com");
    expect(revoked.code).toBe(0);
    expect(await roleOf("ada@example.com")).toBe("member");

    expect(await entriesFor("ada@example.com")).toEqual([
      {
        actor_id: "cli",
        actor_email: "command line",
        action: "user.role",
        target_kind: "user",
        before: JSON.stringify({ role: "member", email: "ada@example.com" }),
        after: JSON.stringify({ role: "admin", email: "ada@example.com" }),
      },
      {
        actor_id: "cli",
        actor_email: "command line",
        action: "user.role",
        target_kind: "user",
        before: JSON.stringify({ role: "admin", email: "ada@example.com" }),
        after: JSON.stringify({ role: "member", email: "ada@example.com" }),
      },
    ]);
  });

  it("grants the curator role", async () => {
    const res = await admin("grant", "bo@example.com", "curator");
    expect(res.code).toBe(0);
    expect(await roleOf("bo@example.com")).toBe("curator");
  });

  it("exits 2 with the usage for a bad command, and changes nothing", async () => {
    const usages = [[], ["grant", "bo@example.com"], ["grant", "bo@example.com", "owner"], ["grant", "bo@example.com", "member"], ["revoke"], ["revoke", "bo@example.com", "admin"], ["promote", "bo@example.com"]];
    // At once: each is a process start of its own, and none touches the database.
    const results = await Promise.all(usages.map((args) => admin(...args)));
    results.forEach((res, i) => {
      expect(res.code, usages[i]!.join(" ")).toBe(2);
      expect(res.output).toContain(USAGE);
    });
    expect(await roleOf("bo@example.com")).toBe("curator");
  });

  it("exits 1 for an e-mail no account uses", async () => {
    const before = await database.db.selectFrom("audit_log").select("id").execute();
    const res = await admin("grant", "nobody@example.com", "admin");
    expect(res.code).toBe(1);
    expect(res.output.trim()).toBe("No account uses the e-mail nobody@example.com. Sign up first, then grant the role.");
    expect(await database.db.selectFrom("audit_log").select("id").execute()).toEqual(before);
  });
});
