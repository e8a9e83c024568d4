/**
 * A creator's message to their followers (docs/decisions/0030), expanded as a story's is
 * (followers.ts): one batch of followers at a time, ordered by user id after the cursor.
 *
 * Who gets it: every follower whose `follow_mail` is not `never`. Weekly readers get it at once
 * too: a message is the creator speaking, not news of new work a digest could list, and a creator
 * writes at most once a week, so it never floods them. The creator's own account, following
 * itself, is not written to. Read when it is expanded: a creator hidden or suspended in between is
 * announced to no one (the message stays in their studio with no e-mails counted).
 */
import type { ExpressionBuilder } from "kysely";
import type { Db } from "../../db/client.js";
import type { Database } from "../../db/types.js";
import { publicCreator } from "../../db/visibility.js";
import { creatorNameSql } from "../../features/follows/follows.queries.js";
import { recipientName, writeBatch, type Announcement, type Mail } from "./batch.js";

/**
 * The follows of `creatorId` whose account a message reaches: the studio counts them
 * (features/studio/messages) with the same condition the expansion writes e-mails by.
 */
export function messageReaches(creatorId: string) {
  return (eb: ExpressionBuilder<Database, "follow" | "user">) =>
    eb.and([
      eb("follow.creator_id", "=", creatorId),
      eb("user.follow_mail", "!=", "never"),
      eb.or([eb("user.creator_id", "is", null), eb("user.creator_id", "!=", creatorId)]),
    ]);
}

/** One batch of a message's readers; the whole message is announced to no one once the creator is off the site. */
export async function expandMessage(database: Db, row: Announcement, token: string, publicUrl: string, now: Date, batchSize: number): Promise<boolean> {
  const { db, dialect } = database;
  const message = row.subject_id
    ? await db
        .selectFrom("creator_message")
        .innerJoin("creator", "creator.id", "creator_message.creator_id")
        .select(["creator_message.body", "creator.id as creator_id", creatorNameSql.as("creator_name")])
        .where("creator_message.id", "=", row.subject_id)
        .where(publicCreator(dialect, "creator"))
        .executeTakeFirst()
    : undefined;
  if (!message) return writeBatch(database, row, token, { cursor: row.cursor, last: true, mails: [] }, now);
  const followers = await db
    .selectFrom("follow")
    .innerJoin("user", "user.id", "follow.user_id")
    .select(["user.id", "user.email", recipientName.as("name")])
    .where(messageReaches(message.creator_id))
    .$if(row.cursor !== null, (q) => q.where("follow.user_id", ">", row.cursor!))
    .orderBy("follow.user_id")
    .limit(batchSize)
    .execute();
  const url = `${publicUrl}/creators/${encodeURIComponent(message.creator_id)}`;
  const mails: Mail[] = followers.map((f) => ({
    user: f,
    template: "creator-message",
    props: { name: f.name, creatorName: message.creator_name, body: message.body, url },
  }));
  return writeBatch(
    database,
    row,
    token,
    {
      // The filter runs in the query, so the cursor is the last reader written; a batch shorter
      // than asked is the last.
      cursor: followers.at(-1)?.id ?? row.cursor,
      last: followers.length < batchSize,
      mails,
    },
    now,
  );
}

