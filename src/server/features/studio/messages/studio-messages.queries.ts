/**
 * A creator's messages to their followers (docs/decisions/0030): what the studio lists, who a
 * message reaches (counts only: no address, no name ever leaves the server), and writing one with
 * its announcement in one transaction, at most once a week.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { StudioMessage } from "../../../../common/api/studio-messages.js";
import { CREATOR_MESSAGE_INTERVAL_MS } from "../../../../common/creator-message-fields.js";
import type { Db } from "../../../db/client.js";
import { lockForUpdate, toIso, writeTransaction } from "../../../db/dialect.js";
import { announceMessage } from "../../../outbox/announcements/announce.js";
import { messageReaches } from "../../../outbox/announcements/messages.js";
import { followerCount } from "../../follows/follows.queries.js";

/** The studio lists a year's worth (one a week at most). */
const LISTED = 52;

/** The creator's messages, newest first, each with what its announcement has sent so far. */
export async function listMessages(database: Db, creatorId: string): Promise<StudioMessage[]> {
  const rows = await database.db
    .selectFrom("creator_message")
    // The announcement's key is unique: one probe of its index per message.
    .leftJoin("announcement", (join) => join.on("announcement.key", "=", sql<string>`'message:' || creator_message.id`))
    .select(["creator_message.id", "creator_message.body", "creator_message.created_at", "announcement.done_at", "announcement.mail_count"])
    .where("creator_message.creator_id", "=", creatorId)
    .orderBy("creator_message.created_at", "desc")
    .orderBy("creator_message.id", "desc")
    .limit(LISTED)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    created_at: toIso(r.created_at)!,
    sent_at: toIso(r.done_at ?? null),
    mail_count: Number(r.mail_count ?? 0),
  }));
}

/** How many follow the creator, and how many of them a message would reach now. */
export async function messageAudience(database: Db, creatorId: string): Promise<{ followers: number; recipients: number }> {
  const [followers, reached] = await Promise.all([
    followerCount(database, creatorId),
    database.db
      .selectFrom("follow")
      .innerJoin("user", "user.id", "follow.user_id")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where(messageReaches(creatorId))
      .executeTakeFirstOrThrow(),
  ]);
  return { followers, recipients: Number(reached.n) };
}

type Reader = Pick<Db, "db">["db"];

async function lastWrittenAt(db: Reader, creatorId: string): Promise<Date | null> {
  const row = await db
    .selectFrom("creator_message")
    .select("created_at")
    .where("creator_id", "=", creatorId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(toIso(row.created_at)!) : null;
}

/** When the creator may write next: a week after the last message (rolling), or null when that is now. */
export function nextMessageAt(last: Date | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.getTime() + CREATOR_MESSAGE_INTERVAL_MS);
  return next > now ? next : null;
}

export async function nextMessageAtOf(database: Db, creatorId: string, now: Date): Promise<Date | null> {
  return nextMessageAt(await lastWrittenAt(database.db, creatorId), now);
}

export type MessageWrite = { ok: true; id: string } | { ok: false; nextAt: Date };

/**
 * Writes the message and its announcement (`message:<id>`, due now) in one transaction, unless
 * the last message is less than a week old: then nothing is written. Two at once (two tabs) are
 * one after the other: SQLite's write transaction holds the database, and on PostgreSQL the
 * creator's row is locked before the look back, so the second sees the first's message.
 */
export async function writeMessage(database: Db, creatorId: string, body: string, now: Date): Promise<MessageWrite> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    await lockForUpdate(database.dialect, trx.selectFrom("creator").select("id").where("id", "=", creatorId)).execute();
    const nextAt = nextMessageAt(await lastWrittenAt(trx, creatorId), now);
    if (nextAt) return { ok: false, nextAt };
    const id = randomUUID();
    await trx.insertInto("creator_message").values({ id, creator_id: creatorId, body, created_at: now.toISOString() }).execute();
    await announceMessage(trx, creatorId, id, now);
    return { ok: true, id };
  });
}
