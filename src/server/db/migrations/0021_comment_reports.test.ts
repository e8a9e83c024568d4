/**
 * Migration 0021 upgrades a database release 0020 left: `report.kind` admits 'comment' besides the
 * three kinds it had, refuses anything else still, and the reports already there, their indexes
 * (one open report per member and item) and their reporters' foreign key are kept (SQLite or, with
 * TEST_DB=postgres, PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;
const NOW = "2026-11-29T00:00:00.000Z";

const report = (id: string, kind: string, item = "item-1", reporter = "u-1") =>
  sql`insert into report (id, reporter_id, kind, item_id, reason, note, status, created_at)
    values (${id}, ${reporter}, ${kind}, ${item}, 'spam', '', 'open', ${NOW})`.execute(database.db);

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0020_comments");
  const no = database.dialect === "postgres" ? sql`false` : sql`0`;
  await sql`insert into "user" (id, name, email, email_verified, created_at, updated_at, username, phone, subscribed)
    values ('u-1', 'u-1', 'one@example.com', ${no}, ${NOW}, ${NOW}, 'u-1', '', ${no})`.execute(database.db);
  await report("r-story", "story");
  await expect(report("r-early", "comment", "c-1")).rejects.toThrow();
  expect(await migrateToLatest(database)).toContain("0021_comment_reports");
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("0021", () => {
  it("admits reports of comments, refuses other kinds, and keeps the reports, the one-open-report index and the foreign key", async () => {
    await report("r-comment", "comment", "c-1");
    await expect(report("r-order", "order", "o-1")).rejects.toThrow();
    await expect(report("r-again", "comment", "c-1")).rejects.toThrow();
    const rows = await database.db.selectFrom("report").select(["id", "kind"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "r-comment", kind: "comment" },
      { id: "r-story", kind: "story" },
    ]);
    await database.db.deleteFrom("user").where("id", "=", "u-1").execute();
    expect((await database.db.selectFrom("report").select("reporter_id").execute()).map((r) => r.reporter_id)).toEqual([null, null]);
  });
});
