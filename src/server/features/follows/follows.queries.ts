/**
 * Follows (issue 32, docs/decisions/0029): a fan's account follows a creator the public can see,
 * once. Following twice or unfollowing what is not followed changes nothing (both are safe to
 * repeat, as a double tap sends them twice); the count is counted from the rows.
 */
import type { Db } from "../../db/client.js";
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

/** Follows a creator the public can see; false when there is none such (hidden, suspended, unknown). */
export async function follow(database: Db, userId: string, creatorId: string, now: Date): Promise<boolean> {
  const visible = await database.db
    .selectFrom("creator")
    .select("id")
    .where("id", "=", creatorId)
    .where(publicCreator(database.dialect, "creator"))
    .executeTakeFirst();
  if (!visible) return false;
  await database.db
    .insertInto("follow")
    .values({ user_id: userId, creator_id: creatorId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "creator_id"]).doNothing())
    .execute();
  return true;
}

export async function unfollow(database: Db, userId: string, creatorId: string): Promise<void> {
  await database.db.deleteFrom("follow").where("user_id", "=", userId).where("creator_id", "=", creatorId).execute();
}

/** Where the account's follow of a creator stands, with the creator's count. */
export async function followState(database: Db, userId: string, creatorId: string) {
  const [following, followers] = await Promise.all([isFollowing(database, userId, creatorId), followerCount(database, creatorId)]);
  return { creator_id: creatorId, following, followers };
}
