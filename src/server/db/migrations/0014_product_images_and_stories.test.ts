/**
 * Migration 0014 upgrades a database release 0013 left without loss: each product's one story
 * becomes its first (lead) row in product_story, products without one get none, and no product
 * has pictures yet (SQLite or, with TEST_DB=postgres, PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;

const NOW = "2025-01-01T00:00:00.000Z";

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0013_variants");
  const { db } = database;
  const no = database.dialect === "postgres" ? sql`false` : sql`0`;
  await sql`insert into story (id, title, description, city, date, image_url, created_at, search_text) values ('s-1', 'Night Press', '', 'Chicago', ${NOW}, null, ${NOW}, 'night press')`.execute(db);
  for (const [id, story] of [
    ["p-zine", "s-1"],
    ["p-mug", null],
  ] as const) {
    await sql`insert into product (id, kind, category, title, description, price_cents, stock, limited_edition, created_at, search_text, story_id)
      values (${id}, 'artifact', 'art', ${id}, '', 2500, 3, ${no}, ${NOW}, ${id}, ${story})`.execute(db);
  }
  expect(await migrateToLatest(database)).toContain("0014_product_images_and_stories");
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("0014", () => {
  it("makes each product's story its lead story, and gives none to a product without one", async () => {
    const rows = await database.db.selectFrom("product_story").select(["product_id", "story_id", "position"]).execute();
    expect(rows).toEqual([{ product_id: "p-zine", story_id: "s-1", position: 0 }]);
    expect(await database.db.selectFrom("product_image").selectAll().execute()).toEqual([]);
  });

  it("lets a story's deletion take its links with it", async () => {
    await database.db.updateTable("product").set({ story_id: null }).where("id", "=", "p-zine").execute();
    await database.db.deleteFrom("story").where("id", "=", "s-1").execute();
    expect(await database.db.selectFrom("product_story").selectAll().execute()).toEqual([]);
  });
});
