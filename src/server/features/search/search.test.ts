import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResults } from "../../../common/api/search.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_ON_START: "true" });
});
afterAll(async () => {
  await t.close();
});

async function search(q: string): Promise<SearchResults> {
  const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResults;
}

describe("GET /api/search", () => {
  it("finds stories and store items by name or text, names first, at most 5 a kind", async () => {
    const hits = await search("bakery");
    expect(hits.stories.map((s) => s.title)).toContain("The Neon Bakery After Midnight");
    expect(hits.products[0]?.title).toMatch(/Neon Bakery/);
    expect(hits.products[0]?.subtitle).toMatch(/^\$\d+\.\d\d$/);
    for (const group of Object.values(await search("an"))) expect(group.length).toBeLessThanOrEqual(5);
  });

  it("finds creators by full name, case-insensitively, with their place", async () => {
    const creator = await t.database.db.selectFrom("creator").select(["id", "first_name", "last_name", "city"]).executeTakeFirstOrThrow();
    const hits = await search(`${creator.first_name} ${creator.last_name}`.toUpperCase());
    expect(hits.creators[0]).toMatchObject({ id: creator.id, title: `${creator.first_name} ${creator.last_name}` });
    expect(hits.creators[0]?.subtitle).toContain(creator.city);
  });

  it("folds non-ASCII letters alike on both databases", async () => {
    expect((await search("SEÑORA")).products.map((p) => p.title)).toContain("Café Señora Enamel Mug");
    expect((await search("café")).products.map((p) => p.title)).toContain("Café Señora Enamel Mug");
  });

  it("treats LIKE wildcards as text and answers nothing for no match", async () => {
    expect(await search("%%")).toEqual({ stories: [], creators: [], products: [] });
    expect(await search("zzqx nothing")).toEqual({ stories: [], creators: [], products: [] });
  });

  it("refuses too short, too long and control characters with 400", async () => {
    for (const q of ["", "a", " a ", "x".repeat(101), "ab\u0001"]) {
      const res = await t.request(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    expect((await t.request("/api/search")).status).toBe(400);
  });
});
