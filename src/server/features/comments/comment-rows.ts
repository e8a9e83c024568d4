/**
 * A comment as every answer shows it, read once here: its author's name (their creator name when
 * the public can see that creator, 'Deleted account' once the account is gone), whom a reply to a
 * reply answers, and whether the public may see it (docs/decisions/0032).
 *
 * What the public sees: not hidden, not deleted, and not written by a member banned from
 * commenting right now. Everything else is seen by its writer (GET /api/me/comments) and, for a
 * top-level comment that still has replies the public sees, as a placeholder holding its thread.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Comment, CommentReply } from "../../../common/api/comments.js";
import { DELETED_ACCOUNT } from "../../../common/comments.js";
import type { Db } from "../../db/client.js";
import { timestampSortKey, toIso, type DialectName } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import { publicCreator } from "../../db/visibility.js";

const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The member `userIdColumn` names is banned from commenting at `now` (an open-ended ban or one not over yet). */
export function bannedAt(userIdColumn: Expression<unknown>, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from comment_ban as active_ban where active_ban.user_id = ${userIdColumn} and (active_ban.until is null or active_ban.until > ${now.toISOString()}))`;
}

/** The comment under `alias` is one the public sees. */
export function publicComment(alias: string, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${col(alias, "hidden_at")} is null and ${col(alias, "deleted_at")} is null and not ${bannedAt(col(alias, "user_id"), now)})`;
}

/**
 * A top-level comment the list shows: one the public sees, or a placeholder for one that is not
 * but still has a reply the public sees (its thread stays readable).
 */
export function listedTopLevel(alias: string, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${publicComment(alias, now)} or exists (select 1 from comment as listed_reply where listed_reply.parent_id = ${col(alias, "id")} and ${publicComment("listed_reply", now)}))`;
}

/** The display name of an author from their username and, when public, their creator record. */
function authorName(username: string | null, first: string | null, last: string | null, creatorId: string | null): string {
  if (username === null) return DELETED_ACCOUNT;
  if (creatorId !== null) return `${first ?? ""} ${last ?? ""}`.trim() || username;
  return username;
}

/** Every column a comment's answer needs, the comment under `c`. */
export function commentColumns(db: Kysely<Database>, dialect: DialectName, now: Date) {
  return db
    .selectFrom("comment as c")
    // CROSS JOIN: SQLite keeps the comments as the outer loop, walked in the list's order on their
    // own index (comments-plan.test.ts), and reads each one's story by its key. As an inner join,
    // with statistics of a small story table, it scanned the stories first (through 0026's
    // covering per-creator indexes) and sorted the comments. PostgreSQL plans either the same.
    .crossJoin("story as s")
    .whereRef("s.id", "=", "c.story_id")
    .leftJoin("user as u", "u.id", "c.user_id")
    .leftJoin("creator as cr", (join) => join.onRef("cr.id", "=", "u.creator_id").on(publicCreator(dialect, "cr")))
    .leftJoin("comment as rt", "rt.id", "c.reply_to_id")
    .leftJoin("user as rtu", "rtu.id", "rt.user_id")
    .leftJoin("creator as rtc", (join) => join.onRef("rtc.id", "=", "rtu.creator_id").on(publicCreator(dialect, "rtc")))
    .select([
      "c.id",
      "c.story_id",
      "c.parent_id",
      "c.reply_to_id",
      "c.user_id",
      "c.body",
      "c.created_at",
      "c.edited_at",
      "c.deleted_at",
      "c.hidden_at",
      "c.like_count",
      "c.reply_count",
      "s.creator_id as story_creator_id",
      "u.username",
      "u.creator_id as user_creator_id",
      "cr.id as author_creator_id",
      "cr.first_name as author_first_name",
      "cr.last_name as author_last_name",
      "rt.id as rt_id",
      "rt.parent_id as rt_parent_id",
      "rtu.username as rt_username",
      "rtc.id as rt_creator_id",
      "rtc.first_name as rt_first_name",
      "rtc.last_name as rt_last_name",
    ])
    .select((eb) => [
      bannedAt(eb.ref("c.user_id"), now).as("author_banned"),
      timestampSortKey(dialect, eb.ref("c.created_at")).as("sort_key"),
    ]);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof commentColumns>["executeTakeFirstOrThrow"]>>;

/** Reads comments by id with commentColumns(), in no particular order. */
export function commentsByIds(database: Pick<Db, "db" | "dialect">, ids: readonly string[], now: Date): Promise<CommentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return commentColumns(database.db, database.dialect, now).where("c.id", "in", ids).execute();
}

export type CommentState = Comment["state"];

/** What the public sees of it: visible, or the reason it is not. */
export function stateOf(row: CommentRow): CommentState {
  if (row.deleted_at !== null) return "deleted";
  if (row.hidden_at !== null || Boolean(row.author_banned)) return "hidden";
  return "visible";
}

/**
 * A row as the API shows it. `view` "public" empties what the public may not read (a placeholder
 * keeps no text and no author); "own" is its writer's (or a moderator's) view, text included.
 */
export function toReply(row: CommentRow, view: "public" | "own" = "public"): CommentReply {
  const state = stateOf(row);
  const shown = state === "visible" || (view === "own" && state !== "deleted");
  const isReplyToReply = row.rt_id !== null && row.rt_parent_id !== null;
  return {
    id: row.id,
    story_id: row.story_id,
    parent_id: row.parent_id,
    reply_to: isReplyToReply
      ? { id: row.rt_id!, name: authorName(row.rt_username, row.rt_first_name, row.rt_last_name, row.rt_creator_id) }
      : null,
    author: shown
      ? {
          name: authorName(row.username, row.author_first_name, row.author_last_name, row.author_creator_id),
          creator_id: row.author_creator_id,
          is_story_author: row.story_creator_id !== null && row.user_creator_id === row.story_creator_id,
        }
      : { name: "", creator_id: null, is_story_author: false },
    state,
    body: shown ? row.body : "",
    created_at: toIso(row.created_at)!,
    edited_at: shown ? toIso(row.edited_at) : null,
    like_count: Number(row.like_count),
  };
}

export function toComment(row: CommentRow, replies: CommentReply[], view: "public" | "own" = "public"): Comment {
  return { ...toReply(row, view), reply_count: Number(row.reply_count), replies };
}
