/**
 * The weekly digest (`digest:<Monday>`): each account on `follow_mail = weekly` gets one e-mail of
 * what the creators it follows announced in the week before that Monday.
 */

import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import type { FollowDigestItem } from "../../emails/catalog.js";
import { recipientName, writeBatch, type Announcement, type Mail } from "./batch.js";
import { subjectOf } from "./followers.js";

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week `at` falls in. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** One batch of the week's digest: accounts on `weekly`, each with what its creators announced. */
export async function expandDigest(database: Db, row: Announcement, token: string, publicUrl: string, now: Date, batchSize: number): Promise<boolean> {
  const to = toIso(row.available_at)!;
  const from = new Date(new Date(to).getTime() - 7 * DAY_MS).toISOString();
  const users = await database.db
    .selectFrom("user")
    .select(["user.id", "user.email", recipientName.as("name")])
    .where("user.follow_mail", "=", "weekly")
    .$if(row.cursor !== null, (q) => q.where("user.id", ">", row.cursor!))
    .orderBy("user.id")
    .limit(batchSize)
    .execute();
  const mails: Mail[] = [];
  if (users.length > 0) {
    const announced = await database.db
      .selectFrom("announcement")
      .select(["kind", "subject_id", "available_at"])
      .where("kind", "in", ["story", "drop"])
      .where("available_at", ">=", from)
      .where("available_at", "<", to)
      .orderBy("available_at", "desc")
      .execute();
    const items: (FollowDigestItem & { creatorId: string })[] = [];
    for (const a of announced) {
      const subject = await subjectOf(database, a, publicUrl);
      if (subject)
        items.push({
          kind: a.kind as "story" | "drop",
          creatorId: subject.creatorId,
          creatorName: subject.creatorName,
          title: subject.title,
          url: subject.url,
        });
    }
    if (items.length > 0) {
      const follows = await database.db
        .selectFrom("follow")
        .select(["user_id", "creator_id"])
        .where(
          "user_id",
          "in",
          users.map((u) => u.id),
        )
        .where("creator_id", "in", [...new Set(items.map((i) => i.creatorId))])
        .execute();
      for (const user of users) {
        const followed = new Set(follows.filter((f) => f.user_id === user.id).map((f) => f.creator_id));
        const mine = items.filter((i) => followed.has(i.creatorId)).map(({ creatorId: _, ...item }) => item);
        if (mine.length > 0)
          mails.push({
            user,
            template: "follow-digest",
            props: { name: user.name, items: mine },
          });
      }
    }
  }
  return writeBatch(
    database,
    row,
    token,
    {
      cursor: users.at(-1)?.id ?? row.cursor,
      last: users.length < batchSize,
      mails,
    },
    now,
  );
}

