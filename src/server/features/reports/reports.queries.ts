/**
 * Reports (docs/decisions/0019): storing a user's report, the curators' queue, and resolving a
 * report by hiding its item or dismissing it. A resolution is a decision about the item, so it
 * closes every open report of that item at once, in one write transaction with its audit entry.
 */
import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { AdminReport, Report, ReportCreateSchema } from "../../../common/api/reports.js";
import type { Page } from "../../../common/api/paging.js";
import type { DatedCursor } from "../../../common/paging.js";
import {
  REPORT_REASONS,
  REPORTED_COMMENT_TITLE_MAX,
  reportedItemPath,
  type ReportKind,
  type ReportReason,
  type ReportStatus,
} from "../../../common/reports.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { beforeCursor, toPage } from "../../db/paging.js";
import { isUniqueViolation, lockForUpdate, timestampFromSortKey, timestampSortKey, toIso, writeTransaction } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import { recordAudit, type AuditActor } from "../admin/audit/audit.service.js";
import { isReportableComment } from "../admin/comments/moderation.queries.js";
import { hideComment, hideIfReportedEnough, unhideComment } from "../admin/comments/moderation.service.js";
import { setHidden } from "../admin/curation/curation.queries.js";
import { findProduct, findStoryCard } from "../catalog/catalog.queries.js";
import { findCreator } from "../creators/creators.queries.js";

type ReportCreate = z.output<typeof ReportCreateSchema>;

// ------------------------------------------------------------------------------ reporting

/**
 * Whether a signed-in user may report the item: it is on the site now. The public lookups decide
 * what "on the site" means (published stories, approved creators, and what the curation filters
 * leave), and an item already hidden is not reported again.
 */
export async function isReportable(database: Db, kind: ReportKind, id: string, now = new Date()): Promise<boolean> {
  if (kind === "comment") return isReportableComment(database, id, now);
  // A story is on the site as its card, page or not: the spec's sample cards may be reported too.
  const found = kind === "story" ? await findStoryCard(database, id) : kind === "product" ? await findProduct(database, id) : await findCreator(database, id);
  if (!found) return false;
  const row = await database.db.selectFrom(kind).select("hidden_at").where("id", "=", id).executeTakeFirst();
  return row !== undefined && row.hidden_at === null;
}

export type CreateReportResult = { ok: true; report: Report; hidden: boolean } | { ok: false; reason: "already-reported" };

/**
 * Stores an open report; a second open one by the same user of the same item is refused by the
 * partial unique index. A comment's report is written in one transaction with what it may set off:
 * reports from AUTO_HIDE_REPORTS different members hide the comment and tell its writer
 * (`hidden`: this report did).
 */
export async function createReport(
  database: Db,
  reporterId: string,
  input: ReportCreate,
  now = new Date(),
  options: { publicUrl: string } = { publicUrl: "" },
): Promise<CreateReportResult> {
  const row = {
    id: randomUUID(),
    reporter_id: reporterId,
    kind: input.kind,
    item_id: input.item_id,
    reason: input.reason,
    note: input.note,
    status: "open" as const,
    created_at: now.toISOString(),
  };
  let hidden = false;
  try {
    if (input.kind === "comment") {
      hidden = await writeTransaction(database.db, database.dialect, async (trx) => {
        await trx.insertInto("report").values(row).execute();
        return hideIfReportedEnough(trx, database.dialect, input.item_id, options.publicUrl, now);
      });
    } else {
      await database.db.insertInto("report").values(row).execute();
    }
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "already-reported" };
    throw error;
  }
  const { reporter_id: _reporter, ...report } = row;
  return { ok: true, report, hidden };
}

/** True when the user has an open report of the item (checked first, so the common case needs no failed insert). */
export async function hasOpenReport(database: Db, reporterId: string, kind: ReportKind, itemId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("report")
    .select("id")
    .where("reporter_id", "=", reporterId)
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return row !== undefined;
}

// ------------------------------------------------------------------------------ the queue

function reportColumns(db: Kysely<Database>, dialect: Db["dialect"]) {
  return db
    .selectFrom("report")
    // A deleted reporter's reports stay, anonymised (reporter_id null; docs/decisions/0020).
    .leftJoin("user as reporter", "reporter.id", "report.reporter_id")
    .leftJoin("user as resolver", "resolver.id", "report.resolved_by")
    .leftJoin("story", (join) => join.onRef("story.id", "=", "report.item_id").on("report.kind", "=", "story"))
    .leftJoin("product", (join) => join.onRef("product.id", "=", "report.item_id").on("report.kind", "=", "product"))
    .leftJoin("creator", (join) => join.onRef("creator.id", "=", "report.item_id").on("report.kind", "=", "creator"))
    .leftJoin("comment", (join) => join.onRef("comment.id", "=", "report.item_id").on("report.kind", "=", "comment"))
    .select([
      "report.id",
      "report.kind",
      "report.item_id",
      "report.reason",
      "report.note",
      "report.status",
      "report.created_at",
      "report.resolved_at",
      "report.resolution_note",
      "reporter.email as reporter_email",
      "resolver.email as resolver_email",
      "story.title as story_title",
      "story.hidden_at as story_hidden_at",
      "product.title as product_title",
      "product.hidden_at as product_hidden_at",
      "creator.first_name as creator_first_name",
      "creator.last_name as creator_last_name",
      "creator.hidden_at as creator_hidden_at",
      "comment.body as comment_body",
      "comment.story_id as comment_story_id",
      "comment.hidden_at as comment_hidden_at",
      "comment.deleted_at as comment_deleted_at",
    ])
    .select((eb) => [
      timestampSortKey(dialect, eb.ref("report.created_at")).as("sort_key"),
      eb
        .selectFrom("report as other")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("other.kind", "=", "report.kind")
        .whereRef("other.item_id", "=", "report.item_id")
        .where("other.status", "=", "open")
        .as("open_reports"),
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportColumns>["executeTakeFirstOrThrow"]>>;

/** The start of a comment's text on one line, as its title in the queue. */
function commentTitle(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length <= REPORTED_COMMENT_TITLE_MAX ? line : `${line.slice(0, REPORTED_COMMENT_TITLE_MAX - 1).trimEnd()}…`;
}

function itemTitle(row: ReportRow): string | null {
  if (row.kind === "story") return row.story_title;
  if (row.kind === "product") return row.product_title;
  // A comment its writer deleted has no text left to judge.
  if (row.kind === "comment") return row.comment_body === null || row.comment_deleted_at !== null ? null : commentTitle(row.comment_body);
  if (row.creator_first_name === null) return null;
  return `${row.creator_first_name} ${row.creator_last_name ?? ""}`.trim();
}

function toAdminReport(row: ReportRow): AdminReport {
  const hiddenAt = { story: row.story_hidden_at, product: row.product_hidden_at, creator: row.creator_hidden_at, comment: row.comment_hidden_at }[row.kind];
  const reason = row.reason as ReportReason;
  return {
    id: row.id,
    status: row.status,
    reason,
    reason_label: REPORT_REASONS[reason] ?? row.reason,
    note: row.note,
    reporter_email: row.reporter_email,
    item: {
      kind: row.kind,
      id: row.item_id,
      title: itemTitle(row),
      path: reportedItemPath(row.kind, row.item_id, row.comment_story_id),
      hidden: hiddenAt !== null && hiddenAt !== undefined,
    },
    open_reports: Number(row.open_reports ?? 0),
    created_at: toIso(row.created_at) ?? "",
    resolved_at: toIso(row.resolved_at),
    resolver_email: row.resolver_email,
    resolution_note: row.resolution_note,
  };
}

/** Rows strictly after the cursor in `(created_at, id) asc` order: the open queue, oldest first. */
function afterCursor(dialect: Db["dialect"], cursor: DatedCursor) {
  return (eb: ExpressionBuilder<Database, "report">) =>
    sql<boolean>`(${eb.ref("report.created_at")}, ${eb.ref("report.id")}) > (${timestampFromSortKey(dialect, cursor.key)}, ${cursor.id})`;
}

/**
 * One page of reports with a status, through report_status_created_idx: open ones oldest first,
 * so the queue is worked from its front; closed ones newest first.
 */
export async function listReports(
  database: Db,
  status: ReportStatus,
  page: { cursor?: DatedCursor; limit: number },
): Promise<Page<AdminReport>> {
  const { dialect } = database;
  const direction = status === "open" ? "asc" : "desc";
  let query = reportColumns(database.db, dialect)
    .where("report.status", "=", status)
    .orderBy("report.created_at", direction)
    .orderBy("report.id", direction)
    .limit(page.limit + 1);
  const cursor = page.cursor;
  if (cursor) {
    query =
      status === "open"
        ? query.where(afterCursor(dialect, cursor))
        : query.where((eb) => beforeCursor(dialect, eb.ref("report.created_at"), eb.ref("report.id"), cursor));
  }
  return toPage(await query.execute(), page.limit, toAdminReport);
}

export async function findReport(database: Db, id: string): Promise<AdminReport | undefined> {
  const row = await reportColumns(database.db, database.dialect).where("report.id", "=", id).executeTakeFirst();
  return row && toAdminReport(row);
}

// ------------------------------------------------------------------------------ resolving

export type ResolveAction = "hide" | "dismiss";

export type ResolveResult =
  | { ok: true; resolvedIds: string[]; kind: ReportKind; itemChanged: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "item-gone" }
  | { ok: false; reason: "already-resolved"; status: Exclude<ReportStatus, "open">; by: string };

/** The account that resolved a report, as the 409 names it. */
async function resolverName(trx: Kysely<Database>, resolvedBy: string | null): Promise<string> {
  if (resolvedBy === null) return "another curator";
  const user = await trx.selectFrom("user").select("email").where("id", "=", resolvedBy).executeTakeFirst();
  return user?.email ?? "another curator";
}

/**
 * Resolves a report and every other open report of its item: `hide` hides the item (setHidden,
 * with its own audit entry) and marks them 'hidden'; `dismiss` leaves the item on the site and
 * marks them 'dismissed'. One audit entry, report.hide or report.dismiss, names them all.
 *
 * A comment is hidden by staff (hidden_by 'staff', also one the reports hid: the curator's decision
 * now); dismissing shows again a comment the reports hid, and leaves one a curator or its story's
 * author hid as it is. `itemChanged`: what the public sees of the item changed.
 *
 * Two curators at once: on PostgreSQL the item's row is locked before the report is read again,
 * so the second waits, then finds the report closed and is told who closed it; SQLite's write
 * transaction already admits one writer at a time.
 */
export async function resolveReport(
  database: Db,
  id: string,
  action: ResolveAction,
  actor: AuditActor,
  options: { note: string; now?: Date },
): Promise<ResolveResult> {
  const now = options.now ?? new Date();
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const first = await trx.selectFrom("report").select(["kind", "item_id"]).where("id", "=", id).executeTakeFirst();
    if (!first) return { ok: false, reason: "not-found" } as const;
    // Every resolution of this item's reports takes this lock first, so they run one after another.
    const item = await lockForUpdate(database.dialect, trx.selectFrom(first.kind).select("id").where("id", "=", first.item_id)).executeTakeFirst();

    // Locked too: with the item gone there is no item row to wait on.
    const report = await lockForUpdate(database.dialect, trx.selectFrom("report").select(["status", "resolved_by"]).where("id", "=", id)).executeTakeFirstOrThrow();
    if (report.status !== "open") {
      return { ok: false, reason: "already-resolved", status: report.status, by: await resolverName(trx, report.resolved_by) } as const;
    }
    if (action === "hide" && !item) return { ok: false, reason: "item-gone" } as const;
    if (action === "hide" && first.kind === "comment") {
      const comment = await trx.selectFrom("comment").select("deleted_at").where("id", "=", first.item_id).executeTakeFirstOrThrow();
      if (comment.deleted_at !== null) return { ok: false, reason: "item-gone" } as const;
    }

    const others = await trx
      .selectFrom("report")
      .select("id")
      .where("kind", "=", first.kind)
      .where("item_id", "=", first.item_id)
      .where("status", "=", "open")
      .where("id", "!=", id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    const resolvedIds = [id, ...others.map((r) => r.id)];
    const status = action === "hide" ? "hidden" : "dismissed";

    let itemChanged = false;
    if (first.kind === "comment") {
      const moved =
        action === "hide"
          ? await hideComment(trx, database.dialect, first.item_id, actor, { note: options.note, now })
          : await unhideComment(trx, database.dialect, first.item_id, actor, { note: options.note, now, onlyIfHiddenBy: "reports" });
      itemChanged = moved === "changed";
    } else if (action === "hide") {
      itemChanged = (await setHidden(trx, first.kind, first.item_id, true, actor, { note: options.note, now })) === "changed";
    }
    await trx
      .updateTable("report")
      .set({ status, resolved_at: now.toISOString(), resolved_by: actor.id, resolution_note: options.note })
      .where("id", "in", resolvedIds)
      .where("status", "=", "open")
      .execute();
    await recordAudit(
      trx,
      {
        actor,
        action: `report.${action}`,
        target: { kind: "report", id },
        before: { status: "open", reports: resolvedIds },
        after: { status, reports: resolvedIds, item: { kind: first.kind, id: first.item_id } },
        note: options.note,
      },
      now,
    );
    return { ok: true, resolvedIds, kind: first.kind, itemChanged } as const;
  });
}
