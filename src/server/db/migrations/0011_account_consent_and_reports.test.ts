/**
 * Migration 0010 upgrades a database release 0009 left: an account's newsletter row (kept by
 * address) becomes the account's consent, a visitor's stays; reports keep their reporter and,
 * once the reporter's account is deleted, stay without it (SQLite or, with TEST_DB=postgres,
 * PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { toIso } from "../dialect.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;

const SINCE = "2024-02-03T04:05:06.000Z";
const NOW = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0009_accounts");
  const { db } = database;
  const no = database.dialect === "postgres" ? sql`false` : sql`0`;
  for (const [id, email] of [
    ["u-fan", "fan@example.com"],
    ["u-quiet", "quiet@example.com"],
  ]) {
    await sql`insert into "user" (id, name, email, email_verified, created_at, updated_at, username, phone, subscribed)
      values (${id}, ${id}, ${email}, ${no}, ${NOW}, ${NOW}, ${id}, '', ${no})`.execute(db);
  }
  await sql`insert into newsletter_subscriber (email, created_at) values ('fan@example.com', ${SINCE}), ('visitor@example.com', ${SINCE})`.execute(db);
  await sql`insert into report (id, reporter_id, kind, item_id, reason, note, status, created_at)
    values ('r-1', 'u-quiet', 'story', 'some-story', 'spam', 'Ads.', 'open', ${NOW})`.execute(db);
  expect(await migrateToLatest(database)).toContain("0011_account_consent_and_reports");
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("0010", () => {
  it("makes an account's newsletter row its consent, dated as it was, and keeps a visitor's", async () => {
    const users = await database.db.selectFrom("user").select(["id", "newsletter_since"]).orderBy("id").execute();
    expect(users.map((u) => [u.id, toIso(u.newsletter_since)])).toEqual([
      ["u-fan", SINCE],
      ["u-quiet", null],
    ]);
    const rows = await database.db.selectFrom("newsletter_subscriber").select("email").execute();
    expect(rows).toEqual([{ email: "visitor@example.com" }]);
  });

  it("keeps a report when its reporter's account is deleted, without the reporter", async () => {
    expect(await database.db.selectFrom("report").select("reporter_id").where("id", "=", "r-1").executeTakeFirstOrThrow()).toEqual({ reporter_id: "u-quiet" });
    await database.db.deleteFrom("user").where("id", "=", "u-quiet").execute();
    const report = await database.db.selectFrom("report").select(["reporter_id", "reason", "note"]).where("id", "=", "r-1").executeTakeFirstOrThrow();
    expect(report).toEqual({ reporter_id: null, reason: "spam", note: "Ads." });
  });

  it("still allows one open report per reporter and item", async () => {
    const row = { reporter_id: "u-fan", kind: "story" as const, item_id: "x", reason: "spam", status: "open" as const, created_at: NOW };
    await database.db.insertInto("report").values({ id: "r-2", ...row }).execute();
    await expect(database.db.insertInto("report").values({ id: "r-3", ...row }).execute()).rejects.toThrow();
  });
});
