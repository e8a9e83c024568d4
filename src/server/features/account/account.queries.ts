/**
 * The account's own data: the profile and preferences Settings changes, and what deleting an
 * account removes besides what Better Auth deletes itself (decision 0020). Better Auth's hook
 * (auth/better-auth.ts, user.deleteUser.beforeDelete) calls purgeAccountData once the password was
 * checked; deleting the user row then cascades to sessions, accounts, cart, favorites, saved
 * addresses, reports and media, and sets order.user_id to null.
 */
import { sql } from "kysely";
import type { Db } from "../../db/client.js";

export interface PurgedUser {
  id: string;
  email: string;
}

export async function purgeAccountData(database: Db, user: PurgedUser, now = new Date()): Promise<void> {
  const email = user.email.toLowerCase();
  await database.db.transaction().execute(async (trx) => {
    const creator = await trx.selectFrom("creator").select("id").where("user_id", "=", user.id).executeTakeFirst();
    if (creator) {
      // Products stay (orders name them) but leave the site: hidden, and without a seller once
      // the creator row goes (product.creator_id is ON DELETE SET NULL). Stories, disciplines and
      // links to stories go with the creator row (ON DELETE CASCADE).
      await trx.updateTable("product").set({ hidden_at: now.toISOString() }).where("creator_id", "=", creator.id).where("hidden_at", "is", null).execute();
      await trx.deleteFrom("creator").where("id", "=", creator.id).execute();
    }
    // Orders stay for the shop's accounts with the name, address and contact address of the sale;
    // the phone number was only for the delivery (decision 0020).
    await trx.updateTable("order").set({ phone: "" }).where("user_id", "=", user.id).execute();
    await trx.deleteFrom("newsletter_subscriber").where(sql<string>`lower(email)`, "=", email).execute();
    await trx
      .deleteFrom("outbox")
      .where((eb) => eb.or([eb("user_id", "=", user.id), eb(sql<string>`lower(recipient)`, "=", email)]))
      .execute();
    // Reset and deletion links name the user in `value` (Better Auth's verification rows).
    await trx.deleteFrom("verification").where("value", "=", user.id).execute();
  });
}

/** The newsletter is kept by address (features/newsletter), so it follows the account's address. */
export async function newsletterSubscribed(database: Db, email: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("newsletter_subscriber")
    .select("email")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function setNewsletter(database: Db, email: string, on: boolean): Promise<void> {
  if (on) {
    await database.db
      .insertInto("newsletter_subscriber")
      .values({ email: email.toLowerCase() })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    return;
  }
  await database.db.deleteFrom("newsletter_subscriber").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}

/** A session of `userId` by id, or undefined for anyone else's (nothing is revealed about it). */
export async function sessionTokenOf(database: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("session")
    .select("token")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.token;
}

export async function liveSessions(database: Db, userId: string, now = new Date()) {
  return database.db
    .selectFrom("session")
    .select(["id", "token", "user_agent", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
}

/** The user a password reset token belongs to, while it is valid (Better Auth's verification row). */
export async function resetTokenUserId(database: Db, token: string): Promise<string | undefined> {
  const row = await database.db
    .selectFrom("verification")
    .select("value")
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  return row?.value;
}

/** The account's uploads, whose files go from storage when the account is deleted. */
export async function ownedMedia(database: Db, userId: string) {
  return database.db.selectFrom("media").select(["hash", "widths"]).where("owner_id", "=", userId).execute();
}
