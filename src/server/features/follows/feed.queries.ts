/**
 * The /home feed (issue 32, docs/decisions/0030): the latest stories and drops by the creators an
 * account follows, newest first, paged by a keyset cursor over (time, kind, id) so a page never
 * repeats or skips an item when new ones arrive between pages. Only what the public may see: the
 * same rules as every public read (db/visibility.ts). A scheduled drop is listed at its opening
 * time, so one still ahead comes first, marked upcoming.
 */
import { sql, type Kysely } from "kysely";
import { FEED_PAGE_SIZE, type Feed } from "../../../common/api/follows.js";
import type { Db } from "../../db/client.js";
import { toIso, type DialectName } from "../../db/dialect.js";
import { prepared } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { publicCreator, publicProduct, publicStory } from "../../db/visibility.js";
import { creatorNameSql } from "./follows.queries.js";
import { storyHasPage } from "../catalog/catalog.queries.js";

interface Cursor {
  at: string;
  kind: string;
  id: string;
}

function readCursor(value: string | undefined): Cursor | null | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Partial<Cursor>;
    if (typeof parsed.at === "string" && typeof parsed.kind === "string" && typeof parsed.id === "string" && toIso(parsed.at)) return parsed as Cursor;
  } catch {
    // Not one of ours: an empty page, not an error.
  }
  return null;
}

const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString("base64url");

/** The stories and drops of the creators a member follows, newest first; the caller pages it. */
function feedQuery(db: Kysely<Database>, dialect: DialectName, userId: string) {
  const stories = db
    .selectFrom("story")
    .innerJoin("follow", "follow.creator_id", "story.creator_id")
    .innerJoin("creator", "creator.id", "story.creator_id")
    .select([
      sql<"story" | "drop">`'story'`.as("kind"),
      "story.id",
      "story.title",
      "creator.id as creator_id",
      creatorNameSql.as("creator_name"),
      sql<string | Date>`coalesce(story.published_at, story.created_at)`.as("at"),
    ])
    .where("follow.user_id", "=", userId)
    .where(publicStory("story"))
    .where(storyHasPage("story"))
    .where(publicCreator(dialect, "creator"));
  const drops = db
    .selectFrom("product")
    .innerJoin("follow", "follow.creator_id", "product.creator_id")
    .innerJoin("creator", "creator.id", "product.creator_id")
    .select([
      sql<"story" | "drop">`'drop'`.as("kind"),
      "product.id",
      "product.title",
      "creator.id as creator_id",
      creatorNameSql.as("creator_name"),
      sql<string | Date>`coalesce(product.drops_at, product.created_at)`.as("at"),
    ])
    .where("follow.user_id", "=", userId)
    .where(publicProduct("product"))
    .where(publicCreator(dialect, "creator"));
  return db.selectFrom(stories.unionAll(drops).as("feed")).selectAll();
}

const newestFirst = <Q extends { orderBy: (column: "feed.at" | "feed.kind" | "feed.id", order: "desc") => Q; limit: (n: number) => Q }>(query: Q) =>
  query.orderBy("feed.at", "desc").orderBy("feed.kind", "desc").orderBy("feed.id", "desc").limit(FEED_PAGE_SIZE + 1);

/** The feed's first page, what every visit of /home reads, kept compiled (db/prepared.ts): one shape per dialect. */
const firstFeedPage = {
  sqlite: prepared(["userId"], (db, p) => newestFirst(feedQuery(db, "sqlite", p.userId))),
  postgres: prepared(["userId"], (db, p) => newestFirst(feedQuery(db, "postgres", p.userId))),
};

export async function followingFeed(database: Db, userId: string, cursorText: string | undefined, now: Date): Promise<Feed> {
  const cursor = readCursor(cursorText);
  if (cursor === null) return { items: [], next: null };
  const { db, dialect } = database;
  const rows = cursor
    ? await newestFirst(feedQuery(db, dialect, userId).where(sql<boolean>`(feed.at, feed.kind, feed.id) < (${cursor.at}, ${cursor.kind}, ${cursor.id})`)).execute()
    : await firstFeedPage[dialect](db, { userId });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const items = page.map((row) => {
    const at = toIso(row.at)!;
    return { kind: row.kind, id: row.id, title: row.title, creator: { id: row.creator_id, name: row.creator_name }, at, upcoming: row.kind === "drop" && at > now.toISOString() };
  });
  const last = page.at(-1);
  // The cursor keeps the stored value as the database compares it (text on SQLite, a timestamp on PostgreSQL).
  const next = rows.length > FEED_PAGE_SIZE && last ? writeCursor({ at: dialect === "sqlite" ? String(last.at) : toIso(last.at)!, kind: last.kind, id: last.id }) : null;
  return { items, next };
}
