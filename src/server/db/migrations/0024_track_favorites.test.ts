/**
 * Migration 0024 upgrades a database release 0023 left: `favorite.kind` admits 'track' besides the
 * three kinds it had, refuses anything else still, and the favorites already there, their primary
 * key (one favorite per member, kind and item) and their members' foreign key are kept (SQLite or,
 * with TEST_DB=postgres, PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;
const NOW = "2026-11-30T00:00:00.000Z";

const favorite = (kind: string, item: string, user = "u-1") =>
  sql`insert into favorite (user_id, kind, item_id, created_at) values (${user}, ${kind}, ${item}, ${NOW})`.execute(database.db);

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0023_radio_tracks");
  const no = database.dialect === "postgres" ? sql`false` : sql`0`;
  await sql`insert into "user" (id, name, email, email_verified, created_at, updated_at, username, phone, subscribed)
    values ('u-1', 'u-1', 'one@example.com', ${no}, ${NOW}, ${NOW}, 'u-1', '', ${no})`.execute(database.db);
  await favorite("story", "s-1");
  await favorite("creator", "c-1");
  await favorite("product", "p-1");
  await expect(favorite("track", "t-early")).rejects.toThrow();
  expect(await migrateToLatest(database)).toContain("0024_track_favorites");
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("0024", () => {
  it("admits favorites of tracks, refuses other kinds, and keeps the favorites, the primary key and the foreign key", async () => {
    await favorite("track", "slow-tide");
    await expect(favorite("order", "o-1")).rejects.toThrow();
    await expect(favorite("comment", "c-9")).rejects.toThrow();
    await expect(favorite("track", "slow-tide")).rejects.toThrow();
    await expect(favorite("story", "s-1")).rejects.toThrow();
    const rows = await database.db.selectFrom("favorite").select(["kind", "item_id", "created_at"]).orderBy("kind").execute();
    expect(rows.map((r) => [r.kind, r.item_id])).toEqual([
      ["creator", "c-1"],
      ["product", "p-1"],
      ["story", "s-1"],
      ["track", "slow-tide"],
    ]);
    expect(rows.every((r) => new Date(r.created_at as string | Date).toISOString() === NOW)).toBe(true);
    // An account's favorites go with it (ON DELETE CASCADE), and a favorite needs an account.
    await expect(favorite("story", "s-2", "u-nobody")).rejects.toThrow();
    await database.db.deleteFrom("user").where("id", "=", "u-1").execute();
    expect(await database.db.selectFrom("favorite").select("item_id").execute()).toEqual([]);
  });
});
