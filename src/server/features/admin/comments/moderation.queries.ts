/**
 * What the Comments area reads (issue 33, docs/decisions/0032): the comments list of the back
 * office (every comment, whatever the public sees of it, with its writer's e-mail, which staff may
 * see), the bans in force, and whether a comment may be reported (the public sees it now).
 */
import { sql } from "kysely";
import type { AdminComment, AdminCommentState, CommentBan, CommentHider } from "../../../../common/api/admin-comments.js";
import type { Page } from "../../../../common/api/paging.js";
import { reportedItemPath } from "../../../../common/reports.js";
import type { DatedCursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import { timestampSortKey, toIso } from "../../../db/dialect.js";
import { beforeCursor, toPage } from "../../../db/paging.js";
import { publicStory } from "../../../db/visibility.js";
import { storyHasPage } from "../../catalog/catalog.queries.js";
import { activeBan } from "../../comments/comments.queries.js";

/**
 * True when a signed-in member may report the comment: the public sees it now (not deleted, not
 * hidden, its writer not banned) on a story the public can read. A comment already hidden is not
 * reported again: it waits for a curator.
 */
export async function isReportableComment(database: Db, commentId: string, now: Date): Promise<boolean> {
  const row = await database.db
    .selectFrom("comment")
    .innerJoin("story", "story.id", "comment.story_id")
    .select("comment.user_id")
    .where("comment.id", "=", commentId)
    .where("comment.deleted_at", "is", null)
    .where("comment.hidden_at", "is", null)
    .where(publicStory("story"))
    .where(storyHasPage("story"))
    .executeTakeFirst();
  if (!row) return false;
  return row.user_id === null || (await activeBan(database, row.user_id, now)) === undefined;
}

/** The ISO time as a bound parameter both databases compare with their timestamps. */
const at = (now: Date) => now.toISOString();

/** Every column of a comment as the back office shows it, the comment under `c`. */
function adminCommentColumns(database: Db, now: Date) {
  const { db, dialect } = database;
  return db
    .selectFrom("comment as c")
    .innerJoin("story as s", "s.id", "c.story_id")
    .leftJoin("user as u", "u.id", "c.user_id")
    .leftJoin("comment_ban as b", "b.user_id", "c.user_id")
    .select([
      "c.id",
      "c.story_id",
      "s.title as story_title",
      "c.user_id",
      "u.username",
      "u.email",
      "u.role",
      "c.body",
      "c.hidden_at",
      "c.hidden_by",
      "c.deleted_at",
      "c.reply_to_id",
      "c.created_at",
      "c.edited_at",
      "b.until as ban_until",
    ])
    .select((eb) => [
      sql<number | string>`(select count(*) from report as r where r.kind = 'comment' and r.item_id = c.id and r.status = 'open')`.as("open_reports"),
      sql<number | boolean>`case when b.user_id is not null and (b.until is null or b.until > ${at(now)}) then 1 else 0 end`.as("banned"),
      timestampSortKey(dialect, eb.ref("c.created_at")).as("sort_key"),
    ]);
}

type AdminCommentRow = Awaited<ReturnType<ReturnType<typeof adminCommentColumns>["executeTakeFirstOrThrow"]>>;

function toAdminComment(row: AdminCommentRow): AdminComment {
  const banned = Number(row.banned) === 1;
  return {
    id: row.id,
    story: { id: row.story_id, title: row.story_title },
    path: reportedItemPath("comment", row.id, row.story_id),
    author:
      row.user_id === null || row.username === null || row.email === null || row.role === null
        ? null
        : { id: row.user_id, name: row.username, email: row.email, role: row.role, banned, banned_until: banned ? toIso(row.ban_until) : null },
    body: row.deleted_at === null ? row.body : "",
    state: row.deleted_at !== null ? "deleted" : row.hidden_at !== null ? "hidden" : "visible",
    hidden_by: row.hidden_at === null ? null : ((row.hidden_by as CommentHider | null) ?? "staff"),
    hidden_at: toIso(row.hidden_at),
    open_reports: Number(row.open_reports ?? 0),
    reply_to_id: row.reply_to_id,
    created_at: toIso(row.created_at)!,
    edited_at: toIso(row.edited_at),
  };
}

/** One page of the back office's comments list, newest first (comment_created_idx). */
export async function listAdminComments(
  database: Db,
  state: AdminCommentState,
  page: { cursor?: DatedCursor; limit: number },
  now: Date,
): Promise<Page<AdminComment>> {
  let query = adminCommentColumns(database, now).orderBy("c.created_at", "desc").orderBy("c.id", "desc").limit(page.limit + 1);
  if (state === "reported") {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("report as open_report")
          .select("open_report.id")
          .whereRef("open_report.item_id", "=", "c.id")
          .where("open_report.kind", "=", "comment")
          .where("open_report.status", "=", "open"),
      ),
    );
  }
  if (state === "hidden") query = query.where("c.hidden_at", "is not", null);
  const cursor = page.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(database.dialect, eb.ref("c.created_at"), eb.ref("c.id"), cursor));
  return toPage(await query.execute(), page.limit, toAdminComment);
}

export async function findAdminComment(database: Db, commentId: string, now: Date): Promise<AdminComment | undefined> {
  const row = await adminCommentColumns(database, now).where("c.id", "=", commentId).executeTakeFirst();
  return row && toAdminComment(row);
}

const BANS_SHOWN = 500;

function banColumns(database: Db) {
  return database.db
    .selectFrom("comment_ban as b")
    .innerJoin("user as u", "u.id", "b.user_id")
    // Actors are kept as text (docs/decisions/0019): the account that banned may be gone.
    .leftJoin("user as banner", "banner.id", "b.created_by")
    .select(["b.user_id", "u.username", "u.email", "b.until", "b.note", "banner.email as created_by_email", "b.created_at"]);
}

type BanRow = Awaited<ReturnType<ReturnType<typeof banColumns>["executeTakeFirstOrThrow"]>>;

function toBan(row: BanRow): CommentBan {
  return {
    user_id: row.user_id,
    name: row.username,
    email: row.email,
    until: toIso(row.until),
    note: row.note,
    created_by_email: row.created_by_email,
    created_at: toIso(row.created_at)!,
  };
}

/** The bans in force at `now` (for good, or not over yet), newest first. */
export async function listCommentBans(database: Db, now: Date): Promise<CommentBan[]> {
  const rows = await banColumns(database)
    .where((eb) => eb.or([eb("b.until", "is", null), eb("b.until", ">", at(now))]))
    .orderBy("b.created_at", "desc")
    .orderBy("b.user_id")
    .limit(BANS_SHOWN)
    .execute();
  return rows.map(toBan);
}

export async function findCommentBan(database: Db, userId: string): Promise<CommentBan | undefined> {
  const row = await banColumns(database).where("b.user_id", "=", userId).executeTakeFirst();
  return row && toBan(row);
}
