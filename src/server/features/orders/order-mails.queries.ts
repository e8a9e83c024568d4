/**
 * The buyer's e-mail about a move of their order, written into the outbox inside the move's own
 * transaction (outbox/enqueue.ts), as the order is once moved: the buyer's own cancel
 * (orders.router.ts) and the shop's moves (features/admin/orders/fulfilment.service.ts) both send through here.
 */
import type { MailTemplates } from "../../emails/catalog.js";
import { enqueueMail } from "../../outbox/enqueue.js";
import { findMailedOrder, type Trx } from "./orders.queries.js";

/** The templates whose props are an order (and, for some, a little more). */
export type OrderMailTemplate = {
  [T in keyof MailTemplates]: MailTemplates[T] extends { order: unknown } ? T : never;
}[keyof MailTemplates];

/**
 * Writes `template` about `orderId` to the order's contact address; one per template and order
 * (a second enqueue of the same is ignored).
 */
export async function enqueueOrderMail<T extends OrderMailTemplate>(
  trx: Trx,
  template: T,
  orderId: string,
  extra?: Omit<MailTemplates[T], "order">,
): Promise<void> {
  const mailed = await findMailedOrder(trx, orderId);
  if (!mailed) throw new Error(`order ${orderId} unreadable inside its move`);
  await enqueueMail(trx, {
    template,
    to: mailed.order.shipping.email,
    props: { ...extra, order: mailed.order } as MailTemplates[T],
    userId: mailed.userId,
    dedupeKey: `${template}:${orderId}`,
  });
}
