/**
 * The account's own data: the profile and preferences Settings changes, and what deleting an
 * account removes besides what Better Auth deletes itself (decision 0020). Better Auth's hook
 * (auth/better-auth.ts, user.deleteUser.beforeDelete) calls purgeAccountData once the password was
 * checked; deleting the user row then cascades to sessions, accounts, cart, favorites, saved
 * addresses and media, and sets order.user_id and report.reporter_id to null (the curators' record
 * of a report stays, anonymised). The newsletter consent is a column of the user row.
 */
import { sql } from "kysely";
import type { AccountDeletion } from "../../../common/api/account.js";
import type { Db } from "../../db/client.js";
import { writeTransaction } from "../../db/dialect.js";
import { enqueueMail } from "../../outbox/enqueue.js";
import { forgetLikesOf } from "../comments/comments.service.js";
import { forgetAddressConsent } from "../newsletter/newsletter.queries.js";
import { moveOrder } from "../orders/order-moves.service.js";
import { findMailedOrder, type Trx } from "../orders/orders.queries.js";

export interface PurgedUser {
  id: string;
  email: string;
}

/** Orders the shop has been paid for and still has to deliver: a deleted account's stay on their way. */
const ON_THEIR_WAY = ["paid", "shipped"] as const;

export async function purgeAccountData(database: Db, user: PurgedUser, now = new Date()): Promise<void> {
  const email = user.email.toLowerCase();
  await writeTransaction(database.db, database.dialect, async (trx) => {
    const creator = await trx.selectFrom("creator").select("id").where("user_id", "=", user.id).executeTakeFirst();
    if (creator) {
      // Products stay (orders name them) but leave the site: hidden, and without a seller once
      // the creator row goes (product.creator_id is ON DELETE SET NULL). Stories, disciplines and
      // links to stories go with the creator row (ON DELETE CASCADE).
      await trx.updateTable("product").set({ hidden_at: now.toISOString() }).where("creator_id", "=", creator.id).where("hidden_at", "is", null).execute();
      await trx.deleteFrom("creator").where("id", "=", creator.id).execute();
    }
    await forgetAddressConsent(trx, email);
    // Comments stay as 'Deleted account' (comment.user_id goes null); likes leave their counts.
    await forgetLikesOf(trx, user.id);
    await trx
      .deleteFrom("outbox")
      .where((eb) =>
        eb.or([
          eb("user_id", "=", user.id),
          // A second run (the hook may run twice) keeps the notices the first one wrote.
          eb.and([eb(sql<string>`lower(recipient)`, "=", email), eb("template", "!=", CANCELLED_WITH_ACCOUNT)]),
        ]),
      )
      .execute();
    await cancelUnpaidOrders(database, trx, user.id, now);
    // Orders stay for the shop's accounts with the name, address and contact address of the sale;
    // the phone number was only for the delivery, so it stays only on a paid order the shop still
    // has to deliver (decision 0020).
    await trx.updateTable("order").set({ phone: "" }).where("user_id", "=", user.id).where("status", "not in", ON_THEIR_WAY).execute();
    // Reset and deletion links name the user in `value` (Better Auth's verification rows).
    await trx.deleteFrom("verification").where("value", "=", user.id).execute();
  });
}

const CANCELLED_WITH_ACCOUNT = "order-cancelled-account-deleted";

/**
 * Placed, unpaid orders end with the account: nobody would pay their invoice, and staff must not
 * ship them. Each is the buyer's own cancel through the orders' one state machine (moveOrder, its
 * restock included), inside the deletion's transaction, and the buyer is told at the order's
 * contact address through the outbox.
 */
async function cancelUnpaidOrders(database: Db, trx: Trx, userId: string, now: Date): Promise<void> {
  const unpaid = await trx.selectFrom("order").select("id").where("user_id", "=", userId).where("status", "=", "placed").orderBy("created_at").execute();
  for (const { id } of unpaid) {
    const result = await moveOrder(
      database,
      {
        action: "cancel",
        orderId: id,
        buyerId: userId,
        now,
        record: async (inner) => {
          const mailed = await findMailedOrder(inner, id);
          if (!mailed) throw new Error(`order ${id} unreadable inside its cancel`);
          // No user id: the account is going, the message is the shop's record of telling the buyer.
          await enqueueMail(inner, { template: CANCELLED_WITH_ACCOUNT, to: mailed.order.shipping.email, props: { order: mailed.order }, dedupeKey: `${CANCELLED_WITH_ACCOUNT}:${id}` }, now);
        },
      },
      trx,
    );
    if (!result.ok) throw new Error(`order ${id} could not be cancelled with its account: ${result.reason}`);
  }
}

/** What deleting the account does to its orders, for the dialog that asks first. */
export async function deletionOrders(database: Db, userId: string): Promise<AccountDeletion> {
  const rows = await database.db
    .selectFrom("order")
    .select(["id", "status", "total_cents", "contact_email"])
    .where("user_id", "=", userId)
    .where("status", "in", ["placed", ...ON_THEIR_WAY])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return {
    cancelled_orders: rows.filter((r) => r.status === "placed").map((r) => ({ id: r.id, total_cents: r.total_cents })),
    orders_on_their_way: rows.flatMap((r) => (r.status === "paid" || r.status === "shipped" ? [{ id: r.id, status: r.status, contact_email: r.contact_email }] : [])),
  };
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

/** The account's uploads, whose files go from storage when the account is deleted. */
export async function ownedMedia(database: Db, userId: string) {
  return database.db.selectFrom("media").select(["hash", "widths"]).where("owner_id", "=", userId).execute();
}
