/**
 * Newsletter issues (issue 32, docs/decisions/0031). An issue is a draft until it is sent or
 * scheduled: then `send_at` is set and one announcement (`newsletter:<id>`, due at `send_at`) is
 * written in the same transaction, with the audit entry; the outbox worker expands it to the list
 * (outbox/announcements/newsletter.ts). Its status is read, never stored: scheduled while `send_at`
 * is ahead, sending until the announcement is done and nothing of it waits in the outbox, then
 * sent. Until the expansion starts, a scheduled issue can be edited or unscheduled.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type {
  NewsletterIssue,
  NewsletterIssueInput,
  NewsletterIssueSummary,
  NewsletterOverview,
  NewsletterProgress,
  NewsletterStatus,
} from "../../../../common/api/admin-newsletter.js";
import type { Db } from "../../../db/client.js";
import { toIso, writeTransaction } from "../../../db/dialect.js";
import type { Database } from "../../../db/types.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

type Executor = Kysely<Database>;
const topicOf = (id: string) => `newsletter:${id}`;
const count = sql<string | number>`count(*)`;

interface IssueRow {
  id: string;
  subject: string;
  body: string;
  created_at: string | Date;
  updated_at: string | Date;
  send_at: string | Date | null;
  done_at: string | Date | null;
  cursor: string | null;
  claimed_until: string | Date | null;
  mail_count: number | null;
}

function issues(db: Executor) {
  return db
    .selectFrom("newsletter_issue")
    .leftJoin("announcement", (join) => join.on("announcement.kind", "=", "newsletter").onRef("announcement.subject_id", "=", "newsletter_issue.id"))
    .select([
      "newsletter_issue.id",
      "newsletter_issue.subject",
      "newsletter_issue.body",
      "newsletter_issue.created_at",
      "newsletter_issue.updated_at",
      "newsletter_issue.send_at",
      "announcement.done_at",
      "announcement.cursor",
      "announcement.claimed_until",
      "announcement.mail_count",
    ]);
}

/** Queued, sent and failed counts per issue, from the outbox's topic. */
async function progressOf(db: Executor, ids: string[]): Promise<Map<string, Omit<NewsletterProgress, "recipients">>> {
  const byIssue = new Map<string, Omit<NewsletterProgress, "recipients">>();
  if (ids.length === 0) return byIssue;
  const rows = await db
    .selectFrom("outbox")
    .select([
      "topic",
      sql<string>`case when sent_at is not null then 'sent' when failed_at is not null then 'failed' else 'queued' end`.as("state"),
      count.as("n"),
    ])
    .where("topic", "in", ids.map(topicOf))
    .groupBy(["topic", sql`case when sent_at is not null then 'sent' when failed_at is not null then 'failed' else 'queued' end`])
    .execute();
  for (const id of ids) byIssue.set(id, { queued: 0, sent: 0, failed: 0 });
  for (const row of rows) {
    const entry = byIssue.get(row.topic!.slice("newsletter:".length))!;
    entry[row.state as "queued" | "sent" | "failed"] = Number(row.n);
  }
  return byIssue;
}

function statusOf(row: IssueRow, queued: number, now: Date): NewsletterStatus {
  const sendAt = toIso(row.send_at);
  if (!sendAt) return "draft";
  if (new Date(sendAt) > now) return "scheduled";
  return row.done_at && queued === 0 ? "sent" : "sending";
}

/** Whether the worker has begun writing its e-mails (then it can no longer be changed or stopped). */
const started = (row: IssueRow) => row.cursor !== null || row.done_at !== null || row.claimed_until !== null;

function summary(row: IssueRow, progress: Omit<NewsletterProgress, "recipients">, now: Date): NewsletterIssueSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: statusOf(row, progress.queued, now),
    send_at: toIso(row.send_at),
    updated_at: toIso(row.updated_at)!,
    progress: { recipients: Number(row.mail_count ?? 0), ...progress },
  };
}

export async function newsletterOverview(database: Db, now: Date): Promise<NewsletterOverview> {
  const { db } = database;
  const [rows, accounts, footer] = await Promise.all([
    issues(db).orderBy("newsletter_issue.created_at", "desc").orderBy("newsletter_issue.id", "desc").limit(100).execute(),
    db.selectFrom("user").select(count.as("n")).where("newsletter_since", "is not", null).executeTakeFirstOrThrow(),
    db
      .selectFrom("newsletter_subscriber")
      .select([sql<string | number>`sum(case when confirmed_at is not null then 1 else 0 end)`.as("confirmed"), count.as("n")])
      .executeTakeFirstOrThrow(),
  ]);
  const progress = await progressOf(db, rows.map((r) => r.id));
  const confirmedFooter = Number(footer.confirmed ?? 0);
  return {
    subscribers: { confirmed: Number(accounts.n) + confirmedFooter, waiting: Number(footer.n) - confirmedFooter },
    issues: rows.map((row) => summary(row, progress.get(row.id)!, now)),
  };
}

export async function newsletterIssue(database: Db, id: string, now: Date): Promise<NewsletterIssue | undefined> {
  const { db } = database;
  const row = await issues(db).where("newsletter_issue.id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const [progress, failures] = await Promise.all([
    progressOf(db, [id]),
    db
      .selectFrom("outbox")
      .select(["id", "recipient", "last_error", "failed_at"])
      .where("topic", "=", topicOf(id))
      .where("failed_at", "is not", null)
      .where("sent_at", "is", null)
      .orderBy("failed_at", "desc")
      .orderBy("id")
      .limit(50)
      .execute(),
  ]);
  return {
    ...summary(row, progress.get(id)!, now),
    body: row.body,
    created_at: toIso(row.created_at)!,
    failures: failures.map((f) => ({ id: f.id, recipient: f.recipient, last_error: f.last_error, failed_at: toIso(f.failed_at)! })),
  };
}

export async function createIssue(database: Db, input: NewsletterIssueInput, actor: AuditActor, now: Date): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await writeTransaction(database.db, database.dialect, async (trx) => {
    await trx.insertInto("newsletter_issue").values({ id, ...input, created_by: actor.id, created_at: at, updated_at: at, send_at: null }).execute();
    await recordAudit(trx, { actor, action: "newsletter.create", target: { kind: "newsletter", id }, before: null, after: { subject: input.subject } }, now);
  });
  return id;
}

export type IssueRefusal = "notFound" | "sent" | "scheduled" | "notScheduled" | "started" | "notDraft";

/** The issue as a transaction sees it, or why the change is refused. */
async function current(trx: Executor, id: string): Promise<IssueRow | undefined> {
  return issues(trx).where("newsletter_issue.id", "=", id).executeTakeFirst();
}

/** Edits a draft, or a scheduled issue not yet begun (what the worker reads when it begins). */
export async function updateIssue(database: Db, id: string, input: NewsletterIssueInput, actor: AuditActor, now: Date): Promise<IssueRefusal | undefined> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await current(trx, id);
    if (!row) return "notFound";
    if (row.send_at && (started(row) || new Date(toIso(row.send_at)!) <= now)) return "sent";
    await trx.updateTable("newsletter_issue").set({ ...input, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await recordAudit(
      trx,
      { actor, action: "newsletter.update", target: { kind: "newsletter", id }, before: { subject: row.subject }, after: { subject: input.subject } },
      now,
    );
    return undefined;
  });
}

/** Sends a draft now, or at `sendAt` (in the future): one announcement, due then. */
export async function sendIssue(database: Db, id: string, sendAt: Date | null, actor: AuditActor, now: Date): Promise<IssueRefusal | undefined> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await current(trx, id);
    if (!row) return "notFound";
    if (row.send_at) return new Date(toIso(row.send_at)!) > now && !started(row) ? "scheduled" : "sent";
    const at = (sendAt ?? now).toISOString();
    await trx.updateTable("newsletter_issue").set({ send_at: at, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await trx
      .insertInto("announcement")
      .values({ id: randomUUID(), key: topicOf(id), kind: "newsletter", creator_id: null, subject_id: id, created_at: now.toISOString(), available_at: at })
      .execute();
    await recordAudit(
      trx,
      { actor, action: sendAt ? "newsletter.schedule" : "newsletter.send", target: { kind: "newsletter", id }, before: { send_at: null }, after: { send_at: at } },
      now,
    );
    return undefined;
  });
}

/** A scheduled issue back to a draft, if the worker has not begun it. */
export async function unscheduleIssue(database: Db, id: string, actor: AuditActor, now: Date): Promise<IssueRefusal | undefined> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await current(trx, id);
    if (!row) return "notFound";
    if (!row.send_at) return "notScheduled";
    if (started(row) || new Date(toIso(row.send_at)!) <= now) return "started";
    // Deleted only while nobody holds it: a worker that claimed it in between wins.
    const gone = await trx
      .deleteFrom("announcement")
      .where("key", "=", topicOf(id))
      .where("claimed_until", "is", null)
      .where("cursor", "is", null)
      .where("done_at", "is", null)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return "started";
    await trx.updateTable("newsletter_issue").set({ send_at: null, updated_at: now.toISOString() }).where("id", "=", id).execute();
    await recordAudit(
      trx,
      { actor, action: "newsletter.unschedule", target: { kind: "newsletter", id }, before: { send_at: toIso(row.send_at) }, after: { send_at: null } },
      now,
    );
    return undefined;
  });
}

/** Deletes a draft (never one sent or scheduled). */
export async function deleteIssue(database: Db, id: string, actor: AuditActor, now: Date): Promise<IssueRefusal | undefined> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await current(trx, id);
    if (!row) return "notFound";
    if (row.send_at) return "notDraft";
    await trx.deleteFrom("newsletter_issue").where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "newsletter.delete", target: { kind: "newsletter", id }, before: { subject: row.subject }, after: null }, now);
    return undefined;
  });
}

/** The issue's subject and body, for a test copy. */
export async function issueContent(database: Db, id: string) {
  return database.db.selectFrom("newsletter_issue").select(["subject", "body"]).where("id", "=", id).executeTakeFirst();
}
