/**
 * Orders: reading them back, and the address a checkout starts with (placing one is the service in
 * place-order.ts; moving one along its statuses, cancelling included, is order-moves.service.ts).
 * Plain functions of the database; they know nothing of HTTP.
 */
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { AddressPrefill, Order, OrderLine, OrderSummary, ShippingDetails, Tracking } from "../../../common/api/orders.js";
import { CARRIERS, trackingUrl, type Carrier } from "../../../common/fulfilment.js";
import { formatCents } from "../../../common/money.js";
import { isSize } from "../../../common/sizes.js";
import { canCancel, type OrderStatus, type PaymentStatus } from "../../../common/orders.js";
import type { DatedCursor } from "../../../common/paging.js";
import type { Db } from "../../db/client.js";
import { timestampSortKey, toBool, toIso, type DialectName } from "../../db/dialect.js";
import { prepared } from "../../db/prepared.js";
import { beforeCursor, toPage } from "../../db/paging.js";
import type { Database, OrderTable } from "../../db/types.js";
import type { StoredPaymentStatus } from "./payment.js";

export type Trx = Kysely<Database>;

export const now = () => new Date().toISOString();

// ---------------------------------------------------------------------------------- reading

/** The columns an order's answer is made from (the buyer's and the back office's). */
export const ORDER_COLUMNS = [
  "order.id",
  "order.status",
  "order.created_at",
  "order.updated_at",
  "order.subtotal_cents",
  "order.shipping_cents",
  "order.total_cents",
  "order.contact_email",
  "order.shipping_name",
  "order.address_line1",
  "order.address_line2",
  "order.city",
  "order.state",
  "order.zip",
  "order.phone",
  "order.payment_method",
  "order.payment_status",
  "order.paid_at",
  "order.shipped_at",
  "order.delivered_at",
  "order.closed_at",
  "order.carrier",
  "order.tracking_number",
] as const;

type OrderRow = Pick<Selectable<OrderTable>, (typeof ORDER_COLUMNS)[number] extends `order.${infer C}` ? C : never> & {
  invoice_number: string | null;
};

/**
 * The order's invoice number (invoices.queries.ts), selected beside ORDER_COLUMNS by every query
 * that answers with an order: null for orders placed before invoices were issued.
 */
export function invoiceNumberColumn(eb: ExpressionBuilder<Database, "order">) {
  return eb.selectFrom("invoice").select("invoice.number").whereRef("invoice.order_id", "=", "order.id").as("invoice_number");
}

/** The payment status the API shows: a refunded order's stored 'paid' reads 'refunded'. */
export function apiPaymentStatus(status: OrderStatus, stored: StoredPaymentStatus): PaymentStatus {
  return status === "refunded" && stored === "paid" ? "refunded" : stored;
}

/** The parcel's carrier, number and tracking page; null until the order is shipped. */
export function trackingOf(carrier: Carrier | null, trackingNumber: string | null): Tracking | null {
  if (!carrier || !trackingNumber || !(carrier in CARRIERS)) return null;
  return { carrier, carrier_label: CARRIERS[carrier].label, number: trackingNumber, url: trackingUrl(carrier, trackingNumber) };
}

/** When each step happened, for the answers. */
export function stepTimesOf(row: Pick<OrderRow, "paid_at" | "shipped_at" | "delivered_at" | "closed_at">) {
  return {
    paid_at: toIso(row.paid_at),
    shipped_at: toIso(row.shipped_at),
    delivered_at: toIso(row.delivered_at),
    closed_at: toIso(row.closed_at),
  };
}

/** An order's lines, as it keeps them (name and price of the moment it was placed). */
export async function orderLines(db: Trx, orderId: string): Promise<OrderLine[]> {
  const lines = await db
    .selectFrom("order_item")
    .select(["product_id", "variant_id", "size", "edition_from", "edition_of", "title", "price_cents", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("title")
    .orderBy("variant_id")
    .execute();
  return lines.map((l) => ({
    product_id: l.product_id,
    variant_id: l.variant_id,
    size: isSize(l.size) ? l.size : null,
    edition: l.edition_from != null && l.edition_of != null ? { first: l.edition_from, last: l.edition_from + l.quantity - 1, of: l.edition_of } : null,
    name: l.title,
    price_cents: l.price_cents,
    price: formatCents(l.price_cents),
    quantity: l.quantity,
    line_total_cents: l.price_cents * l.quantity,
  }));
}

/** An order's answer from its row and lines, without the buyer-only `can_cancel`. */
export function orderOf(row: OrderRow, items: OrderLine[]): Omit<Order, "can_cancel"> {
  return {
    id: row.id,
    status: row.status,
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
    ...stepTimesOf(row),
    tracking: trackingOf(row.carrier, row.tracking_number),
    items,
    item_count: items.reduce((n, l) => n + l.quantity, 0),
    subtotal_cents: row.subtotal_cents,
    shipping_cents: row.shipping_cents,
    total_cents: row.total_cents,
    shipping: {
      email: row.contact_email,
      name: row.shipping_name,
      address_line1: row.address_line1,
      address_line2: row.address_line2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      phone: row.phone,
    },
    payment: { method: row.payment_method, status: apiPaymentStatus(row.status, row.payment_status) },
    invoice_number: row.invoice_number,
  };
}

/** One of the user's orders with its lines; undefined when it is not theirs (or does not exist). */
export async function findOrder(db: Trx, userId: string, orderId: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom("order")
    .select(ORDER_COLUMNS)
    .select(invoiceNumberColumn)
    .where("order.id", "=", orderId)
    .where("order.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...orderOf(row, await orderLines(db, orderId)), can_cancel: canCancel(row.status) };
}

/**
 * An order as its e-mails show it, with its buyer (null once the account is deleted): read inside
 * the transaction that writes the e-mail into the outbox (outbox/enqueue.ts).
 */
export async function findMailedOrder(db: Trx, orderId: string): Promise<{ order: Omit<Order, "can_cancel">; userId: string | null } | undefined> {
  const row = await db
    .selectFrom("order")
    .select(ORDER_COLUMNS)
    .select(invoiceNumberColumn)
    .select("order.user_id")
    .where("order.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { order: orderOf(row, await orderLines(db, orderId)), userId: row.user_id };
}

export interface OrderPage {
  items: OrderSummary[];
  next_cursor: string | null;
}

/** A member's orders, newest first, as the history lists them (no filter on whose yet). */
function ordersQuery(db: Kysely<Database>, dialect: DialectName) {
  return db
    .selectFrom("order")
    .select((eb) => [
      "order.id",
      "order.status",
      "order.created_at",
      "order.total_cents",
      "order.payment_status",
      "order.paid_at",
      "order.shipped_at",
      "order.delivered_at",
      "order.closed_at",
      "order.carrier",
      "order.tracking_number",
      timestampSortKey(dialect, eb.ref("order.created_at")).as("sort_key"),
      eb
        .selectFrom("order_item")
        .select((inner) => inner.fn.sum<number>("order_item.quantity").as("n"))
        .whereRef("order_item.order_id", "=", "order.id")
        .as("item_count"),
    ])
    .orderBy("order.created_at", "desc")
    .orderBy("order.id", "desc");
}

/** The history's first page, the one nearly every visit reads, kept compiled (db/prepared.ts): one shape per dialect (its sort key differs). */
const firstOrdersPage = {
  sqlite: prepared(["userId", "limit"], (db, p) => ordersQuery(db, "sqlite").where("order.user_id", "=", p.userId).limit(p.limit)),
  postgres: prepared(["userId", "limit"], (db, p) => ordersQuery(db, "postgres").where("order.user_id", "=", p.userId).limit(p.limit)),
};

/** The user's orders, newest first, one keyset page at a time. */
export async function listOrders(
  database: Db,
  userId: string,
  page: { cursor?: DatedCursor; limit: number },
): Promise<OrderPage> {
  const { dialect, db } = database;
  const cursor = page.cursor;
  const rows = cursor
    ? await ordersQuery(db, dialect)
        .where("order.user_id", "=", userId)
        .where((eb) => beforeCursor(dialect, eb.ref("order.created_at"), eb.ref("order.id"), cursor))
        .limit(page.limit + 1)
        .execute()
    : await firstOrdersPage[dialect](db, { userId, limit: page.limit + 1 });
  return toPage(rows, page.limit, (r) => ({
    id: r.id,
    status: r.status,
    created_at: toIso(r.created_at) ?? "",
    item_count: Number(r.item_count ?? 0),
    total_cents: r.total_cents,
    payment_status: apiPaymentStatus(r.status, r.payment_status),
    ...stepTimesOf(r),
    tracking: trackingOf(r.carrier, r.tracking_number),
  }));
}

export async function isSubscribed(database: Db, userId: string): Promise<boolean> {
  const row = await database.db.selectFrom("user").select("subscribed").where("id", "=", userId).executeTakeFirst();
  return toBool(row?.subscribed);
}

/** What the checkout form starts with: the last order's details, else the account's email and phone. */
export async function addressPrefill(database: Db, userId: string): Promise<AddressPrefill> {
  const saved = await database.db.selectFrom("saved_address").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (saved) {
    return {
      saved: true,
      address: {
        email: saved.contact_email,
        name: saved.shipping_name,
        address_line1: saved.address_line1,
        address_line2: saved.address_line2,
        city: saved.city,
        state: saved.state,
        zip: saved.zip,
        phone: saved.phone,
      },
    };
  }
  const user = await database.db.selectFrom("user").select(["email", "phone"]).where("id", "=", userId).executeTakeFirst();
  const empty: ShippingDetails = { email: "", name: "", address_line1: "", address_line2: "", city: "", state: "", zip: "", phone: "" };
  return { saved: false, address: { ...empty, email: user?.email ?? "", phone: user?.phone ?? "" } };
}

/** The units of a product in the buyer's orders that were not cancelled: what counts against its limit per buyer. */
export async function unitsOrdered(trx: Trx, userId: string, productId: string): Promise<number> {
  const row = await trx
    .selectFrom("order_item")
    .innerJoin("order", "order.id", "order_item.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("order_item.quantity"), eb.lit(0)).as("n"))
    .where("order.user_id", "=", userId)
    .where("order.status", "!=", "cancelled")
    .where("order_item.product_id", "=", productId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
