/**
 * The one state machine of an order (common/orders.ts ORDER_TRANSITIONS), applied: every move,
 * the shop's (pay, ship, deliver, cancel, refund) and the buyer's own cancel, goes through
 * moveOrder(), one write transaction each (docs/decisions/0009, 0019).
 *
 * The guard is one conditional update, `... where id = :id and status in (<the statuses the move
 * is allowed from>)`, with its row count checked: of two moves racing on one order, only one
 * finds the status it needs, so what a move does besides (the stock a cancel or refund puts back,
 * the audit entry) happens exactly once. The order's row is read first, locked on PostgreSQL, to
 * tell a missing order from one in the wrong status and to record what it was before.
 */
import type { Updateable } from "kysely";
import { canMove, ORDER_ACTIONS, type Carrier, type OrderAction } from "../../../common/fulfilment.js";
import { ORDER_STATUSES, type OrderStatus, type PaymentStatus } from "../../../common/orders.js";
import type { Db } from "../../db/client.js";
import { lockForUpdate, writeTransaction } from "../../db/dialect.js";
import type { OrderTable } from "../../db/types.js";
import { giveBackStock } from "../catalog/stock.service.js";
import { apiPaymentStatus, type Trx } from "./orders.queries.js";
import { invoicePayment, type PaymentProvider, type StoredPaymentStatus } from "./payment.js";

/** What a move changes and the audit log records, as the API names it. */
export interface OrderState {
  status: OrderStatus;
  payment_status: PaymentStatus;
  carrier: Carrier | null;
  tracking_number: string | null;
}

export interface OrderChange {
  orderId: string;
  action: OrderAction;
  before: OrderState;
  after: OrderState;
  /** The lines whose quantity went back to the store (cancel and refund); empty otherwise. */
  restocked: { product_id: string; quantity: number }[];
}

interface MoveCommon {
  orderId: string;
  /** The buyer's own cancel: only their order moves; anyone else's is not found. */
  buyerId?: string;
  /** The time the move's timestamps get (injected by tests). */
  now?: Date;
  payment?: PaymentProvider;
  /** Called inside the transaction once the order has moved: the back office's audit entry. */
  record?: (trx: Trx, change: OrderChange) => Promise<void>;
}

export type OrderMove =
  | (MoveCommon & { action: "ship"; parcel: { carrier: Carrier; trackingNumber: string } })
  | (MoveCommon & { action: Exclude<OrderAction, "ship"> });

export type MoveResult =
  | { ok: true; change: OrderChange }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; current: OrderStatus };

/** The statuses `action` may start from, by the state machine. */
export function statusesBefore(action: OrderAction): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => canMove(status, ORDER_ACTIONS[action]));
}

/**
 * Moves one order, or says why not; nothing is written unless it moved. `within`: a write
 * transaction the caller already holds (an account's deletion cancels its unpaid orders in its own,
 * features/account/account.queries.ts); the move is then part of it.
 */
export function moveOrder(database: Db, move: OrderMove, within?: Trx): Promise<MoveResult> {
  const from = statusesBefore(move.action);
  const to = ORDER_ACTIONS[move.action];
  const at = (move.now ?? new Date()).toISOString();
  const payment = move.payment ?? invoicePayment;

  const work = async (trx: Trx): Promise<MoveResult> => {
    let read = trx
      .selectFrom("order")
      .select(["status", "payment_status", "carrier", "tracking_number", "total_cents", "contact_email"])
      .where("id", "=", move.orderId);
    if (move.buyerId !== undefined) read = read.where("user_id", "=", move.buyerId);
    const row = await lockForUpdate(database.dialect, read).executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (!from.includes(row.status)) return { ok: false, reason: "conflict", current: row.status };

    const request = { orderId: move.orderId, totalCents: row.total_cents, email: row.contact_email };
    let paymentStatus: StoredPaymentStatus = row.payment_status;
    const set: Updateable<OrderTable> = { status: to, updated_at: at };
    switch (move.action) {
      case "pay":
        paymentStatus = "paid";
        set.paid_at = at;
        break;
      case "ship":
        set.shipped_at = at;
        set.carrier = move.parcel.carrier;
        set.tracking_number = move.parcel.trackingNumber;
        break;
      case "deliver":
        set.delivered_at = at;
        break;
      case "cancel":
        paymentStatus = (await payment.cancel(request)).status;
        set.closed_at = at;
        break;
      case "refund":
        paymentStatus = (await payment.refund(request)).status;
        set.closed_at = at;
        break;
    }
    set.payment_status = paymentStatus;

    const updated = await trx
      .updateTable("order")
      .set(set)
      .where("id", "=", move.orderId)
      .where("status", "in", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      // Another move got there first (the row lock and SQLite's write lock make this a last line
      // of defence): nothing of this one is kept.
      const now = await trx.selectFrom("order").select("status").where("id", "=", move.orderId).executeTakeFirst();
      return now ? { ok: false, reason: "conflict", current: now.status } : { ok: false, reason: "not-found" };
    }

    const restocked = move.action === "cancel" || move.action === "refund" ? await restock(trx, move.orderId) : [];
    const change: OrderChange = {
      orderId: move.orderId,
      action: move.action,
      before: {
        status: row.status,
        payment_status: apiPaymentStatus(row.status, row.payment_status),
        carrier: row.carrier,
        tracking_number: row.tracking_number,
      },
      after: {
        status: to,
        payment_status: apiPaymentStatus(to, paymentStatus),
        carrier: move.action === "ship" ? move.parcel.carrier : row.carrier,
        tracking_number: move.action === "ship" ? move.parcel.trackingNumber : row.tracking_number,
      },
      restocked,
    };
    await move.record?.(trx, change);
    return { ok: true, change };
  };
  return within ? work(within) : writeTransaction(database.db, database.dialect, work);
}

/**
 * Every line's quantity back to its size (or product), in variant-id order (the order checkout
 * takes stock in, so the two never wait on each other's rows in opposite orders). Edition numbers
 * handed out are not given back: a number once sold is never sold again.
 */
async function restock(trx: Trx, orderId: string) {
  const lines = await trx
    .selectFrom("order_item")
    .select(["product_id", "variant_id", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("variant_id")
    .execute();
  for (const line of lines) await giveBackStock(trx, line.variant_id, line.quantity);
  return lines;
}
