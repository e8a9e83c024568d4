/**
 * The shop's moves of an order (docs/decisions/0019): pay, ship, deliver, cancel, refund. Each is
 * the one state machine's move (features/orders/order-moves.service.ts) with its audit entry in
 * the same transaction, and so is the buyer's e-mail, written into the outbox (outbox/enqueue.ts):
 * it goes out after the commit, retried when it fails, never failing the move.
 */
import type { AdminOrder } from "../../../../common/api/admin-orders.js";
import type { Carrier, OrderAction } from "../../../../common/fulfilment.js";
import type { OrderStatus } from "../../../../common/orders.js";
import type { AppDeps } from "../../../app-deps.js";
import { enqueueOrderMail, type OrderMailTemplate } from "../../orders/order-mails.queries.js";
import { moveOrder, type OrderChange } from "../../orders/order-moves.service.js";
import { recordAudit } from "../audit/audit.service.js";
import { findAdminOrder } from "./orders.queries.js";
import type { StaffMember } from "../../../auth/staff.js";

export type FulfilmentRequest =
  | { action: "ship"; parcel: { carrier: Carrier; trackingNumber: string } }
  | { action: "cancel" | "refund"; note?: string }
  | { action: "pay" | "deliver" };

export type FulfilmentResult =
  | { ok: true; order: AdminOrder }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; current: OrderStatus };

type Deps = Pick<AppDeps, "database" | "outbox">;

/** The e-mail each move sends the buyer. */
const MOVE_MAILS: Record<OrderAction, OrderMailTemplate> = {
  pay: "order-paid",
  ship: "order-shipped",
  deliver: "order-delivered",
  cancel: "order-cancelled",
  refund: "order-refunded",
};

/** The fields the audit log keeps of a move: status, payment, carrier and tracking number. */
function auditFields(state: OrderChange["before"]) {
  return { status: state.status, payment_status: state.payment_status, carrier: state.carrier, tracking_number: state.tracking_number };
}

export async function fulfilOrder(
  deps: Deps,
  staff: StaffMember,
  orderId: string,
  request: FulfilmentRequest,
  options: { now?: Date } = {},
): Promise<FulfilmentResult> {
  const note = "note" in request ? request.note : undefined;
  const move = request.action === "ship" ? { action: "ship" as const, parcel: request.parcel } : { action: request.action };
  const result = await moveOrder(deps.database, {
    ...move,
    orderId,
    now: options.now,
    record: async (trx, change) => {
      await recordAudit(
        trx,
        {
          actor: { id: staff.userId, email: staff.email },
          action: `order.${change.action}`,
          target: { kind: "order", id: orderId },
          before: auditFields(change.before),
          after: auditFields(change.after),
          note,
        },
        options.now,
      );
      // The buyer's e-mail of the move, as the order is once moved, in the move's transaction.
      await enqueueOrderMail(trx, MOVE_MAILS[change.action], orderId);
    },
  });
  if (!result.ok) return result;
  deps.outbox.wake();
  const order = await findAdminOrder(deps.database.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished after its move`);
  return { ok: true, order };
}
