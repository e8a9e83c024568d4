/**
 * Indexed search (docs/decisions/0011) on the database under test: the same answers on SQLite
 * (FTS5 trigram) and PostgreSQL (pg_trgm) for case, accents, non-ASCII letters, punctuation, LIKE
 * wildcards and terms too short for a trigram; order and keyset paging unchanged by a search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatorPage } from "../../../common/api/creators.js";
import type { Page } from "../../../common/api/paging.js";
import type { Product } from "../../../common/api/catalog.js";
import type { SearchResults } from "../../../common/api/search.js";
import { SPARSE_MATCHES } from "../../search/search-condition.js";
import { insertCreator, insertProduct } from "../../db/seed/factories.js";
import { productSearchText } from "../../search/search-text.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;

interface Row {
  id: string;
  title: string;
  description: string;
}

const NAMED: Row[] = [
  { id: "p-camera", title: "Vintage camera strap", description: "Leather." },
  { id: "p-cafe-accent", title: "Café sign", description: "Enamel." },
  { id: "p-cafe-plain", title: "Cafe menu board", description: "Chalk." },
  { id: "p-strasse", title: "Straßenschild", description: "A street sign." },
  { id: "p-istanbul", title: "İSTANBUL tile", description: "Glazed." },
  { id: "p-percent", title: "100% cotton tee", description: "Soft." },
  { id: "p-thousand", title: "1000 cotton tee", description: "Softer." },
  { id: "p-underscore", title: "a_b print", description: "Riso." },
  { id: "p-axb", title: "axb print", description: "Riso." },
  { id: "p-punct", title: "Rock'n'roll (live) tape", description: "Side A." },
  { id: "p-zq", title: "Zq poster", description: "Two letters." },
];
/** More rows sharing one word than SQLite's index hands over by id: the common-term plan. */
const BULK = Array.from({ length: SPARSE_MATCHES + 20 }, (_, i) => ({
  id: `p-bulk-${String(i).padStart(4, "0")}`,
  title: `Bulk item ${i}`,
  description: i % 2 === 0 ? "Plentiful." : "Plentiful, and rarer.",
}));
const ALL = [...NAMED, ...BULK];
/** Every row its own instant, a few sharing one so the id breaks the tie. */
const createdAt = (i: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString();
/** The list's order: created_at desc, id desc. */
const ORDER = ALL.map((row, i) => ({ ...row, created_at: createdAt(i) })).sort((a, b) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
);

beforeAll(async () => {
  t = await createTestApp();
  await insertProduct(
    t.database,
    ALL.map((row, i) => ({ ...row, kind: "artifact", category: "art", price_cents: 1000, stock: 1, created_at: createdAt(i) })),
  );
  await insertCreator(t.database, {
    id: "zoe_celik",
    first_name: "Zoë",
    last_name: "Çelik",
    bio: "Weaves rugs.",
    city: "İzmir",
    email: "zoe@example.com",
    state: "IL",
    joined: new Date(),
    disciplines: [],
  });
});
afterAll(async () => {
  await t.close();
});

async function getJson<T>(path: string): Promise<T> {
  const res = await t.request(path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

/** Every product a search finds, following next_cursor page by page. */
async function found(q: string, limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const path = `/api/products?q=${encodeURIComponent(q)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
    const page: Page<Product> = await getJson<Page<Product>>(path);
    ids.push(...page.items.map((p) => p.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

describe("product search", () => {
  it("ignores case", async () => {
    expect(await found("CAMERA")).toEqual(["p-camera"]);
  });

  it("ignores accents both ways", async () => {
    const both = ["p-cafe-plain", "p-cafe-accent"];
    expect(await found("cafe")).toEqual(both);
    expect(await found("CAFÉ")).toEqual(both);
  });

  it("folds ß to ss and Turkish İ and ı to i", async () => {
    for (const q of ["straße", "STRASSE", "strasse"]) expect(await found(q), q).toEqual(["p-strasse"]);
    for (const q of ["istanbul", "İstanbul", "ıstanbul", "ISTANBUL"]) expect(await found(q), q).toEqual(["p-istanbul"]);
  });

  it("matches punctuation and LIKE wildcards as plain text", async () => {
    expect(await found("100%")).toEqual(["p-percent"]);
    expect(await found("a_b")).toEqual(["p-underscore"]);
    expect(await found("n'roll (live)")).toEqual(["p-punct"]);
    expect(await found("\"quoted\"")).toEqual([]);
  });

  it("finds terms of one or two characters without a trigram", async () => {
    expect(await found("zq")).toEqual(["p-zq"]);
    expect(await found("%")).toEqual(["p-percent"]);
    // One character that folds to two.
    expect(await found("ß")).toEqual(["p-strasse"]);
    expect(await found("_")).toEqual(["p-underscore"]);
  });

  it("answers nothing for no match", async () => {
    expect(await found("zzqqx")).toEqual([]);
  });

  it("keeps the list's order and keyset paging, for rare and common terms alike", async () => {
    const expected = (test: (row: Row) => boolean) => ORDER.filter(test).map((row) => row.id);
    // Common: more matches than SPARSE_MATCHES.
    const plentiful = expected((row) => row.description.includes("Plentiful"));
    expect(plentiful.length).toBeGreaterThan(SPARSE_MATCHES);
    expect(await found("plentiful", 7)).toEqual(plentiful);
    // Rare: a few matches, paged two by two and one by one.
    expect(await found("bulk item 1", 2)).toEqual(expected((row) => row.title.startsWith("Bulk item 1")));
    expect(await found("cotton tee", 1)).toEqual(expected((row) => row.title.includes("cotton tee")));
  });

  it("follows updates and deletes of a row's text", async () => {
    const { db } = t.database;
    // These writes go around the API, so the cached answers they change are dropped by hand.
    const changed = () => t.responseCache.invalidate(["catalog"]);
    const renamed = { title: "Vintage lens cap", description: "Leather." };
    await db.updateTable("product").set({ ...renamed, search_text: productSearchText(renamed) }).where("id", "=", "p-camera").execute();
    await changed();
    expect(await found("camera")).toEqual([]);
    expect(await found("lens cap")).toEqual(["p-camera"]);
    // Other updates leave the index alone.
    await db.updateTable("product").set({ stock: 0 }).where("id", "=", "p-camera").execute();
    await changed();
    expect(await found("lens cap")).toEqual(["p-camera"]);
    await db.deleteFrom("product").where("id", "=", "p-camera").execute();
    await changed();
    expect(await found("lens cap")).toEqual([]);
  });
});

describe("creators and the site search", () => {
  it("find a creator by an unaccented, differently cased name and city", async () => {
    for (const q of ["zoe celik", "ZOË ÇELIK", "izmir"]) {
      const page = await getJson<CreatorPage>(`/api/creators?q=${encodeURIComponent(q)}`);
      expect(page.items.map((c) => c.id), q).toEqual(["zoe_celik"]);
      const hits = await getJson<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(hits.creators.map((c) => c.id), q).toEqual(["zoe_celik"]);
    }
  });

  it("site search lists name matches first, then by name", async () => {
    const hits = await getJson<SearchResults>("/api/search?q=chalk");
    // Only in the description: still found.
    expect(hits.products.map((p) => p.title)).toEqual(["Cafe menu board"]);
    const cafe = await getJson<SearchResults>("/api/search?q=cafe");
    expect(cafe.products.map((p) => p.title)).toEqual(["Cafe menu board", "Café sign"]);
    const rarer = await getJson<SearchResults>("/api/search?q=rarer");
    expect(rarer.products.map((p) => p.title)).toEqual(
      BULK.filter((r) => r.description.includes("rarer")).map((r) => r.title).sort().slice(0, 5),
    );
  });
});
