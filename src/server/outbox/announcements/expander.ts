/**
 * Announcements to followers (issue 32, docs/decisions/0030): publishing a story or opening a drop
 * writes one `announcement` row in the change's own transaction (announce.ts),
 * never a row per follower; the outbox worker expands it afterwards (expandDue).
 *
 * Expansion takes one announcement at a time under a lease (as the outbox's rows), and writes one
 * batch of followers at a time, ordered by user id from `follow_creator_idx`: the batch's e-mails
 * (each with the dedupe key `ann:<announcement>:<user>`, so no one gets one twice), then the
 * announcement's `cursor`. A worker that dies mid-way leaves the cursor at the last batch it
 * finished; the next claim resumes after it, and rewriting a half-written batch adds nothing.
 *
 * Whether a thing may be announced is read when it is expanded, not when it was written: a story
 * unpublished, a product taken down, or a creator hidden or suspended in between is announced to
 * no one. A drop whose time moved later waits for the new time.
 *
 * Weekly digests are announcements too (`digest:<Monday>`), made by the first pass of each week:
 * each account with `follow_mail = weekly` gets one e-mail listing what the creators it follows
 * announced in the week before that Monday. Weeks do not overlap and the key is the week, so
 * nothing is in two digests and no digest goes twice.
 */
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../db/client.js";
import type { Database } from "../../db/types.js";
import type { MailContext } from "../../emails/catalog.js";
import { expandAlerts } from "./alerts.js";
import { FANOUT_BATCH, postpone, writeBatch, type Announcement } from "./batch.js";
import { expandDigest, weekStart } from "./digest.js";
import { expandFollowers, subjectOf } from "./followers.js";
import { expandMessage } from "./messages.js";
import { expandNewsletter } from "./newsletter.js";

const LEASE_MS = 60_000;


function due(at: string) {
  return (eb: ExpressionBuilder<Database, "announcement">) =>
    eb.and([eb("done_at", "is", null), eb("available_at", "<=", at), eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)])]);
}

async function claimAnnouncement(database: Db, now: Date): Promise<{ row: Announcement; token: string } | undefined> {
  const at = now.toISOString();
  const token = new Date(now.getTime() + LEASE_MS).toISOString();
  let candidate = database.db.selectFrom("announcement").select("id").where(due(at)).orderBy("available_at").orderBy("id").limit(1);
  if (database.dialect === "postgres") candidate = candidate.forUpdate().skipLocked();
  const row = await database.db
    .updateTable("announcement")
    .set({ claimed_until: token })
    .where("id", "=", candidate)
    .where(due(at))
    .returningAll()
    .executeTakeFirst();
  return row && { row, token };
}


export interface Expander {
  /** Expands due announcements, a batch at a time, until none is due or `stopping()`; resolves with the batches handled. */
  expandDue(stopping: () => boolean): Promise<number>;
}

export function announcementExpander(options: {
  database: Db;
  context: Pick<MailContext, "publicUrl">;
  now: () => Date;
  /** Followers (or digest readers) per batch; FANOUT_BATCH unless a test asks for fewer. */
  batchSize?: number;
}): Expander {
  const { database, now, batchSize = FANOUT_BATCH } = options;
  let digestWeek = "";
  /** This week's digest, written once per process and week (the key makes every other try a no-op). */
  async function ensureDigest(at: Date): Promise<void> {
    const week = weekStart(at).toISOString();
    if (week === digestWeek) return;
    await database.db
      .insertInto("announcement")
      .values({
        id: randomUUID(),
        key: `digest:${week.slice(0, 10)}`,
        kind: "digest",
        creator_id: null,
        subject_id: null,
        created_at: at.toISOString(),
        available_at: week,
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    digestWeek = week;
  }
  return {
    async expandDue(stopping) {
      await ensureDigest(now());
      let batches = 0;
      while (!stopping()) {
        const at = now();
        const claim = await claimAnnouncement(database, at);
        if (!claim) break;
        const { row, token } = claim;
        if (row.kind === "restock" || row.kind === "opening") {
          await expandAlerts(database, row, token, options.context.publicUrl, at, batchSize);
        } else if (row.kind === "digest") {
          await expandDigest(database, row, token, options.context.publicUrl, at, batchSize);
        } else if (row.kind === "newsletter") {
          await expandNewsletter(database, row, token, at, batchSize);
        } else if (row.kind === "message") {
          await expandMessage(database, row, token, options.context.publicUrl, at, batchSize);
        } else {
          const subject = await subjectOf(database, row, options.context.publicUrl);
          if (!subject) await writeBatch(database, row, token, { cursor: row.cursor, last: true, mails: [] }, at);
          else if (subject.opensAt && subject.opensAt > at) await postpone(database, row.id, token, subject.opensAt);
          else await expandFollowers(database, row, token, subject, at, batchSize);
        }
        batches++;
      }
      return batches;
    },
  };
}
