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
 * Every address is compared lower-cased (Better Auth stores them so; the newsletter schema too).
 */
import { sql, type Kysely } from "kysely";
import type { Db } from "../../db/client.js";
import { toIso, writeTransaction } from "../../db/dialect.js";
import type { Database } from "../../db/types.js";

type Executor = Kysely<Database>;

function addressRow(db: Executor, email: string) {
  return db.selectFrom("newsletter_subscriber").select("created_at").where("email", "=", email.toLowerCase());
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

/**
 * The footer's sign-up: an address with an account turns on that account's consent (as the
 * footer always did for it); any other address is kept as it is typed, lower-cased. A repeat
 * changes nothing.
 */
export async function joinNewsletter(database: Db, email: string, now = new Date()): Promise<void> {
  const address = email.toLowerCase();
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const account = await trx.selectFrom("user").select("id").where("email", "=", address).executeTakeFirst();
    if (account) {
      await trx
        .updateTable("user")
        .set({ newsletter_since: sql<string>`coalesce(newsletter_since, ${now.toISOString()})` })
        .where("id", "=", account.id)
        .execute();
      return;
    }
    await trx
      .insertInto("newsletter_subscriber")
      .values({ email: address, created_at: now.toISOString() })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
  });
}

/**
 * An account has just taken `email` (signed up with it, or confirmed it as its new address): a
 * footer sign-up of that address becomes the account's consent, dated as it was given.
 */
export async function adoptAddressConsent(database: Db, userId: string, email: string): Promise<void> {
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const row = await addressRow(trx, email).executeTakeFirst();
    if (!row) return;
    await trx
      .updateTable("user")
      .set({ newsletter_since: sql<string>`coalesce(newsletter_since, ${toIso(row.created_at)})` })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("newsletter_subscriber").where("email", "=", email.toLowerCase()).execute();
  });
}

/** Every address the newsletter goes to: the subscribed accounts' current addresses and the footer's. */
export async function newsletterAddresses(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom("user")
    .select(sql<string>`lower(email)`.as("email"))
    .where("newsletter_since", "is not", null)
    .union(db.selectFrom("newsletter_subscriber").select("email"))
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
