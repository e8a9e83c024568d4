/**
 * Follows (issue 32, docs/decisions/0029): a fan's account follows a creator the public can see,
 * once. Following twice or unfollowing what is not followed changes nothing (both are safe to
 * repeat, as a double tap sends them twice); the count is counted from the rows.
 */
import { sql } from "kysely";
import type { Db } from "../../db/client.js";
import type { FollowMail } from "../../db/types.js";
import { publicCreator } from "../../db/visibility.js";

/** The creators the account follows, most recently followed first. */
export async function listFollowedIds(database: Db, userId: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom("follow")
    .select("creator_id")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("creator_id")
    .execute();
  return rows.map((r) => r.creator_id);
}

export async function followerCount(database: Pick<Db, "db">, creatorId: string): Promise<number> {
  const row = await database.db.selectFrom("follow").select((eb) => eb.fn.countAll<string | number>().as("n")).where("creator_id", "=", creatorId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function isFollowing(database: Db, userId: string, creatorId: string): Promise<boolean> {
  const row = await database.db.selectFrom("follow").select("creator_id").where("user_id", "=", userId).where("creator_id", "=", creatorId).executeTakeFirst();
  return row !== undefined;
}

/** Follows a creator the public can see: "added", "present" (followed already), or "missing" when there is none such (hidden, suspended, unknown). */
export async function follow(database: Db, userId: string, creatorId: string, now: Date): Promise<"added" | "present" | "missing"> {
  const visible = await database.db
    .selectFrom("creator")
    .select("id")
    .where("id", "=", creatorId)
    .where(publicCreator(database.dialect, "creator"))
    .executeTakeFirst();
  if (!visible) return "missing";
  const result = await database.db
    .insertInto("follow")
    .values({ user_id: userId, creator_id: creatorId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "creator_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? "added" : "present";
}

export async function unfollow(database: Db, userId: string, creatorId: string): Promise<void> {
  await database.db.deleteFrom("follow").where("user_id", "=", userId).where("creator_id", "=", creatorId).execute();
}

/** Where the account's follow of a creator stands, with the creator's count. */
export async function followState(database: Db, userId: string, creatorId: string) {
  const [following, followers] = await Promise.all([isFollowing(database, userId, creatorId), followerCount(database, creatorId)]);
  return { creator_id: creatorId, following, followers };
}

/**
 * A creator's name as the site shows it (catalog.queries.ts's artist_name), in SQL, for the reads
 * of follows, the feed and the announcements, which select it with the creator joined as `creator`.
 */
export const creatorNameSql = sql<string>`trim(creator.first_name || ' ' || creator.last_name)`;

/** The creators the account follows that the public can still see, with their names, most recent first. */
export async function listFollowedCreators(database: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return database.db
    .selectFrom("follow")
    .innerJoin("creator", "creator.id", "follow.creator_id")
    .select(["creator.id", creatorNameSql.as("name")])
    .where("follow.user_id", "=", userId)
    .where(publicCreator(database.dialect, "creator"))
    .orderBy("follow.created_at", "desc")
    .orderBy("creator.id")
    .execute();
}

export async function followMailOf(database: Db, userId: string): Promise<FollowMail> {
  const row = await database.db.selectFrom("user").select("follow_mail").where("id", "=", userId).executeTakeFirst();
  return row?.follow_mail ?? "instant";
}

/** Settings' choice, or `never` from an e-mail's unsubscribe link; false when there is no such account. */
export async function setFollowMail(database: Db, userId: string, mail: FollowMail): Promise<boolean> {
  const result = await database.db.updateTable("user").set({ follow_mail: mail }).where("id", "=", userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
