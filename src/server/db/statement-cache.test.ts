import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "./statement-cache.js";

describe("the SQLite statement cache", () => {
  let handle: SQLite.Database;
  afterEach(() => {
    if (handle.open) handle.close();
  });

  it("prepares a query's SQL once and reuses it, with the right rows each time", async () => {
    handle = new SQLite(":memory:");
    const prepare = vi.spyOn(handle, "prepare");
    const cache = withStatementCache(handle);
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: cache }) });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ["a", "b", "c"]) await db.insertInto("t").values({ name }).execute();
    prepare.mockClear();

    const byId = (id: number) => db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirst();
    expect([await byId(1), await byId(3), await byId(2)]).toEqual([{ name: "a" }, { name: "c" }, { name: "b" }]);
    expect(prepare).toHaveBeenCalledTimes(1);

    // A schema change under a kept statement: SQLite re-prepares it, the answer follows the new schema.
    await sql`alter table t add column note text default 'x'`.execute(db);
    const all = () => db.selectFrom("t").selectAll().orderBy("id").limit(1).execute();
    expect(await all()).toEqual([{ id: 1, name: "a", note: "x" }]);
    await db.destroy();
  });

  it("keeps at most its limit, dropping the least recently used", () => {
    handle = new SQLite(":memory:");
    const cache = withStatementCache(handle, 2);
    const one = cache.prepare("select 1");
    cache.prepare("select 2");
    expect(cache.prepare("select 1")).toBe(one); // now the most recently used
    cache.prepare("select 3"); // drops "select 2"
    expect(cache.cached).toBe(2);
    expect(cache.prepare("select 1")).toBe(one);
    const prepare = vi.spyOn(handle, "prepare");
    cache.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});
