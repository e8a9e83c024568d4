/**
 * Moderating comments (issue 33, docs/decisions/0032): hiding and unhiding one, the hiding that
 * reports from AUTO_HIDE_REPORTS different members do on their own (Discourse's auto-hide), and
 * bans from commenting. Each runs inside the caller's write transaction with its audit entry, and
 * every change of what the public sees recounts the story's comments (recountStoryComments of the
 * comments feature), so the counts on cards and pages stay right.
 *
 * `hidden_by` says who decides next: a comment its story's author hid, the author may show again;
 * one hidden by staff or by reports stays hidden until a curator decides.
 */
import type { Kysely } from "kysely";
import type { CommentHider } from "../../../../common/comment-moderation.js";
import { AUTO_HIDE_REPORTS } from "../../../../common/comments.js";
import { lockForUpdate, toIso, type DialectName } from "../../../db/dialect.js";
import type { Database } from "../../../db/types.js";
import { enqueueMail } from "../../../outbox/enqueue.js";
import { recountStoryComments } from "../../comments/comments.service.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

type Trx = Kysely<Database>;

/** The audit log's actor of a hiding the reports did: no person decided it. */
export const REPORTS_ACTOR: AuditActor = { id: "reports", email: `${AUTO_HIDE_REPORTS} reports` };

export type CommentMoveResult = "changed" | "unchanged" | "not-found" | "deleted";

/** The comment's row, locked on PostgreSQL so two moderators' changes run one after the other. */
async function lockedComment(trx: Trx, dialect: DialectName, commentId: string) {
  return lockForUpdate(
    dialect,
    trx.selectFrom("comment").select(["id", "story_id", "user_id", "body", "hidden_at", "hidden_by", "deleted_at"]).where("id", "=", commentId),
  ).executeTakeFirst();
}

type LockedComment = NonNullable<Awaited<ReturnType<typeof lockedComment>>>;

async function writeHidden(
  trx: Trx,
  row: LockedComment,
  next: { hidden_at: string | null; hidden_by: CommentHider | null },
  actor: AuditActor,
  options: { note?: string; now: Date },
): Promise<void> {
  await trx.updateTable("comment").set(next).where("id", "=", row.id).execute();
  // Whether the public sees it changed: the story's and the thread's counts follow.
  if ((row.hidden_at === null) !== (next.hidden_at === null)) await recountStoryComments(trx, row.story_id);
  await recordAudit(
    trx,
    {
      actor,
      action: next.hidden_at === null ? "comment.unhide" : "comment.hide",
      target: { kind: "comment", id: row.id },
      // The story rides along so the audit log can link to the comment's place.
      before: { hidden_at: toIso(row.hidden_at), hidden_by: row.hidden_by, story_id: row.story_id },
      after: { ...next, story_id: row.story_id },
      note: options.note,
    },
    options.now,
  );
}

/**
 * A curator hides a comment (hidden_by 'staff'). One hidden by its story's author or by reports
 * stays hidden and becomes the curators' (its author can no longer show it again); one already
 * hidden by staff is unchanged and writes no entry.
 */
export async function hideComment(
  trx: Trx,
  dialect: DialectName,
  commentId: string,
  actor: AuditActor,
  options: { note?: string; now: Date },
): Promise<CommentMoveResult> {
  const row = await lockedComment(trx, dialect, commentId);
  if (!row) return "not-found";
  if (row.deleted_at !== null) return "deleted";
  if (row.hidden_at !== null && row.hidden_by === "staff") return "unchanged";
  await writeHidden(trx, row, { hidden_at: toIso(row.hidden_at) ?? options.now.toISOString(), hidden_by: "staff" }, actor, options);
  return "changed";
}

/**
 * A curator shows a hidden comment again, whoever hid it. `onlyIfHiddenBy`: only a comment that
 * hider hid (dismissing its reports shows again what the reports hid, not what a curator did).
 */
export async function unhideComment(
  trx: Trx,
  dialect: DialectName,
  commentId: string,
  actor: AuditActor,
  options: { note?: string; now: Date; onlyIfHiddenBy?: CommentHider },
): Promise<CommentMoveResult> {
  const row = await lockedComment(trx, dialect, commentId);
  if (!row) return "not-found";
  if (row.deleted_at !== null) return "deleted";
  if (row.hidden_at === null) return "unchanged";
  if (options.onlyIfHiddenBy && row.hidden_by !== options.onlyIfHiddenBy) return "unchanged";
  await writeHidden(trx, row, { hidden_at: null, hidden_by: null }, actor, options);
  return "changed";
}

/** The link to a comment at its place on its story's page. */
function commentUrl(publicUrl: string, storyId: string, commentId: string): string {
  return `${publicUrl}/stories/${encodeURIComponent(storyId)}#comment-${encodeURIComponent(commentId)}`;
}

/**
 * After a report of a comment, in the report's transaction: once AUTO_HIDE_REPORTS different
 * members (its writer aside) have open reports of it, the comment is hidden (hidden_by 'reports')
 * until a curator decides, on the record, and its writer is told by e-mail through the outbox.
 * True when this report hid it. The comment's row is locked first, so of two reports arriving at
 * once as the third, one hides it and the other finds it hidden.
 */
export async function hideIfReportedEnough(trx: Trx, dialect: DialectName, commentId: string, publicUrl: string, now: Date): Promise<boolean> {
  const row = await lockedComment(trx, dialect, commentId);
  if (!row || row.hidden_at !== null || row.deleted_at !== null) return false;
  let reports = trx
    .selectFrom("report")
    .select((eb) => eb.fn.count<number | string>("reporter_id").distinct().as("n"))
    .where("kind", "=", "comment")
    .where("item_id", "=", commentId)
    .where("status", "=", "open");
  // A writer reporting their own comment does not count towards hiding it.
  if (row.user_id !== null) reports = reports.where("reporter_id", "!=", row.user_id);
  const { n } = await reports.executeTakeFirstOrThrow();
  const reporters = Number(n);
  if (reporters < AUTO_HIDE_REPORTS) return false;
  await writeHidden(trx, row, { hidden_at: now.toISOString(), hidden_by: "reports" }, REPORTS_ACTOR, {
    note: `Reported by ${reporters} members`,
    now,
  });
  if (row.user_id !== null) {
    const [writer, story] = await Promise.all([
      trx.selectFrom("user").select(["id", "email", "username"]).where("id", "=", row.user_id).executeTakeFirst(),
      trx.selectFrom("story").select("title").where("id", "=", row.story_id).executeTakeFirstOrThrow(),
    ]);
    if (writer) {
      await enqueueMail(
        trx,
        {
          template: "comment-hidden",
          to: writer.email,
          userId: writer.id,
          props: { name: writer.username, storyTitle: story.title, body: row.body, reports: reporters, url: commentUrl(publicUrl, row.story_id, row.id) },
        },
        now,
      );
    }
  }
  return true;
}

// ------------------------------------------------------------------------------------ bans

export type BanResult =
  | { ok: true; hidden: number }
  | { ok: false; reason: "user-not-found" | "staff" };

/**
 * Bans a member from commenting until `until` (null: for good), replacing a ban they have, with
 * the entry user.comment-ban (the ban before and after). `hideComments` hides every comment they
 * wrote (hidden_by 'staff', so it stays hidden when the ban ends) and recounts each story touched.
 * Staff are never banned: a curator could otherwise silence another curator or an admin.
 */
export async function banFromCommenting(
  trx: Trx,
  dialect: DialectName,
  userId: string,
  ban: { until: Date | null; note: string; hideComments: boolean },
  actor: AuditActor,
  now: Date,
): Promise<BanResult> {
  const user = await lockForUpdate(dialect, trx.selectFrom("user").select(["id", "email", "role"]).where("id", "=", userId)).executeTakeFirst();
  if (!user) return { ok: false, reason: "user-not-found" };
  if (user.role !== "member") return { ok: false, reason: "staff" };
  const before = await trx.selectFrom("comment_ban").select(["until", "note"]).where("user_id", "=", userId).executeTakeFirst();
  const until = ban.until?.toISOString() ?? null;
  await trx
    .insertInto("comment_ban")
    .values({ user_id: userId, until, note: ban.note, created_by: actor.id, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ until, note: ban.note, created_by: actor.id, created_at: now.toISOString() }))
    .execute();

  let hidden = 0;
  if (ban.hideComments) {
    const newlyHidden = await trx
      .updateTable("comment")
      .set({ hidden_at: now.toISOString(), hidden_by: "staff" })
      .where("user_id", "=", userId)
      .where("hidden_at", "is", null)
      .where("deleted_at", "is", null)
      .returning("story_id")
      .execute();
    hidden = newlyHidden.length;
    // Hidden by its story's author or by reports: the curators' now, like the rest.
    await trx
      .updateTable("comment")
      .set({ hidden_by: "staff" })
      .where("user_id", "=", userId)
      .where("hidden_at", "is not", null)
      .where((eb) => eb.or([eb("hidden_by", "is", null), eb("hidden_by", "!=", "staff")]))
      .execute();
    for (const storyId of new Set(newlyHidden.map((r) => r.story_id))) await recountStoryComments(trx, storyId);
  }
  await recordAudit(
    trx,
    {
      actor,
      action: "user.comment-ban",
      target: { kind: "user", id: userId },
      before: before ? { email: user.email, until: toIso(before.until), note: before.note } : null,
      after: { email: user.email, until, note: ban.note, hide_comments: ban.hideComments, hidden_comments: hidden },
      note: ban.note,
    },
    now,
  );
  return { ok: true, hidden };
}

/** Lifts a member's ban (user.comment-unban); false when they have none. What it hid stays hidden. */
export async function liftCommentBan(trx: Trx, userId: string, actor: AuditActor, now: Date): Promise<boolean> {
  const row = await trx
    .selectFrom("comment_ban")
    .innerJoin("user", "user.id", "comment_ban.user_id")
    .select(["comment_ban.until", "comment_ban.note", "user.email"])
    .where("comment_ban.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom("comment_ban").where("user_id", "=", userId).execute();
  await recordAudit(
    trx,
    {
      actor,
      action: "user.comment-unban",
      target: { kind: "user", id: userId },
      before: { email: row.email, until: toIso(row.until), note: row.note },
      after: null,
    },
    now,
  );
  return true;
}
