/**
 * A story published or a drop opened, expanded to the creator's followers who hear at once; what
 * an announcement names is read when it is expanded, so what the public can no longer see is
 * announced to no one.
 */
import type { Db } from "../../db/client.js";
import { toIso } from "../../db/dialect.js";
import { publicCreator, publicProduct, publicStory } from "../../db/visibility.js";
import { creatorNameSql } from "../../features/follows/follows.queries.js";
import { storyHasPage } from "../../features/catalog/catalog.queries.js";
import { recipientName, writeBatch, type Announcement, type Mail } from "./batch.js";


export interface Subject {
  creatorId: string;
  creatorName: string;
  title: string;
  url: string;
  /** A drop that opens later than the announcement's time (its time moved). */
  opensAt: Date | null;
}

/** What an announcement names, if the public may still see it now; undefined otherwise. */
export async function subjectOf(database: Db, row: Pick<Announcement, "kind" | "subject_id">, publicUrl: string): Promise<Subject | undefined> {
  const { db, dialect } = database;
  if (!row.subject_id) return undefined;
  if (row.kind === "story") {
    const story = await db
      .selectFrom("story")
      .innerJoin("creator", "creator.id", "story.creator_id")
      .select(["story.id", "story.title", "creator.id as creator_id", creatorNameSql.as("creator_name")])
      .where("story.id", "=", row.subject_id)
      .where(publicStory("story"))
      .where(storyHasPage("story"))
      .where(publicCreator(dialect, "creator"))
      .executeTakeFirst();
    return (
      story && {
        creatorId: story.creator_id,
        creatorName: story.creator_name,
        title: story.title,
        url: `${publicUrl}/stories/${encodeURIComponent(story.id)}`,
        opensAt: null,
      }
    );
  }
  const product = await db
    .selectFrom("product")
    .innerJoin("creator", "creator.id", "product.creator_id")
    .select(["product.id", "product.title", "product.drops_at", "creator.id as creator_id", creatorNameSql.as("creator_name")])
    .where("product.id", "=", row.subject_id)
    .where("product.creator_id", "is not", null)
    .where(publicProduct("product"))
    .where(publicCreator(dialect, "creator"))
    .executeTakeFirst();
  const opensAt = product?.drops_at ? new Date(toIso(product.drops_at)!) : null;
  return (
    product && {
      creatorId: product.creator_id!,
      creatorName: product.creator_name,
      title: product.title,
      url: `${publicUrl}/store?productId=${encodeURIComponent(product.id)}`,
      opensAt,
    }
  );
}

/** One batch of a story's or a drop's followers who hear of it at once. */
export async function expandFollowers(database: Db, row: Announcement, token: string, subject: Subject, now: Date, batchSize: number): Promise<boolean> {
  const followers = await database.db
    .selectFrom("follow")
    .innerJoin("user", "user.id", "follow.user_id")
    .select(["user.id", "user.email", recipientName.as("name"), "user.follow_mail", "user.creator_id"])
    .where("follow.creator_id", "=", subject.creatorId)
    .$if(row.cursor !== null, (q) => q.where("follow.user_id", ">", row.cursor!))
    .orderBy("follow.user_id")
    .limit(batchSize)
    .execute();
  const mails: Mail[] = followers
    // A creator's own account following itself is not told of its own work.
    .filter((f) => f.follow_mail === "instant" && f.creator_id !== subject.creatorId)
    .map((f) =>
      row.kind === "story"
        ? {
            user: f,
            template: "follow-story",
            props: {
              name: f.name,
              creatorName: subject.creatorName,
              title: subject.title,
              url: subject.url,
            },
          }
        : {
            user: f,
            template: "follow-drop",
            props: {
              name: f.name,
              creatorName: subject.creatorName,
              productName: subject.title,
              url: subject.url,
            },
          },
    );
  return writeBatch(
    database,
    row,
    token,
    {
      cursor: followers.at(-1)?.id ?? row.cursor,
      last: followers.length < batchSize,
      mails,
    },
    now,
  );
}

