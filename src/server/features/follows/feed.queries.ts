/**
 * The /home feed (issue 32, docs/decisions/0030): the latest stories and drops by the creators an
 * account follows, newest first, paged by a keyset cursor over (time, kind, id) so a page never
 * repeats or skips an item when new ones arrive between pages. Only what the public may see: the
 * same rules as every public read (db/visibility.ts). A scheduled drop is listed at its opening
 * time, so one still ahead comes first, marked upcoming.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { FEED_PAGE_SIZE, type Feed } from "../../../common/api/follows.js";
import type { Db } from "../../db/client.js";
import { toIso, type DialectName } from "../../db/dialect.js";
import { prepared } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";
import { publicCreator, publicProduct, publicStory } from "../../db/visibility.js";
import { creatorNameSql } from "./follows.queries.js";
import { storyHasPage } from "../catalog/catalog.queries.js";

/** Where a page starts: after this item, in the feed's order (time, kind, id, newest first). */
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

/** An item's time in the feed: a story's publication, a drop's opening (else when it was written). */
const storyAt = (alias: string) => sql<string | Date>`coalesce(${sql.ref(`${alias}.published_at`)}, ${sql.ref(`${alias}.created_at`)})`;
const dropAt = (alias: string) => sql<string | Date>`coalesce(${sql.ref(`${alias}.drops_at`)}, ${sql.ref(`${alias}.created_at`)})`;

/** Earlier than any stored time: what "no threshold" compares as. */
const EARLIEST = { sqlite: sql<string>`''`, postgres: sql<Date>`'-infinity'::timestamptz` };

/**
 * Rows of one arm (kind) that come after `before` in the feed's order. Within an arm the kind is
 * fixed, so the (time, kind, id) comparison becomes one on (time, id), or on time alone: SQLite
 * and PostgreSQL then seek the arm's (creator_id, time, id) index to it.
 */
function beforeCondition(kind: "story" | "drop", at: RawBuilder<string | Date>, id: RawBuilder<string>, before: Cursor | undefined): RawBuilder<SqlBool> {
  if (!before) return sql<SqlBool>`1 = 1`;
  // 'story' > 'drop': at the same time a story comes first, newest first.
  if (kind === before.kind) return sql<SqlBool>`(${at} < ${before.at} or (${at} = ${before.at} and ${id} < ${before.id}))`;
  return kind > before.kind ? sql<SqlBool>`${at} < ${before.at}` : sql<SqlBool>`${at} <= ${before.at}`;
}

/** Each kind's table, time and visibility, as feedQuery's threshold reads them. */
const KINDS = {
  story: { table: "story", at: storyAt, visible: (alias: string) => sql<SqlBool>`${publicStory(alias)} and ${storyHasPage(alias)}` },
  drop: { table: "product", at: dropAt, visible: (alias: string) => publicProduct(alias) },
} as const;

/**
 * The time of the followed creator's (FEED_PAGE_SIZE + 1)th newest visible item of `kind` after
 * `before`, or EARLIEST when they have fewer: a walk of the creator's newest-first index
 * (migration 0026) that stops there. `follow` is the outer query's row.
 */
function threshold(kind: "story" | "drop", dialect: DialectName, before: Cursor | undefined): RawBuilder<string | Date> {
  const { table, at, visible } = KINDS[kind];
  return sql<string | Date>`coalesce((select ${at("newer")} from ${sql.table(table)} as newer
    where newer.creator_id = follow.creator_id and ${visible("newer")} and ${beforeCondition(kind, at("newer"), sql.ref("newer.id"), before)}
    order by ${at("newer")} desc, newer.id desc limit 1 offset ${sql.lit(FEED_PAGE_SIZE)}), ${EARLIEST[dialect]})`;
}

/**
 * The stories and drops of the creators a member follows, newest first; the caller pages it.
 *
 * A page holds at most FEED_PAGE_SIZE + 1 rows, so no followed creator gives it more than that
 * many of a kind: each (follow, kind) pair joins only its items at or after its threshold(), so a
 * member who follows a creator with 100,000 stories reads a page's worth of them, not all
 * (docs/decisions/0037). Ties at the threshold are all kept; the outer ORDER BY and LIMIT decide.
 */
function feedQuery(db: Kysely<Database>, dialect: DialectName, userId: string, before?: Cursor) {
  /** One kind's arm: its items by the followed creators, from their threshold on. */
  const arm = (kind: "story" | "drop") => {
    const { table, at, visible } = KINDS[kind];
    return (
      db
        .selectFrom("follow")
        .innerJoin("creator", "creator.id", "follow.creator_id")
        // Typed as the stories: both tables have the id, title and creator_id that are all this reads.
        .innerJoin(`${table} as item` as "story as item", "item.creator_id", "follow.creator_id")
        .select([
          sql<"story" | "drop">`${sql.lit(kind)}`.as("kind"),
          "item.id",
          "item.title",
          "creator.id as creator_id",
          creatorNameSql.as("creator_name"),
          at("item").as("at"),
        ])
        .where("follow.user_id", "=", userId)
        .where(publicCreator(dialect, "creator"))
        .where(visible("item"))
        .where(beforeCondition(kind, at("item"), sql.ref("item.id"), before))
        .where(at("item"), ">=", threshold(kind, dialect, before))
    );
  };
  return db.selectFrom(arm("story").unionAll(arm("drop")).as("feed")).selectAll();
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
    ? await newestFirst(feedQuery(db, dialect, userId, cursor)).execute()
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
