/**
 * Queries kept compiled per shape (prepared.ts), on whichever database TEST_DB names: the same rows
 * as the query built afresh, for each value; built once per database; a marker written into the
 * SQL, or a key the query does not use, refused when first compiled.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertCreator, insertProduct } from "./seed/factories.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { prepared } from "./prepared.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("prepared queries", () => {
  it("answers as the query built afresh, for each value, compiled once for a database", async () => {
    const { creator } = await insertCreator(t.database);
    const cheap = await insertProduct(t.database, { creator_id: creator.id, price_cents: 500 });
    const dear = await insertProduct(t.database, { creator_id: creator.id, price_cents: 5000 });
    const build = vi.fn((db: TestApp["database"]["db"], p: Record<"creator" | "under", never>) =>
      db.selectFrom("product").select(["id", "price_cents"]).where("creator_id", "=", p.creator).where("price_cents", "<", p.under).where("status", "=", "published").orderBy("id"),
    );
    const query = prepared(["creator", "under"], build);
    const fresh = (under: number) =>
      t.database.db.selectFrom("product").select(["id", "price_cents"]).where("creator_id", "=", creator.id).where("price_cents", "<", under).where("status", "=", "published").orderBy("id").execute();

    for (const under of [100, 1000, 10_000]) expect(await query(t.database.db, { creator: creator.id, under })).toEqual(await fresh(under));
    expect((await query(t.database.db, { creator: creator.id, under: 10_000 })).map((r) => r.id).sort()).toEqual([cheap.id, dear.id].sort());
    // The constant ('published') stays bound in its place; built once for this database.
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("refuses a marker written into the SQL and a key the query does not use", async () => {
    const inlined = prepared(["id"], (db, p) => db.selectFrom("product").select("id").where("id", "=", sql.lit(p.id)));
    await expect(inlined(t.database.db, { id: "x" })).rejects.toThrow(/written into the SQL/);
    const unused = prepared(["id", "other"], (db, p) => db.selectFrom("product").select("id").where("id", "=", p.id));
    await expect(unused(t.database.db, { id: "x", other: "y" })).rejects.toThrow(/does not use "other"/);
  });
});
