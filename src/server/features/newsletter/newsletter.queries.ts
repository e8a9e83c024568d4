/**
 * The one writer of newsletter consent (docs/decisions/0020, "Newsletter consent").
 *
 * An account's consent is the account's: `user.newsletter_since`, keyed by the user, so it follows
 * a changed address and goes with a deleted account (the user row). The footer's sign-up of an
 * address without an account is a row of `newsletter_subscriber`. An address is on the list
 * through exactly one of the two: when an account takes an address (sign-up, a confirmed change),
 * a footer row of that address becomes the account's consent, and the footer's sign-up of an
 * account's address is the account's consent. So Settings always shows what the list holds for
 * the account's address, and switching it off takes the address off the list.
 *
 * The footer's sign-up is double opt-in (issue 32, docs/decisions/0031): it writes a waiting row
 * (`confirmed_at` null) and the router sends a confirmation link; only the link's confirmation puts
 * the address on the list (or, for an account's address, turns on the account's consent). A
 * waiting address gets nothing else and is forgotten after 7 days (forgetUnconfirmed). A
 * signed-in member joins from Settings without a link: the session already proves the address.
 *
 * Every address is compared lower-cased (Better Auth stores them so; the newsletter schema too).
 */
import { sql, type Kysely } from "kysely";
import type { Db } from "../../db/client.js";
import { toIso, writeTransaction } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database>;

/** A confirmed footer sign-up of the address (a waiting one is not on the list). */
function addressRow(db: Executor, email: string) {
  return db.selectFrom("newsletter_subscriber").select("confirmed_at").where("email", "=", email.toLowerCase()).where("confirmed_at", "is not", null);
}

/**
 * Settings' switch. On keeps the first consent's date; off takes the account's address off the
 * list, a footer row of the address included (one written between a sign-up and its adoption).
 */
export async function setAccountNewsletter(database: Db, userId: string, on: boolean, now = new Date()): Promise<void> {
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const user = await trx.selectFrom("user").select(["email", "newsletter_since"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return;
    const since = on ? (user.newsletter_since ?? now.toISOString()) : null;
    await trx.updateTable("user").set({ newsletter_since: since }).where("id", "=", userId).execute();
    await trx.deleteFrom("newsletter_subscriber").where("email", "=", user.email.toLowerCase()).execute();
  });
}

/** How long a footer sign-up waits for its confirmation before it is forgotten. */
export const CONFIRM_WITHIN_DAYS = 7;

/**
 * The footer's sign-up. An address not on the list yet (new, or waiting: its 7 days start again)
 * is written as waiting and `confirm` writes its confirmation e-mail in the same transaction;
 * resolves true then. An address on the list already, through the account that has it or a
 * confirmed sign-up, changes nothing and gets nothing: false. The visitor's answer is the same.
 */
export async function joinNewsletter(
  database: Db,
  email: string,
  now: Date,
  confirm: (trx: Executor, address: string) => Promise<void>,
): Promise<boolean> {
  const address = email.toLowerCase();
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const account = await trx.selectFrom("user").select("newsletter_since").where("email", "=", address).executeTakeFirst();
    if (account?.newsletter_since) return false;
    const row = await trx.selectFrom("newsletter_subscriber").select("confirmed_at").where("email", "=", address).executeTakeFirst();
    if (row?.confirmed_at) return false;
    await trx
      .insertInto("newsletter_subscriber")
      .values({ email: address, created_at: now.toISOString(), confirmed_at: null })
      .onConflict((oc) => oc.column("email").doUpdateSet({ created_at: now.toISOString() }))
      .execute();
    await confirm(trx, address);
    return true;
  });
}

/**
 * The confirmation link was followed: an account's address turns on that account's consent; any
 * other address is on the list from now (a sign-up forgotten meanwhile is written again, as the
 * link proves the address and asks for it).
 */
export async function confirmNewsletter(database: Db, email: string, now = new Date()): Promise<void> {
  const address = email.toLowerCase();
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const account = await trx.selectFrom("user").select("id").where("email", "=", address).executeTakeFirst();
    if (account) {
      await trx
        .updateTable("user")
        .set({ newsletter_since: sql<string>`coalesce(newsletter_since, ${now.toISOString()})` })
        .where("id", "=", account.id)
        .execute();
      await trx.deleteFrom("newsletter_subscriber").where("email", "=", address).execute();
      return;
    }
    await trx
      .insertInto("newsletter_subscriber")
      .values({ email: address, created_at: now.toISOString(), confirmed_at: now.toISOString() })
      .onConflict((oc) => oc.column("email").doUpdateSet({ confirmed_at: sql<string>`coalesce(newsletter_subscriber.confirmed_at, ${now.toISOString()})` }))
      .execute();
  });
}

/** Sign-ups not confirmed within CONFIRM_WITHIN_DAYS are forgotten; resolves with how many. */
export async function forgetUnconfirmed(database: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CONFIRM_WITHIN_DAYS * 86_400_000).toISOString();
  const result = await database.db.deleteFrom("newsletter_subscriber").where("confirmed_at", "is", null).where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An account has just taken `email` (signed up with it, or confirmed it as its new address): a
 * confirmed footer sign-up of that address becomes the account's consent, dated as it was given.
 * A waiting one stays waiting: its link, if followed, turns the account's consent on.
 */
export async function adoptAddressConsent(database: Db, userId: string, email: string): Promise<void> {
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await addressRow(trx, email).executeTakeFirst();
    if (!row) return;
    await trx
      .updateTable("user")
      .set({ newsletter_since: sql<string>`coalesce(newsletter_since, ${toIso(row.confirmed_at)})` })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("newsletter_subscriber").where("email", "=", email.toLowerCase()).execute();
  });
}

/** Every address the newsletter goes to: the subscribed accounts' current addresses and the footer's confirmed ones. */
export async function newsletterAddresses(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("user")
    .select(sql<string>`lower(email)`.as("email"))
    .where("newsletter_since", "is not", null)
    .union(db.selectFrom("newsletter_subscriber").select("email").where("confirmed_at", "is not", null))
    .execute();
  return rows.map((r) => r.email).sort();
}

/**
 * A deleted account's address leaves the list (its own consent goes with the user row): a footer
 * row of the address, written while the account existed, goes too. Inside the deletion's transaction.
 */
export async function forgetAddressConsent(trx: Executor, email: string): Promise<void> {
  await trx.deleteFrom("newsletter_subscriber").where(sql<string>`lower(email)`, "=", email.toLowerCase()).execute();
}

/**
 * An unsubscribe link of the newsletter (emails/unsubscribe.ts): its subject is an account's id,
 * or the address of a footer sign-up. Either way the address is off the list afterwards.
 */
export async function leaveNewsletter(database: Db, subject: string): Promise<void> {
  if (!subject.includes("@")) return setAccountNewsletter(database, subject, false);
  await writeTransaction(database.db, database.dialect, async (trx) => {
    await trx.deleteFrom("newsletter_subscriber").where("email", "=", subject.toLowerCase()).execute();
    await trx.updateTable("user").set({ newsletter_since: null }).where("email", "=", subject.toLowerCase()).execute();
  });
}

/** Whether the subject of a newsletter link is still on the list. */
export async function onNewsletter(database: Db, subject: string): Promise<boolean> {
  if (!subject.includes("@")) {
    const user = await database.db.selectFrom("user").select("newsletter_since").where("id", "=", subject).executeTakeFirst();
    return Boolean(user?.newsletter_since);
  }
  const row = await addressRow(database.db, subject).executeTakeFirst();
  return row !== undefined;
}

/** Whether an address is on the list, through its account or a confirmed footer sign-up. */
export async function onNewsletterByAddress(database: Db, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  const account = await database.db.selectFrom("user").select("newsletter_since").where("email", "=", address).executeTakeFirst();
  if (account) return account.newsletter_since !== null;
  return (await addressRow(database.db, address).executeTakeFirst()) !== undefined;
}
