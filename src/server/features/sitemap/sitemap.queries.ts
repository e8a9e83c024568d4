/**
 * The items /sitemap.xml lists: each public page of one item, with the time it last changed.
 * Which items are public is not decided here: the same conditions as the public API's own reads
 * (GET /api/stories/{id}, /api/creators/{id}/page, /api/products/{id}) are used, so an item
 * leaves the sitemap exactly when its page becomes a 404.
 *
 * - Stories: public (db/visibility.ts publicStory) and with a page of their own (a body:
 *   catalog.queries.ts storyHasPage; the sample stories' cards say 'Coming Soon' and link nowhere).
 * - Creators: the creator pages' own query (creators.queries.ts approvedCreators).
 * - Products: public (db/visibility.ts publicProduct), as GET /api/products/{id} reads them.
 *
 * Newest first, so should a list ever pass the cap, what is dropped is the oldest.
 */
import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import { publicProduct, publicStory } from "../../db/visibility.js";
import { storyHasPage } from "../catalog/catalog.queries.js";
import { approvedCreators } from "../creators/creators.queries.js";

/** One item's page: its id and its last change (ISO 8601), or null when the row has no time. */
export interface SitemapItem {
  id: string;
  lastmod: string | null;
}

export interface SitemapItems {
  stories: SitemapItem[];
  creators: SitemapItem[];
  products: SitemapItem[];
}

type Stamp = Date | string | null | undefined;

/** The latest of a row's timestamps, as ISO 8601; null when it has none. */
function latest(...stamps: Stamp[]): string | null {
  let found: string | null = null;
  for (const stamp of stamps) {
    const iso = toIso(stamp);
    if (iso !== null && (found === null || iso > found)) found = iso;
  }
  return found;
}

/**
 * At most `max` items in all: stories first, then creators, then products, each list taking what
 * the ones before it left (the caller keeps the total under the sitemap's 50,000 URLs).
 */
export async function listSitemapItems(database: Db, max: number): Promise<SitemapItems> {
  const { db } = database;
  let left = Math.max(0, Math.floor(max));

  const storyRows =
    left === 0
      ? []
      : await db
          .selectFrom("story")
          .where(publicStory("story"))
          .where(storyHasPage("story"))
          .select(["story.id", "story.created_at", "story.updated_at", "story.published_at"])
          .orderBy("story.created_at", "desc")
          .orderBy("story.id", "desc")
          .limit(left)
          .execute();
  const stories = storyRows.map((row) => ({ id: row.id, lastmod: latest(row.updated_at, row.published_at, row.created_at) }));
  left -= stories.length;

  const creatorRows =
    left === 0
      ? []
      : await approvedCreators(database)
          .select(["creator.id", "creator.joined"])
          .orderBy("creator.joined", "desc")
          .orderBy("creator.id", "desc")
          .limit(left)
          .execute();
  const creators = creatorRows.map((row) => ({ id: row.id, lastmod: latest(row.joined) }));
  left -= creators.length;

  const productRows =
    left === 0
      ? []
      : await db
          .selectFrom("product")
          .where(publicProduct("product"))
          .select(["product.id", "product.created_at"])
          .orderBy("product.created_at", "desc")
          .orderBy("product.id", "desc")
          .limit(left)
          .execute();
  const products = productRows.map((row) => ({ id: row.id, lastmod: latest(row.created_at) }));

  return { stories, creators, products };
}
