import { sql } from "kysely";
import type { SearchResults } from "../../../common/api/search.js";
import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";
import { publicCreator, publicProduct, publicStory } from "../../db/visibility.js";
import { searchNameContains, searchTextContains, type SearchedTable } from "../../search/search-condition.js";
import { HITS_PER_KIND } from "../../../common/api/search.js";

/** 0 when the name (title, full name) matches, 1 when only the rest of the text does: names first. */
function nameFirst(database: Db, table: SearchedTable, q: string) {
  return sql<number>`case when ${searchNameContains(database.dialect, table, q)} then 0 else 1 end`;
}

/**
 * Up to HITS_PER_KIND public stories, creators and products (db/visibility.ts) whose search text
 * contains `q` (docs/decisions/0011), names first, then by name. The trigram index finds the
 * matches; only they are sorted.
 */
export async function searchSite(database: Db, q: string): Promise<SearchResults> {
  const { db, dialect } = database;
  const [stories, creators, products] = await Promise.all([
    db
      .selectFrom("story")
      .select(["id", "title", "city"])
      .where(publicStory("story"))
      .where(searchTextContains(dialect, "story", q))
      .orderBy(nameFirst(database, "story", q))
      .orderBy("title")
      .limit(HITS_PER_KIND)
      .execute(),
    db
      .selectFrom("creator")
      .select(["id", "first_name", "last_name", "city", "state"])
      .where(publicCreator(dialect, "creator"))
      .where(searchTextContains(dialect, "creator", q))
      .orderBy(nameFirst(database, "creator", q))
      .orderBy("first_name")
      .orderBy("last_name")
      .limit(HITS_PER_KIND)
      .execute(),
    db
      .selectFrom("product")
      .select(["id", "title", "price_cents"])
      .where(publicProduct("product"))
      .where(searchTextContains(dialect, "product", q))
      .orderBy(nameFirst(database, "product", q))
      .orderBy("title")
      .limit(HITS_PER_KIND)
      .execute(),
  ]);
  return {
    stories: stories.map((s) => ({ id: s.id, title: s.title, subtitle: s.city })),
    creators: creators.map((c) => ({
      id: c.id,
      title: `${c.first_name} ${c.last_name}`.trim(),
      subtitle: [c.city, c.state].filter(Boolean).join(", "),
    })),
    products: products.map((p) => ({ id: p.id, title: p.title, subtitle: formatCents(p.price_cents) })),
  };
}
