/**
 * The shop's moves of an order (docs/decisions/0019): pay, ship, deliver, cancel, refund. Each is
 * the one state machine's move (features/orders/order-moves.queries.ts) with its audit entry in
 * the same transaction; after the commit, never inside it, the buyer's e-mail goes out, and a
 * mail that fails is logged, never failing the move.
 */
import type { AdminOrder } from "../../../common/api/admin-orders.js";
import type { Carrier, OrderAction } from "../../../common/fulfilment.js";
import type { OrderStatus } from "../../../common/orders.js";
import type { AppDeps } from "../../app-deps.js";
import { moveOrder, type OrderChange } from "../orders/order-moves.queries.js";
import { recordAudit } from "./audit.js";
import { mailForMove } from "./fulfilment-mail.js";
import { findAdminOrder } from "./orders-admin.queries.js";
import type { StaffMember } from "./staff.js";

export type FulfilmentRequest =
  | { action: "ship"; parcel: { carrier: Carrier; trackingNumber: string } }
  | { action: "cancel" | "refund"; note?: string }
  | { action: "pay" | "deliver" };

export type FulfilmentResult =
  | { ok: true; order: AdminOrder }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; current: OrderStatus };

type Deps = Pick<AppDeps, "database" | "mailer" | "logger" | "config">;

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
    },
  });
  if (!result.ok) return result;
  const order = await findAdminOrder(deps.database.db, orderId);
  if (!order) throw new Error(`order ${orderId} vanished after its move`);
  sendMoveMail(deps, request.action, order);
  return { ok: true, order };
}

/** After the commit and never in the way of the answer: a failure is logged only. */
function sendMoveMail(deps: Deps, action: OrderAction, order: AdminOrder): void {
  const message = mailForMove(action, order, { publicUrl: deps.config.publicUrl, contactEmail: deps.config.contactEmail });
  if (!message) return;
  deps.mailer.send(message).then(
    () => deps.logger.info({ order: order.id, action }, "order e-mail sent"),
    (error: unknown) => deps.logger.error({ err: error, order: order.id, action }, "order e-mail failed"),
  );
}
