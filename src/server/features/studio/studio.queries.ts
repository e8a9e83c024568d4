/**
 * A creator's own stories and profile (docs/decisions/0018). Every query names the creator, so a
 * story of another creator is never read or written: it is "not found", whoever asks.
 *
 * Optimistic concurrency: each save names the version it started from; the update matches only
 * that version and raises it, so of two tabs the second save changes nothing and is told so.
 */
import { announceStory } from "../../outbox/announcements/announce.js";
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { StoryDraft, StoryOffSite, StoryStatus, StudioStory } from "../../../common/api/studio.js";
import type { CreatorProfile } from "../../../common/creator-schemas.js";
import type { Db } from "../../db/client.js";
import { toBool, toIso } from "../../db/dialect.js";
import { publicStory } from "../../db/visibility.js";
import { storyHasPage } from "../catalog/catalog.queries.js";
import { COVER_COLUMNS, coverOf } from "../../media/image-view.js";
import { creatorSearchText, storySearchText } from "../../search/search-text.js";

export interface StudioCreator {
  creatorId: string;
  /** Suspended by the curators: nothing the site shows may change (docs/decisions/0019). */
  suspended: boolean;
  hidden: boolean;
}

/** The creator record of a user with its curation state, or null for a user who is not a creator. */
export async function studioCreatorOfUser(database: Db, userId: string): Promise<StudioCreator | null> {
  const row = await database.db
    .selectFrom("user")
    .innerJoin("creator", "creator.id", "user.creator_id")
    .select(["creator.id", "creator.suspended_at", "creator.hidden_at"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return row ? { creatorId: row.id, suspended: row.suspended_at !== null, hidden: row.hidden_at !== null } : null;
}

/** True when `mediaId` is an image this user uploaded. */
export async function ownsMedia(database: Db, userId: string, mediaId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("media")
    .select("id")
    .where("id", "=", mediaId)
    .where("owner_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The creator's stories with what the public sees of each (`public`, `off_site`): the same rules
 * as every public read (db/visibility.ts publicStory, catalog.queries.ts storyHasPage), so the
 * studio never calls a story published and links to a page that is a 404.
 */
function studioColumns(database: Db, creatorId: string) {
  return database.db
    .selectFrom("story")
    .leftJoin("media as cover", "cover.id", "story.cover_media_id")
    .innerJoin("creator as owner", "owner.id", "story.creator_id")
    .where("story.creator_id", "=", creatorId)
    .select([
      "story.id",
      "story.status",
      "story.version",
      "story.title",
      "story.city",
      "story.date",
      "story.description",
      "story.body",
      "story.created_at",
      "story.updated_at",
      "story.published_at",
      "story.hidden_at",
      "owner.suspended_at",
    ])
    .select(publicStory("story").as("is_public"))
    .select(storyHasPage("story").as("has_page"))
    .select(COVER_COLUMNS);
}

/** Why a published story is not on the site (null while it is, or for a draft). */
function offSite(row: StudioRow): StoryOffSite | null {
  if (row.status !== "published" || (toBool(row.is_public) && toBool(row.has_page))) return null;
  if (row.hidden_at !== null) return "hidden";
  if (row.suspended_at !== null) return "suspended";
  return "no_text";
}

type StudioRow = Awaited<ReturnType<ReturnType<typeof studioColumns>["executeTakeFirstOrThrow"]>>;

function toStudioStory(row: StudioRow): StudioStory {
  const created = toIso(row.created_at) ?? new Date(0).toISOString();
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    title: row.title,
    city: row.city,
    date: toIso(row.date)?.slice(0, 10) ?? null,
    description: row.description,
    body: row.body,
    cover: coverOf(row),
    created_at: created,
    updated_at: toIso(row.updated_at) ?? created,
    published_at: toIso(row.published_at),
    public: row.status === "published" && toBool(row.is_public) && toBool(row.has_page),
    off_site: offSite(row),
  };
}

/** Every story of the creator, last changed first (a creator has tens, not thousands). */
export async function listStudioStories(database: Db, creatorId: string): Promise<StudioStory[]> {
  const rows = await studioColumns(database, creatorId).orderBy("story.updated_at", "desc").orderBy("story.id", "desc").execute();
  return rows.map(toStudioStory);
}

export async function findStudioStory(database: Db, creatorId: string, id: string): Promise<StudioStory | undefined> {
  const row = await studioColumns(database, creatorId).where("story.id", "=", id).executeTakeFirst();
  return row && toStudioStory(row);
}

/** A calendar date as the story table stores dates: noon UTC, so every time zone shows the same day. */
function storedDate(date: string | null): string | null {
  return date === null ? null : `${date}T12:00:00.000Z`;
}

/** A readable, unguessable id of a story or product: `neon-bakery-k3j9x2qd` (`story-…` without a usable title). */
export function readableId(title: string, fallback: "story" | "product" = "story"): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  const suffix = randomBytes(6).toString("base64url").toLowerCase().replace(/[^a-z0-9]/g, "x");
  return slug ? `${slug}-${suffix}` : `${fallback}-${suffix}`;
}

export async function createStory(database: Db, creatorId: string, draft: StoryDraft, now = new Date()): Promise<StudioStory> {
  const id = readableId(draft.title);
  const stamp = now.toISOString();
  const row = { title: draft.title, description: draft.description };
  await database.db
    .insertInto("story")
    .values({
      id,
      creator_id: creatorId,
      status: "draft",
      version: 1,
      title: draft.title,
      city: draft.city,
      date: storedDate(draft.date),
      description: draft.description,
      body: draft.body,
      cover_media_id: draft.cover_media_id,
      image_url: null,
      search_text: storySearchText(row),
      created_at: stamp,
      updated_at: stamp,
      published_at: null,
    })
    .execute();
  const story = await findStudioStory(database, creatorId, id);
  if (!story) throw new Error(`story ${id} vanished after its insert`);
  return story;
}

export type StoryWrite = { ok: true; story: StudioStory } | { ok: false; reason: "not_found" | "conflict" };

/** Which refusal an update that matched no row gets: the story is gone (or not theirs), or it moved on. */
async function refusal(database: Db, creatorId: string, id: string): Promise<StoryWrite> {
  const exists = await database.db
    .selectFrom("story")
    .select("id")
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .executeTakeFirst();
  return { ok: false, reason: exists ? "conflict" : "not_found" };
}

export async function updateStory(
  database: Db,
  creatorId: string,
  id: string,
  draft: StoryDraft & { version: number },
  now = new Date(),
): Promise<StoryWrite> {
  const result = await database.db
    .updateTable("story")
    .set({
      title: draft.title,
      city: draft.city,
      // A published story always has a date (it orders /stories): an empty date keeps the one it has.
      date: draft.date === null ? sql<string | null>`case when status = 'published' then date else null end` : storedDate(draft.date),
      description: draft.description,
      body: draft.body,
      cover_media_id: draft.cover_media_id,
      search_text: storySearchText(draft),
      version: sql<number>`version + 1`,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .where("version", "=", draft.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return refusal(database, creatorId, id);
  const story = await findStudioStory(database, creatorId, id);
  return story ? { ok: true, story } : { ok: false, reason: "not_found" };
}

/**
 * Publishes or unpublishes. A published story is linked to its creator in creator_story, which the
 * directory's 'Featured In' tags and story filter read; unpublishing removes the link. A story
 * without a date takes the day it is first published, as a blog post does.
 */
export async function setStoryStatus(
  database: Db,
  creatorId: string,
  id: string,
  version: number,
  status: StoryStatus,
  now = new Date(),
): Promise<StoryWrite> {
  const stamp = now.toISOString();
  const changed = await database.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("story")
      .set({
        status,
        version: sql<number>`version + 1`,
        updated_at: stamp,
        ...(status === "published"
          ? {
              published_at: sql<string>`coalesce(published_at, ${stamp})`,
              date: sql<string>`coalesce(date, ${storedDate(stamp.slice(0, 10))})`,
            }
          : {}),
      })
      .where("id", "=", id)
      .where("creator_id", "=", creatorId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (status === "published") {
      // Followers hear of it once, however often it is unpublished and published again.
      await announceStory(trx, creatorId, id, now);
      await trx
        .insertInto("creator_story")
        .values({ creator_id: creatorId, story_id: id })
        .onConflict((oc) => oc.columns(["creator_id", "story_id"]).doNothing())
        .execute();
    } else {
      await trx.deleteFrom("creator_story").where("creator_id", "=", creatorId).where("story_id", "=", id).execute();
    }
    return true;
  });
  if (!changed) return refusal(database, creatorId, id);
  const story = await findStudioStory(database, creatorId, id);
  return story ? { ok: true, story } : { ok: false, reason: "not_found" };
}

/** Deletes the creator's story (its links, favorites of it and product links go with it). */
export async function deleteStory(database: Db, creatorId: string, id: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("story").where("id", "=", id).where("creator_id", "=", creatorId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    // Favorites name items by id without a foreign key (they span three tables).
    await trx.deleteFrom("favorite").where("kind", "=", "story").where("item_id", "=", id).execute();
    return true;
  });
}

/** The profile fields the studio edits; the disciplines are replaced as a whole. */
export async function updateCreatorProfile(database: Db, creatorId: string, profile: CreatorProfile): Promise<void> {
  const row = {
    first_name: profile.first_name,
    last_name: profile.last_name,
    bio: profile.bio,
    city: profile.city,
    state: profile.state,
    instagram: profile.instagram,
    website: profile.website,
    image_url: profile.image_url,
    avatar_media_id: profile.avatar_media_id,
  };
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("creator")
      .set({ ...row, search_text: creatorSearchText(row) })
      .where("id", "=", creatorId)
      .execute();
    await trx.deleteFrom("creator_discipline").where("creator_id", "=", creatorId).execute();
    await trx
      .insertInto("creator_discipline")
      .values(profile.art_type.map((discipline) => ({ creator_id: creatorId, discipline })))
      .execute();
  });
}

/** The creator's own email (the account's, at application). */
export async function creatorEmail(database: Db, creatorId: string): Promise<string | undefined> {
  const row = await database.db.selectFrom("creator").select("email").where("id", "=", creatorId).executeTakeFirst();
  return row?.email;
}
