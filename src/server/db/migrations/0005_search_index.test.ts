/**
 * Migration 0005 upgrades a database that already holds products, stories and creators: it fills
 * their search_text and indexes it, so the search finds the old rows (SQLite or, with
 * TEST_DB=postgres, PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchSite } from "../../features/search/search.queries.js";
import { listProducts } from "../../features/catalog/catalog.queries.js";
import { listCreators } from "../../features/creators/creators.queries.js";
import { emptyTestDatabase } from "../../test/harness.js";
import type { Db } from "../client.js";
import { migrateTo, migrateToLatest } from "../migrate.js";

let database: Db;
let cleanup: () => Promise<void>;

/** Rows as release 0004 wrote them: no search_text column yet. */
const OLD_PRODUCTS = Array.from({ length: 1_200 }, (_, i) => ({
  id: `old-${String(i).padStart(4, "0")}`,
  title: i === 7 ? "Crème brûlée zine" : `Old item ${i}`,
  description: i === 1_111 ? "Printed in STRAßBURG." : "Kept from before.",
  created_at: new Date(Date.UTC(2023, 0, 1) + i * 60_000).toISOString(),
}));

beforeAll(async () => {
  ({ database, drop: cleanup } = await emptyTestDatabase());
  await migrateTo(database, "0004_orders");
  const { db } = database;
  const bool = database.dialect === "postgres" ? sql`false` : sql`0`;
  const approved = database.dialect === "postgres" ? sql`true` : sql`1`;
  await sql`insert into story (id, title, description, city, created_at) values
    ('old-story', 'Ünder the İnk bridge', 'A story.', 'Chicago', ${new Date().toISOString()})`.execute(db);
  for (let i = 0; i < OLD_PRODUCTS.length; i += 200) {
    const values = OLD_PRODUCTS.slice(i, i + 200).map(
      (p) => sql`(${p.id}, 'artifact', 'art', ${p.title}, ${p.description}, 100, 1, ${bool}, ${p.created_at})`,
    );
    await sql`insert into product (id, kind, category, title, description, price_cents, stock, limited_edition, created_at)
      values ${sql.join(values)}`.execute(db);
  }
  await sql`insert into creator (id, first_name, last_name, email, bio, city, state, instagram, website, image_url, approved, joined)
    values ('old_creator', 'Søren', 'Ålund', 'soren@example.com', 'Carves wood.', 'Detroit', 'MI', '', '', '', ${approved}, ${new Date().toISOString()})`.execute(db);
  expect(await migrateTo(database, "0005_search_index")).toEqual(["0005_search_index"]);
  // The queries below are today's, which read the columns of later migrations too.
  await migrateToLatest(database);
});
afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

describe("migration 0005 on a database with data", () => {
  it("fills search_text for every existing row", async () => {
    const empty = await database.db.selectFrom("product").select("id").where("search_text", "=", "").execute();
    expect(empty).toEqual([]);
    const row = await database.db.selectFrom("product").select("search_text").where("id", "=", "old-0007").executeTakeFirstOrThrow();
    expect(row.search_text).toBe("creme brulee zine\nkept from before.");
  });

  it("indexes the old rows: the searches find them", async () => {
    const find = async (q: string) =>
      (await listProducts(database, { q }, { limit: 10 })).items.map((p) => p.id);
    expect(await find("creme BRULEE")).toEqual(["old-0007"]);
    expect(await find("strassburg")).toEqual(["old-1111"]);
    // Common (more matches than the index hands over by id): newest first.
    expect(await find("kept from")).toEqual(
      OLD_PRODUCTS.filter((p) => p.description === "Kept from before.").map((p) => p.id).reverse().slice(0, 10),
    );
    expect((await listCreators(database, { q: "SØREN alund" }, { limit: 5 })).items.map((c) => c.id)).toEqual(["old_creator"]);
    const hits = await searchSite(database, "under the ink");
    expect(hits.stories.map((s) => s.id)).toEqual(["old-story"]);
  });

  it("keeps the index in step with rows written after it", async () => {
    await database.db.deleteFrom("product").where("id", "=", "old-0007").execute();
    expect((await listProducts(database, { q: "creme brulee" }, { limit: 10 })).items).toEqual([]);
  });
});
