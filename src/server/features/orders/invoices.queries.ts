/**
 * Invoices (docs/decisions/0009, "Invoices"): one per order, issued inside the order's own
 * transaction, numbered INV-<year>-<six digits> without gaps within a year.
 *
 * The number comes from `invoice_counter`, one row per year, taken with one upsert that returns the
 * new value. The upsert locks that row until the commit (PostgreSQL; SQLite's write transaction
 * holds the whole database anyway), so two checkouts can never get the same number, and a checkout
 * that rolls back gives its number back. Checkout takes it as its very last statement, so the row
 * is held only for the commit: every checkout waits on it, not on anything else.
 */
import { sql } from "kysely";
import type { Invoice, InvoicePayment, InvoiceSeller } from "../../../common/api/invoices.js";
import { invoiceNumber } from "../../../common/invoices.js";
import type { Order } from "../../../common/api/orders.js";
import type { InvoiceConfig } from "../../config.js";
import { toIso } from "../../db/dialect.js";
import { invoiceNumberColumn, ORDER_COLUMNS, orderLines, orderOf, type Trx } from "./orders.queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next number of `at`'s year (UTC): the counter's row is created by the year's first invoice. */
export async function nextInvoiceNumber(trx: Trx, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const row = await trx
    .insertInto("invoice_counter")
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last_number: sql<number>`invoice_counter.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return invoiceNumber(year, Number(row.last_number));
}

/** A payment link with this invoice's number, order and amount filled in (PAYMENT_LINK's placeholders). */
export function paymentLinkFor(template: string, invoice: { number: string; orderId: string; totalCents: number }): string {
  return template
    .replaceAll("{invoice}", encodeURIComponent(invoice.number))
    .replaceAll("{order}", encodeURIComponent(invoice.orderId))
    .replaceAll("{amount}", (invoice.totalCents / 100).toFixed(2));
}

/** What issuing an invoice fixes, besides the order: its number, dates, seller and payment instructions. */
export interface IssuedInvoice {
  number: string;
  issued_at: string;
  due_at: string;
  seller: InvoiceSeller;
  payment: InvoicePayment;
}

/**
 * Issues the order's invoice: the next number, and the seller and payment instructions of today's
 * settings, kept with it. Call last in the order's transaction (see above).
 */
export async function issueInvoice(
  trx: Trx,
  order: { id: string; totalCents: number },
  settings: InvoiceConfig,
  at: Date,
): Promise<IssuedInvoice> {
  const number = await nextInvoiceNumber(trx, at);
  const issued: IssuedInvoice = {
    number,
    issued_at: at.toISOString(),
    due_at: new Date(at.getTime() + settings.payment.dueDays * DAY_MS).toISOString(),
    seller: { name: settings.seller.name, address: settings.seller.address, email: settings.seller.email, tax_id: settings.seller.taxId },
    payment: {
      bank_details: settings.payment.bankDetails,
      link: settings.payment.link ? paymentLinkFor(settings.payment.link, { number, orderId: order.id, totalCents: order.totalCents }) : null,
      reference: number,
    },
  };
  await trx
    .insertInto("invoice")
    .values({
      order_id: order.id,
      number,
      issued_at: issued.issued_at,
      due_at: issued.due_at,
      seller: JSON.stringify(issued.seller),
      payment: JSON.stringify(issued.payment),
    })
    .execute();
  return issued;
}

/** The invoice of an order as the API, the page and the e-mail show it: billed to the order's contact and address. */
export function invoiceOf(order: Omit<Order, "can_cancel">, issued: IssuedInvoice): Invoice {
  const { phone: _phone, ...buyer } = order.shipping;
  return {
    number: issued.number,
    order_id: order.id,
    issued_at: issued.issued_at,
    due_at: issued.due_at,
    status: order.payment.status,
    paid_at: order.paid_at,
    seller: issued.seller,
    buyer,
    items: order.items,
    subtotal_cents: order.subtotal_cents,
    shipping_cents: order.shipping_cents,
    total_cents: order.total_cents,
    payment: issued.payment,
  };
}

/**
 * An order's invoice; undefined when the order has none (placed before invoices were issued) or,
 * with `buyerId`, when it is not that buyer's order: the answer is the same as for no order at all.
 */
export async function findInvoice(db: Trx, orderId: string, buyerId?: string): Promise<Invoice | undefined> {
  let query = db
    .selectFrom("order")
    .innerJoin("invoice", "invoice.order_id", "order.id")
    .select(ORDER_COLUMNS)
    .select(invoiceNumberColumn)
    .select(["invoice.issued_at", "invoice.due_at", "invoice.seller", "invoice.payment"])
    .where("order.id", "=", orderId);
  if (buyerId !== undefined) query = query.where("order.user_id", "=", buyerId);
  const row = await query.executeTakeFirst();
  if (!row?.invoice_number) return undefined;
  return invoiceOf(orderOf(row, await orderLines(db, orderId)), {
    number: row.invoice_number,
    issued_at: toIso(row.issued_at) ?? "",
    due_at: toIso(row.due_at) ?? "",
    seller: JSON.parse(row.seller) as InvoiceSeller,
    payment: JSON.parse(row.payment) as InvoicePayment,
  });
}
