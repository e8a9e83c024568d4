/**
 * Who hears of a new comment (docs/decisions/0032), written to the outbox in the comment's own
 * transaction: the story's author of a new top-level comment, the writer of the comment a reply
 * answers. Never the person who wrote it, and only an account whose `comment_mail` is on (Settings,
 * or the e-mail's one-click unsubscribe: the `comments` list). One e-mail per comment and person.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { boolValue, type DialectName } from "../../db/dialect.js";
import { publicCreator } from "../../db/visibility.js";
import { enqueueMail } from "../../outbox/enqueue.js";

export interface WrittenComment {
  id: string;
  storyId: string;
  storyTitle: string;
  storyCreatorId: string | null;
  writerId: string;
  body: string;
  /** The writer of the comment a reply answers (null: a deleted account, or not a reply). */
  answeredUserId: string | null;
  isReply: boolean;
}

/** The link to the comment on its story's page. */
export function commentUrl(publicUrl: string, storyId: string, commentId: string): string {
  return `${publicUrl}/stories/${encodeURIComponent(storyId)}#comment-${encodeURIComponent(commentId)}`;
}

/** Writes the comment's e-mail, if anyone is to get one; true when one was written. */
export async function notifyOfComment(trx: Kysely<Database>, dialect: DialectName, comment: WrittenComment, publicUrl: string, now: Date): Promise<boolean> {
  let recipient: { id: string; email: string; username: string } | undefined;
  if (comment.isReply) {
    if (comment.answeredUserId === null) return false;
    recipient = await trx.selectFrom("user").select(["id", "email", "username"]).where("id", "=", comment.answeredUserId).where("comment_mail", "=", boolValue(dialect, true)).executeTakeFirst();
  } else {
    if (comment.storyCreatorId === null) return false;
    recipient = await trx
      .selectFrom("creator")
      .innerJoin("user", "user.id", "creator.user_id")
      .select(["user.id", "user.email", "user.username"])
      .where("creator.id", "=", comment.storyCreatorId)
      .where("user.comment_mail", "=", boolValue(dialect, true))
      .executeTakeFirst();
  }
  if (!recipient || recipient.id === comment.writerId) return false;
  const writer = await trx
    .selectFrom("user")
    .leftJoin("creator", (join) => join.onRef("creator.id", "=", "user.creator_id").on(publicCreator(dialect, "creator")))
    .select(["user.username", sql<string | null>`creator.first_name || ' ' || creator.last_name`.as("creator_name")])
    .where("user.id", "=", comment.writerId)
    .executeTakeFirstOrThrow();
  const props = {
    name: recipient.username,
    commenterName: writer.creator_name?.trim() || writer.username,
    storyTitle: comment.storyTitle,
    body: comment.body,
    url: commentUrl(publicUrl, comment.storyId, comment.id),
  };
  const mail = comment.isReply ? ({ template: "comment-reply", props } as const) : ({ template: "comment-on-story", props } as const);
  await enqueueMail(trx, { ...mail, to: recipient.email, userId: recipient.id, dedupeKey: `comment:${comment.id}:${recipient.id}` }, now);
  return true;
}
