/**
 * The creators directory and creator applications (docs/decisions/0006).
 *
 * The directory lists approved creators newest first (joined desc, id desc), keyset-paged like
 * the catalog, through creator_directory_idx (or creator_city_idx with a city): the discipline
 * and story filters are EXISTS probes of the link tables' primary keys, the search a
 * case-insensitive substring match, so every list walks the index in order and stops once the
 * page is full. The count of the first page reads the most selective index (countCreators).
 *
 * Only public creators are read (db/visibility.ts: approved, not hidden, not suspended), and only
 * public stories become their 'Featured In' tags. Featured creators lead the directory in their
 * curated order, under any filter (db/paging.ts featuredFirstPage; docs/decisions/0019).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { creatorIdBase, type CreatorApplication } from "../../../common/creator-schemas.js";
import { ART_DISCIPLINES, type ArtDiscipline } from "../../../common/creator-fields.js";
import type { Creator, CreatorFacets, CreatorPage, FeaturedStory } from "../../../common/api/creators.js";
import type { Image } from "../../../common/api/media.js";
import { imageOf } from "../../media/image-view.js";
import type { Db } from "../../db/client.js";
import { inIdOrder, storyHasPage } from "../catalog/catalog.queries.js";
import { boolValue, timestampSortKey, toBool, toIso, uniqueViolationColumn, unindexed } from "../../db/dialect.js";
import { searchTextCondition, searchTextContains } from "../../search/search-condition.js";
import type { Database } from "../../db/types.js";
import { creatorSearchText } from "../../search/search-text.js";
import type { DatedCursor } from "../../../common/paging.js";
import { beforeCursor, featuredFirstPage, featuredIds } from "../../db/paging.js";
import { notFeatured, publicCreator, publicStory } from "../../db/visibility.js";
import { safeLink } from "../../../common/links.js";
import { linkedStoriesQuery } from "../../db/linked-stories.js";

export interface CreatorFilter {
  /** Trimmed search text (name, bio, city); empty or absent means no search. */
  q?: string;
  discipline?: ArtDiscipline;
  /** Exact city name, as the facets list it. */
  city?: string;
  /** Only creators featured in this story. */
  story?: string;
}

export interface CreatorPageRequest {
  cursor?: DatedCursor;
  limit: number;
}

/** Creators the public may see: those with a page at /creators/{id} (also the sitemap's). */
export function approvedCreators(database: Db) {
  return database.db
    .selectFrom("creator")
    .where("creator.approved", "=", boolValue(database.dialect, true))
    .where(publicCreator(database.dialect, "creator"));
}

type CreatorEb = ExpressionBuilder<Database, "creator">;

/**
 * Every filter's condition on `creator`, combined with AND, except the one named in `skip`, which
 * the caller's join already applies. `byId`: the caller reads a few creators by id (the featured
 * ones), so no condition may offer SQLite the directory's indexes instead.
 */
function conditions(database: Db, eb: CreatorEb, filter: CreatorFilter, skip?: "discipline" | "story", byId = false) {
  const { city, discipline, story, q } = filter;
  // `approved` on its own, for the directory's indexes (publicCreator() tests it without them).
  const list: Expression<SqlBool>[] = [publicCreator(database.dialect, "creator")];
  if (!byId) list.unshift(eb("creator.approved", "=", boolValue(database.dialect, true)));
  if (city) list.push(byId ? sql<SqlBool>`${unindexed(database.dialect, "creator.city")} = ${city}` : eb("creator.city", "=", city));
  if (discipline && skip !== "discipline") {
    list.push(
      eb.exists(
        eb
          .selectFrom("creator_discipline")
          .select(sql<number>`1`.as("one"))
          .whereRef("creator_discipline.creator_id", "=", "creator.id")
          .where("creator_discipline.discipline", "=", discipline),
      ),
    );
  }
  if (story && skip !== "story") {
    list.push(
      eb.exists(
        eb
          .selectFrom("creator_story")
          .select(sql<number>`1`.as("one"))
          .whereRef("creator_story.creator_id", "=", "creator.id")
          .where("creator_story.story_id", "=", story),
      ),
    );
  }
  if (q) list.push(matchesSearch(database, q));
  return eb.and(list);
}

/** The approved creators that match every filter (AND), walked through the creator indexes (or read by id). */
function filtered(database: Db, filter: CreatorFilter, byId = false) {
  return database.db.selectFrom("creator").where((eb) => conditions(database, eb, filter, undefined, byId));
}

/**
 * Name ("first last", so a full name matches), bio or city contains the text, ignoring case and
 * accents: one match on the stored search_text, whose fields are separated by a character the
 * search text cannot hold (it refuses control characters), so a match never spans two of them.
 */
function matchesSearch(database: Db, q: string) {
  // The route refuses such text; a caller that did not would otherwise match across fields.
  if (/[\r\n]/.test(q)) return sql<SqlBool>`1 = 0`;
  return searchTextContains(database.dialect, "creator", q);
}

/** matchesSearch() for one page of the ordered list, which searchTextCondition() plans for. */
async function pageSearch(database: Db, q: string) {
  if (/[\r\n]/.test(q)) return sql<SqlBool>`1 = 0`;
  return searchTextCondition(database, "creator", q);
}

type CreatorRow = {
  id: string;
  first_name: string;
  last_name: string;
  bio: string;
  city: string;
  state: string;
  instagram: string;
  website: string;
  image_url: string;
  approved: boolean | number;
  joined: Date | string;
  avatar_media_id: string | null;
  featured_rank?: number | null;
};

const CREATOR_COLUMNS = [
  "creator.id",
  "creator.first_name",
  "creator.last_name",
  "creator.bio",
  "creator.city",
  "creator.state",
  "creator.instagram",
  "creator.website",
  "creator.image_url",
  "creator.approved",
  "creator.joined",
  "creator.avatar_media_id",
  "creator.featured_rank",
] as const;

/** The directory view of spec §3 (no email, no user id). */
function toCreator(row: CreatorRow, disciplines: ArtDiscipline[], stories: FeaturedStory[], avatar: Image | null = null): Creator {
  const orNull = (value: string) => (value === "" ? null : value);
  return {
    id: row.id,
    artist_name: `${row.first_name} ${row.last_name}`.trim(),
    first_name: row.first_name,
    last_name: row.last_name,
    bio: row.bio,
    city: row.city,
    state: row.state,
    disciplines,
    story_ids: stories.map((s) => s.id),
    stories,
    profile_image_url: safeLink(row.image_url),
    avatar,
    portfolio_url: safeLink(row.website),
    instagram: orNull(row.instagram),
    website: safeLink(row.website),
    joined: toIso(row.joined) ?? new Date(0).toISOString(),
    approved: toBool(row.approved),
  };
}

/** Disciplines and featured-in stories of a page of creators: two queries, whatever the page size. */
async function withLinks(database: Db, rows: CreatorRow[]): Promise<Creator[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const avatarIds = rows.flatMap((r) => (r.avatar_media_id ? [r.avatar_media_id] : []));
  const [disciplineRows, storyRows, avatarRows] = await Promise.all([
    database.db
      .selectFrom("creator_discipline")
      .select(["creator_discipline.creator_id", "creator_discipline.discipline"])
      .where("creator_discipline.creator_id", "in", ids)
      .execute(),
    database.db
      .selectFrom("creator_story")
      .innerJoin("story", "story.id", "creator_story.story_id")
      .select(["creator_story.creator_id", "story.id", "story.title"])
      .select(storyHasPage("story").as("has_page"))
      .where("creator_story.creator_id", "in", ids)
      .where(publicStory("story"))
      .orderBy("story.date", (ob) => ob.desc().nullsLast())
      .orderBy("story.id", "desc")
      .execute(),
    avatarIds.length === 0
      ? []
      : database.db
          .selectFrom("media")
          .select(["id", "hash", "width", "height", "placeholder", "widths"])
          .where("id", "in", avatarIds)
          .execute(),
  ]);
  const avatars = new Map(avatarRows.map((m) => [m.id, imageOf(m)]));
  const disciplines = new Map<string, Set<string>>();
  for (const d of disciplineRows) {
    const set = disciplines.get(d.creator_id) ?? new Set<string>();
    set.add(d.discipline);
    disciplines.set(d.creator_id, set);
  }
  const stories = new Map<string, FeaturedStory[]>();
  for (const s of storyRows) {
    const list = stories.get(s.creator_id) ?? [];
    list.push({ id: s.id, title: s.title, has_page: toBool(s.has_page) });
    stories.set(s.creator_id, list);
  }
  return rows.map((row) => {
    const own = disciplines.get(row.id);
    // In the list's order; a stored value outside the list (none today) is left out.
    const avatar = row.avatar_media_id ? (avatars.get(row.avatar_media_id) ?? null) : null;
    return toCreator(row, ART_DISCIPLINES.filter((d) => own?.has(d)), stories.get(row.id) ?? [], avatar);
  });
}

/**
 * Number of approved creators matching the filters, read through the most selective index: with a
 * city, creator_city_idx; else with a story or a discipline, that link table's index, joined to
 * each creator by primary key (CROSS JOIN keeps SQLite from walking every approved creator
 * instead; PostgreSQL plans it like any join); else creator_directory_idx.
 */
export async function countCreators(database: Db, filter: CreatorFilter): Promise<number> {
  const count = sql<number>`count(*)`.as("n");
  let row: { n: number | string } | undefined;
  if (!filter.city && filter.story) {
    row = await database.db
      .selectFrom("creator_story")
      .crossJoin("creator")
      .select(count)
      .where("creator_story.story_id", "=", filter.story)
      .whereRef("creator.id", "=", "creator_story.creator_id")
      .where((eb) => conditions(database, eb as unknown as CreatorEb, filter, "story"))
      .executeTakeFirst();
  } else if (!filter.city && filter.discipline) {
    row = await database.db
      .selectFrom("creator_discipline")
      .crossJoin("creator")
      .select(count)
      .where("creator_discipline.discipline", "=", filter.discipline)
      .whereRef("creator.id", "=", "creator_discipline.creator_id")
      .where((eb) => conditions(database, eb as unknown as CreatorEb, filter, "discipline"))
      .executeTakeFirst();
  } else {
    row = await filtered(database, filter).select(count).executeTakeFirst();
  }
  return Number(row?.n ?? 0);
}

/** One page of the directory; the first page (no cursor) also carries the total for the filters. */
export async function listCreators(
  database: Db,
  filter: CreatorFilter,
  page: CreatorPageRequest,
): Promise<CreatorPage> {
  const { dialect } = database;
  const { q, ...rest } = filter;
  const search = q ? await pageSearch(database, q) : undefined;
  const matching = (byId = false) => {
    const query = filtered(database, rest, byId)
      .select(CREATOR_COLUMNS)
      .select((eb) => timestampSortKey(dialect, eb.ref("creator.joined")).as("sort_key"));
    return search ? query.where(search) : query;
  };
  const cursor = page.cursor;
  const { rows: kept, nextCursor } = await featuredFirstPage(
    page,
    async (after, limit) => {
      const ids = await featuredIds(database.db, "creator", after);
      if (ids.length === 0) return [];
      return matching(true).where("creator.id", "in", ids).orderBy("creator.featured_rank").orderBy("creator.id").limit(limit).execute();
    },
    (from, limit) => {
      let query = matching().where(notFeatured(database.dialect, "creator")).orderBy("creator.joined", "desc").orderBy("creator.id", "desc").limit(limit);
      // Only dated cursors reach the directory (the route's schema refuses others).
      const key = from?.key;
      if (from && key != null) query = query.where((eb) => beforeCursor(dialect, eb.ref("creator.joined"), eb.ref("creator.id"), { key, id: from.id }));
      return query.execute();
    },
  );
  const more = nextCursor !== null;
  // A first page that holds every match is its own count (the common case of a narrow filter or
  // a search that finds little, where a count would read the same rows again).
  const total = cursor ? null : more ? await countCreators(database, filter) : kept.length;
  return {
    items: await withLinks(database, kept),
    next_cursor: nextCursor,
    total,
  };
}

/** Approved creators in the directory view, in the order of `ids`; unknown ids are left out. */
export async function findCreatorsByIds(database: Db, ids: readonly string[]): Promise<Creator[]> {
  if (ids.length === 0) return [];
  const rows = await approvedCreators(database).select(CREATOR_COLUMNS).where("creator.id", "in", ids).execute();
  return inIdOrder(ids, await withLinks(database, rows));
}

/** One public creator in the directory view, or undefined. */
export async function findCreator(database: Db, id: string): Promise<Creator | undefined> {
  const row = await approvedCreators(database).select(CREATOR_COLUMNS).where("creator.id", "=", id).executeTakeFirst();
  return row ? (await withLinks(database, [row]))[0] : undefined;
}

/** One creator in the directory view whatever the curators did to it: for its owner's studio. */
export async function findOwnCreator(database: Db, id: string): Promise<Creator | undefined> {
  const row = await database.db.selectFrom("creator").select(CREATOR_COLUMNS).where("creator.id", "=", id).executeTakeFirst();
  return row ? (await withLinks(database, [row]))[0] : undefined;
}

/**
 * What the directory's filters offer. Each part reads an index: one probe per discipline, the
 * distinct cities of creator_city_idx, the stories with a featured creator and the count of
 * creator_directory_idx.
 */
export async function creatorFacets(database: Db): Promise<CreatorFacets> {
  const approved = boolValue(database.dialect, true);
  const present = await database.db
    .selectNoFrom((eb) =>
      ART_DISCIPLINES.map((discipline) =>
        // CROSS JOIN: SQLite walks the discipline's index and stops at its first public creator,
        // instead of walking every creator for a discipline few (or none) have.
        eb
          .selectFrom("creator_discipline")
          .crossJoin("creator")
          .select("creator_discipline.creator_id")
          .where("creator_discipline.discipline", "=", discipline)
          .whereRef("creator.id", "=", "creator_discipline.creator_id")
          .where("creator.approved", "=", approved)
          .where(publicCreator(database.dialect, "creator"))
          .limit(1)
          .as(discipline),
      ),
    )
    .executeTakeFirst();
  const firstOf = (present ?? {}) as Record<string, string | null>;
  const [cities, stories, total] = await Promise.all([
    approvedCreators(database).select("creator.city").distinct().execute(),
    // From the stories creators link to (skipping through creator_story's story index), not from
    // every story: a million stories hold a few dozen with a featured creator.
    linkedStoriesQuery(database, "creator_story")
      .select(["story.id", "story.title"])
      .where(publicStory("story"))
      .where((eb) =>
        eb.exists(
          // CROSS JOIN, as above: from the story's links (creator_story_story_idx) to each creator.
          eb
            .selectFrom("creator_story")
            .crossJoin("creator")
            .select(sql<number>`1`.as("one"))
            .whereRef("creator_story.story_id", "=", "story.id")
            .whereRef("creator.id", "=", "creator_story.creator_id")
            .where("creator.approved", "=", approved)
            .where(publicCreator(database.dialect, "creator")),
        ),
      )
      .orderBy("story.date", (ob) => ob.desc().nullsLast())
      .orderBy("story.id", "desc")
      .execute(),
    countCreators(database, {}),
  ]);
  return {
    disciplines: ART_DISCIPLINES.filter((d) => firstOf[d] != null),
    // Sorted here, not in SQL: SQLite's binary order and PostgreSQL's collation would differ.
    cities: cities.map((c) => c.city).sort((a, b) => a.localeCompare(b, "en")),
    stories: stories.map((s) => ({ id: s.id, title: s.title })),
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// Applications

export type CreateCreatorResult = { ok: true; creator: Creator } | { ok: false; reason: "email_taken" };

/** Attempts at a free creator id before giving up (each lost race costs one). */
const ID_ATTEMPTS = 8;

/**
 * The first free id of `base`, `base-2`, `base-3`, …: `base` when free, otherwise one past the
 * highest suffix in use. Another application may take it before ours lands; the insert then
 * fails on the primary key and createCreator asks again.
 */
async function nextFreeId(database: Db, base: string): Promise<string> {
  const prefix = `${base}-`;
  const rows = await database.db
    .selectFrom("creator")
    .select("creator.id")
    .where((eb) =>
      eb.or([
        eb("creator.id", "=", base),
        sql<boolean>`substr(${eb.ref("creator.id")}, 1, ${sql.lit(prefix.length)}) = ${prefix}`,
      ]),
    )
    .execute();
  let highest = 0;
  for (const { id } of rows) {
    if (id === base) highest = Math.max(highest, 1);
    else if (/^[1-9]\d{0,8}$/.test(id.slice(prefix.length))) highest = Math.max(highest, Number(id.slice(prefix.length)));
  }
  return highest === 0 ? base : `${base}-${highest + 1}`;
}

/**
 * Stores an application as an approved creator (spec §4: approval is immediate) with its
 * disciplines, in one transaction. An email that already has a creator record is refused
 * (DECISIONS.md 11); the unique index decides, so two simultaneous applications cannot both win.
 */
export async function createCreator(
  database: Db,
  application: CreatorApplication,
  userId: string | null,
  now = new Date(),
): Promise<CreateCreatorResult> {
  const base = creatorIdBase(application.first_name, application.last_name);
  const joined = now.toISOString();
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const id = await nextFreeId(database, base);
    const row: CreatorRow = {
      id,
      first_name: application.first_name,
      last_name: application.last_name,
      bio: application.bio,
      city: application.city,
      state: application.state,
      instagram: application.instagram,
      website: application.website,
      image_url: application.image_url,
      approved: boolValue(database.dialect, true),
      joined,
      avatar_media_id: null,
    };
    try {
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("creator")
          .values({ ...row, email: application.email, user_id: userId, search_text: creatorSearchText(row) })
          .execute();
        await trx
          .insertInto("creator_discipline")
          .values(application.art_type.map((discipline) => ({ creator_id: id, discipline })))
          .execute();
      });
    } catch (error) {
      const column = uniqueViolationColumn(error, "creator");
      if (column === "email") return { ok: false, reason: "email_taken" };
      if (column === "id") continue;
      throw error;
    }
    return { ok: true, creator: toCreator(row, application.art_type, []) };
  }
  throw new Error(`no free creator id for ${base} after ${ID_ATTEMPTS} attempts`);
}

/** Marks the user as this creator (DECISIONS.md 12); GET /api/me then says creator: true. */
export async function linkUserToCreator(database: Db, userId: string, creatorId: string): Promise<void> {
  await database.db
    .updateTable("user")
    .set({ creator_id: creatorId, updated_at: new Date().toISOString() })
    .where("user.id", "=", userId)
    .execute();
}
