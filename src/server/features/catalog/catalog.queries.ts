/**
 * Stories and store products: keyset-paged lists, single rows and the store's filter facets.
 * Every list reads one page plus one row (to know whether a next page exists) through an index
 * that matches its ORDER BY; see the product and story indexes in migrations/0001_initial.ts.
 * Only what the public may see is ever read here (db/visibility.ts: not hidden, not by a suspended
 * creator; stories published), and the paged lists show featured items first, in their curated
 * order (db/paging.ts featuredFirstPage; docs/decisions/0019).
 */
import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";
import { timestampFromSortKey, timestampSortKey, toBool, toIso, unindexed } from "../../db/dialect.js";
import { searchTextCondition } from "../../search/search-condition.js";
import { linkedStoriesQuery } from "../../db/linked-stories.js";
import type { Database } from "../../db/types.js";
import type { Cursor, DatedCursor } from "../../../common/paging.js";
import { beforeCursor, featuredFirstPage, featuredIds, type PageRequest } from "../../db/paging.js";
import { notFeatured, publicProduct, publicStory } from "../../db/visibility.js";
import type { Page } from "../../../common/api/paging.js";
import {
  PRODUCT_CATEGORIES,
  PRODUCT_KINDS,
  type Product,
  type ProductCategory,
  type ProductFacets,
  type ProductKind,
  type CreatorRef,
  type Story,
  type StoryDetail,
} from "../../../common/api/catalog.js";
import { COVER_COLUMNS, coverOf, imageOf } from "../../media/image-view.js";
import type { Image } from "../../../common/api/media.js";
import { productPartsOf, type ProductParts } from "./product-parts.queries.js";
import { safeLink } from "../../../common/links.js";

export { inIdOrder };

export interface ProductFilter {
  kind?: ProductKind;
  story?: string;
  category?: ProductCategory;
  /** Trimmed search text; empty or absent means no search. */
  q?: string;
}

// ---------------------------------------------------------------------------------------------
// Stories: newest first by date, undated stories after all dated ones, ties broken by id
// (descending). SQLite sorts NULLs last in DESC order already; PostgreSQL is told explicitly.

/**
 * The story has a page of its own to read at /stories/{id} (`has_page`): its body is not empty.
 * The others (the sample stories) show 'Coming Soon' on their card and link nowhere.
 */
export function storyHasPage(alias = "story"): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.body`)} <> ''`;
}

/**
 * Public stories only (db/visibility.ts): a draft is seen in its author's studio and nowhere else,
 * a hidden story or a suspended creator's nowhere at all.
 */
function storyColumns(database: Db) {
  return database.db
    .selectFrom("story")
    .leftJoin("media as cover", "cover.id", "story.cover_media_id")
    .leftJoin("creator as author", "author.id", "story.creator_id")
    .where(publicStory("story"))
    .select(["story.id", "story.title", "story.description", "story.city", "story.date", "story.image_url", "story.featured_rank", "story.comment_count"])
    .select(storyHasPage("story").as("has_page"))
    .select(["author.id as author_id", "author.first_name as author_first_name", "author.last_name as author_last_name"])
    .select("author.hidden_at as author_hidden_at")
    .select(COVER_COLUMNS)
    .select((eb) => timestampSortKey(database.dialect, eb.ref("story.date")).as("sort_key"));
}

/** A row as storyColumns() selects it, typed by Kysely from the table types: the select and the mapper cannot disagree. */
type StoryRow = Awaited<ReturnType<ReturnType<typeof storyColumns>["executeTakeFirstOrThrow"]>>;

function toStory(row: StoryRow): Story {
  const cover = coverOf(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    date: toIso(row.date),
    image_url: cover ? cover.src : safeLink(row.image_url),
    cover,
    has_page: toBool(row.has_page),
    creator: creatorRef(row.author_id, row.author_first_name, row.author_last_name, row.author_hidden_at),
    comment_count: Number(row.comment_count),
  };
}

/**
 * The author or seller, from left-joined creator columns; null when there is none, or when their
 * profile is hidden (its page is gone, so nothing links to it).
 */
function creatorRef(id: string | null, first: string | null, last: string | null, hiddenAt: unknown): CreatorRef | null {
  return id === null || hiddenAt != null ? null : { id, artist_name: `${first ?? ""} ${last ?? ""}`.trim() };
}

/** Rows strictly after the cursor in story order. */
function afterStoryCursor(database: Db, cursor: Cursor) {
  return (eb: ExpressionBuilder<Database, "story">) => {
    if (cursor.key === null) return eb.and([eb("story.date", "is", null), eb("story.id", "<", cursor.id)]);
    const key = timestampFromSortKey(database.dialect, cursor.key);
    return eb.or([
      sql<boolean>`(${eb.ref("story.date")}, ${eb.ref("story.id")}) < (${key}, ${cursor.id})`,
      eb("story.date", "is", null),
    ]);
  };
}

/** /stories: featured stories first in their curated order, then every other story in story order. */
export async function listStories(database: Db, page: PageRequest): Promise<Page<Story>> {
  const { rows, nextCursor } = await featuredFirstPage(
    page,
    async (after, limit) => {
      const ids = await featuredIds(database.db, "story", after);
      if (ids.length === 0) return [];
      return storyColumns(database).where("story.id", "in", ids).orderBy("story.featured_rank").orderBy("story.id").limit(limit).execute();
    },
    (cursor, limit) => {
      let query = storyColumns(database)
        .where(notFeatured(database.dialect, "story"))
        .orderBy("story.date", (ob) => ob.desc().nullsLast())
        .orderBy("story.id", "desc")
        .limit(limit);
      if (cursor) query = query.where(afterStoryCursor(database, cursor));
      return query.execute();
    },
  );
  return { items: rows.map(toStory), next_cursor: nextCursor };
}

/** The creator's published stories, in story order (their page). */
export async function listStoriesByCreator(database: Db, creatorId: string, limit: number): Promise<Story[]> {
  const rows = await storyColumns(database)
    .where("story.creator_id", "=", creatorId)
    .orderBy("story.date", (ob) => ob.desc().nullsLast())
    .orderBy("story.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toStory);
}

/** Records in the order of `ids`; unknown ids are left out. */
function inIdOrder<T extends { id: string }>(ids: readonly string[], records: readonly T[]): T[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findStoriesByIds(database: Db, ids: readonly string[]): Promise<Story[]> {
  if (ids.length === 0) return [];
  const rows = await storyColumns(database).where("story.id", "in", ids).execute();
  return inIdOrder(ids, rows.map(toStory));
}

/** One public story as its card shows it, with a page of its own or not (a report names either). */
export async function findStoryCard(database: Db, id: string): Promise<Story | undefined> {
  const row = await storyColumns(database).where("story.id", "=", id).executeTakeFirst();
  return row && toStory(row);
}

/**
 * One public story with a page of its own (a body). A story without one (the spec's sample cards,
 * 'Coming Soon') has no page: GET /api/stories/{id}, /stories/{id} and its share image are 404,
 * as it is left out of the sitemap, so nothing can reach a page that says nothing.
 */
export async function findStory(database: Db, id: string): Promise<StoryDetail | undefined> {
  const row = await storyColumns(database)
    .select(["story.body", "story.published_at", "story.comments_open"])
    .where("story.id", "=", id)
    .where(storyHasPage("story"))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toStory(row),
    body: row.body,
    published_at: toIso(row.published_at),
    images: await bodyImages(database, row.body),
    comments_open: toBool(row.comments_open),
  };
}

/** Most uploads one body's images are looked up for; a body naming more shows the rest framed. */
const BODY_IMAGES_MAX = 50;

/**
 * The uploads a story's body shows, by the content hash in their addresses (`/media/u/{hash}/…`):
 * any stored upload with that hash, since its variants are public and shared by identical
 * uploads. One row per hash; unknown hashes are left out (the body shows those images framed).
 */
export async function bodyImages(database: Db, body: string): Promise<Image[]> {
  const hashes = [...new Set([...body.matchAll(/\/media\/u\/([0-9a-f]{32})\//g)].map((m) => m[1]!))].slice(0, BODY_IMAGES_MAX);
  if (hashes.length === 0) return [];
  const rows = await database.db
    .selectFrom("media")
    .select(["id", "hash", "width", "height", "placeholder", "widths"])
    .where("hash", "in", hashes)
    .orderBy("id")
    .execute();
  const byHash = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byHash.has(row.hash)) byHash.set(row.hash, row);
  return hashes.flatMap((hash) => {
    const row = byHash.get(hash);
    return row ? [imageOf(row)] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Products: newest first by created_at, ties broken by id (both descending).

/**
 * Public products only (db/visibility.ts). Its stories are named only while they are public
 * (product-parts.queries.ts), so no product links to a story page that is gone.
 */
function productColumns(database: Db) {
  return database.db
    .selectFrom("product")
    .leftJoin("creator as seller", "seller.id", "product.creator_id")
    .where(publicProduct("product"))
    .select(["seller.id as seller_id", "seller.first_name as seller_first_name", "seller.last_name as seller_last_name"])
    .select(["seller.hidden_at as seller_hidden_at", "product.featured_rank"])
    .select([
      "product.id",
      "product.kind",
      "product.category",
      "product.title",
      "product.description",
      "product.price_cents",
      "product.stock",
      "product.limited_edition",
      "product.image_url",
      "product.drops_at",
      "product.limit_per_buyer",
      "product.edition_size",
    ])
    .select((eb) => timestampSortKey(database.dialect, eb.ref("product.created_at")).as("sort_key"));
}

/** A row as productColumns() selects it, typed by Kysely from the table types. */
type ProductRow = Awaited<ReturnType<ReturnType<typeof productColumns>["executeTakeFirstOrThrow"]>>;

/** Rows to answers, with their variants, public stories and pictures. */
async function toProducts(database: Db, rows: readonly ProductRow[]): Promise<Product[]> {
  const partsOf = await productPartsOf(database, rows, { publicOnly: true });
  return rows.map((row) => toProduct(row, partsOf(row.id)));
}

function toProduct(row: ProductRow, { variants, stories, images }: ProductParts): Product {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    name: row.title,
    description: row.description,
    category: row.category,
    price_cents: row.price_cents,
    price: formatCents(row.price_cents),
    stock: row.stock,
    stock_count: row.stock,
    limited_edition: toBool(row.limited_edition),
    image_url: safeLink(row.image_url),
    images,
    story: stories[0] ?? null,
    stories,
    creator: creatorRef(row.seller_id, row.seller_first_name, row.seller_last_name, row.seller_hidden_at),
    drops_at: toIso(row.drops_at),
    limit_per_buyer: row.limit_per_buyer,
    edition_size: row.edition_size,
    variants,
  };
}

/**
 * The store's lists (the tee carousel, the grid): featured products first in their curated order,
 * then every other product newest first; the filters narrow both.
 */
export async function listProducts(
  database: Db,
  filter: ProductFilter,
  page: PageRequest<DatedCursor>,
): Promise<Page<Product>> {
  const { dialect } = database;
  // The trigram index finds the matches (or says they are common); the order and keyset paging
  // are the same as without a search.
  const search = filter.q ? await searchTextCondition(database, "product", filter.q) : undefined;
  /** The filters; for the featured rows, read by id, without their columns' indexes. */
  const filtered = (byId = false) => {
    const column = (name: string) => (byId ? unindexed(dialect, name) : sql.ref(name));
    let query = productColumns(database);
    if (filter.kind) query = query.where(sql<boolean>`${column("product.kind")} = ${filter.kind}`);
    if (filter.story) {
      const story = filter.story;
      query = query.where(sql<boolean>`${column("product.id")} in (select product_id from product_story where story_id = ${story})`);
    }
    if (filter.category) query = query.where(sql<boolean>`${column("product.category")} = ${filter.category}`);
    if (search) query = query.where(search);
    return query;
  };
  const { rows, nextCursor } = await featuredFirstPage(
    page,
    async (after, limit) => {
      const ids = await featuredIds(database.db, "product", after);
      if (ids.length === 0) return [];
      return filtered(true).where("product.id", "in", ids).orderBy("product.featured_rank").orderBy("product.id").limit(limit).execute();
    },
    (cursor, limit) => {
      let query = filtered().where(notFeatured(database.dialect, "product")).orderBy("product.created_at", "desc").orderBy("product.id", "desc").limit(limit);
      // Only dated cursors reach a product list (the route's schema refuses others).
      const key = cursor?.key;
      if (cursor && key != null) query = query.where((eb) => beforeCursor(dialect, eb.ref("product.created_at"), eb.ref("product.id"), { key, id: cursor.id }));
      return query.execute();
    },
  );
  return { items: await toProducts(database, rows), next_cursor: nextCursor };
}

/** What the creator sells, newest first (their page). */
export async function listProductsByCreator(database: Db, creatorId: string, limit: number): Promise<Product[]> {
  const rows = await productColumns(database)
    .where("product.creator_id", "=", creatorId)
    .orderBy("product.created_at", "desc")
    .orderBy("product.id", "desc")
    .limit(limit)
    .execute();
  return toProducts(database, rows);
}

export async function findProductsByIds(database: Db, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await productColumns(database).where("product.id", "in", ids).execute();
  return inIdOrder(ids, await toProducts(database, rows));
}

export async function findProduct(database: Db, id: string): Promise<Product | undefined> {
  const row = await productColumns(database).where("product.id", "=", id).executeTakeFirst();
  return row && (await toProducts(database, [row]))[0];
}

/**
 * What the store's filter buttons offer for a kind (or for all products): the categories present,
 * in the fixed order, and the stories with at least one product, in story order. Each answer is a
 * probe of an index, so the cost depends on the number of categories and stories, not of products.
 * Only public products count (db/visibility.ts).
 */
export async function productFacets(database: Db, kind: ProductKind | undefined): Promise<ProductFacets> {
  const kinds: ProductKind[] = kind ? [kind] : [...PRODUCT_KINDS];
  // One first-page-of-one probe per category, shaped like the list query (same ORDER BY) so that
  // both databases walk product_category_idx. A plain EXISTS lets PostgreSQL, which assumes kind and
  // category independent, expect an early hit and scan the whole table for an absent pair.
  // Without a kind, each kind is probed on its own: `kind in (...)` would lose the index order.
  // Two rounds: which pairs have any product at all (read from the index alone), then which of
  // those have a public one. Asked at once, "public" needs each row, and PostgreSQL again prefers
  // walking every product newest first, for an absent pair, over the pair's own index.
  const pairs = kinds.flatMap((k) => PRODUCT_CATEGORIES.map((category) => ({ kind: k, category })));
  const probe = async (candidates: typeof pairs, onlyPublic: boolean) => {
    if (candidates.length === 0) return [];
    const row = await database.db
      .selectNoFrom((eb) =>
        candidates.map((pair) => {
          let query = eb
            .selectFrom("product")
            .select("product.id")
            .where("product.kind", "=", pair.kind)
            .where("product.category", "=", pair.category);
          if (onlyPublic) query = query.where(publicProduct("product"));
          return query.orderBy("product.created_at", "desc").orderBy("product.id", "desc").limit(1).as(`${pair.kind}_${pair.category}`);
        }),
      )
      .executeTakeFirst();
    const firstOf = (row ?? {}) as Record<string, string | null>;
    return candidates.filter((pair) => firstOf[`${pair.kind}_${pair.category}`] != null);
  };
  const present = await probe(await probe(pairs, false), true);
  // From the stories products link to (skipping through product_story's story index), not from
  // every story: without statistics SQLite otherwise walks a million stories to find a few dozen.
  const stories = await linkedStoriesQuery(database, "product_story")
    .select(["story.id", "story.title"])
    .where(publicStory("story"))
    // A scalar subquery with LIMIT 1 rather than EXISTS: PostgreSQL turns an EXISTS into a join that
    // reads every product of every story (their rows, for "public"); this stops at the first.
    .where((eb) =>
      eb(
        eb
          .selectFrom("product_story")
          .innerJoin("product", "product.id", "product_story.product_id")
          .select(sql<number>`1`.as("one"))
          .whereRef("product_story.story_id", "=", "story.id")
          .where("product.kind", "in", kinds)
          .where(publicProduct("product"))
          .limit(1),
        "is not",
        null,
      ),
    )
    .orderBy("story.date", (ob) => ob.desc().nullsLast())
    .orderBy("story.id", "desc")
    .execute();
  return {
    categories: PRODUCT_CATEGORIES.filter((category) => present.some((pair) => pair.category === category)),
    stories: stories.map((s) => ({ id: s.id, title: s.title })),
  };
}
