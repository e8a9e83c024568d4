/**
 * Orders: reading them back, cancelling, and the address a checkout starts with (placing one is the
 * service in place-order.ts).
 * Stock changes only through one conditional statement per line (ARCHITECTURE.md §4); never
 * read-then-write. Plain functions of the database; they know nothing of HTTP.
 */
import { sql, type Kysely } from "kysely";
import type { AddressPrefill, Order, OrderLine, OrderSummary, ShippingDetails } from "../../../common/api/orders.js";
import { canCancel, ORDER_TRANSITIONS, type OrderStatus } from "../../../common/checkout.js";
import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";
import {
  timestampSortKey,
  toBool,
  toIso,
  writeTransaction,
} from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import type { DatedCursor } from "../../../common/paging.js";
import { beforeCursor, toPage } from "../../db/paging.js";
import { invoicePayment, type PaymentProvider } from "./payment.js";

export type Trx = Kysely<Database>;

export const now = () => new Date().toISOString();

// ---------------------------------------------------------------------------------- reading

const ORDER_COLUMNS = [
  "id",
  "status",
  "created_at",
  "updated_at",
  "subtotal_cents",
  "shipping_cents",
  "total_cents",
  "contact_email",
  "shipping_name",
  "address_line1",
  "address_line2",
  "city",
  "state",
  "zip",
  "phone",
  "payment_method",
  "payment_status",
] as const;

/** One of the user's orders with its lines; undefined when it is not theirs (or does not exist). */
export async function findOrder(db: Trx, userId: string, orderId: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom("order")
    .select(ORDER_COLUMNS)
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom("order_item")
    .select(["product_id", "title", "price_cents", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("title")
    .orderBy("product_id")
    .execute();
  const items: OrderLine[] = lines.map((l) => ({
    product_id: l.product_id,
    name: l.title,
    price_cents: l.price_cents,
    price: formatCents(l.price_cents),
    quantity: l.quantity,
    line_total_cents: l.price_cents * l.quantity,
  }));
  return {
    id: row.id,
    status: row.status,
    created_at: toIso(row.created_at) ?? "",
    updated_at: toIso(row.updated_at) ?? "",
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
    payment: { method: row.payment_method, status: row.payment_status },
    can_cancel: canCancel(row.status),
  };
}

export interface OrderPage {
  items: OrderSummary[];
  next_cursor: string | null;
}

/** The user's orders, newest first, one keyset page at a time. */
export async function listOrders(
  database: Db,
  userId: string,
  page: { cursor?: DatedCursor; limit: number },
): Promise<OrderPage> {
  const { dialect } = database;
  let query = database.db
    .selectFrom("order")
    .select((eb) => [
      "order.id",
      "order.status",
      "order.created_at",
      "order.total_cents",
      "order.payment_status",
      timestampSortKey(dialect, eb.ref("order.created_at")).as("sort_key"),
      eb
        .selectFrom("order_item")
        .select((inner) => inner.fn.sum<number>("order_item.quantity").as("n"))
        .whereRef("order_item.order_id", "=", "order.id")
        .as("item_count"),
    ])
    .where("order.user_id", "=", userId)
    .orderBy("order.created_at", "desc")
    .orderBy("order.id", "desc")
    .limit(page.limit + 1);
  const cursor = page.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(dialect, eb.ref("order.created_at"), eb.ref("order.id"), cursor));
  return toPage(await query.execute(), page.limit, (r) => ({
      id: r.id,
      status: r.status,
      created_at: toIso(r.created_at) ?? "",
      item_count: Number(r.item_count ?? 0),
      total_cents: r.total_cents,
      payment_status: r.payment_status,
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

// ------------------------------------------------------------------------------- cancelling

export type CancelResult =
  | { status: "cancelled"; order: Order }
  | { status: "not-found" }
  | { status: "not-cancellable"; current: OrderStatus };

/**
 * The buyer cancels a placed order: one conditional update of its status (only from placed),
 * then each line's quantity goes back to the store, in one transaction.
 */
export async function cancelOrder(
  database: Db,
  userId: string,
  orderId: string,
  payment: PaymentProvider = invoicePayment,
): Promise<CancelResult> {
  const outcome = await writeTransaction(database.db, database.dialect, async (trx): Promise<CancelResult | "done"> => {
    const result = await trx
      .updateTable("order")
      .set({ status: "cancelled", updated_at: now() })
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .where("status", "=", "placed")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const current = await trx
        .selectFrom("order")
        .select("status")
        .where("id", "=", orderId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return current ? { status: "not-cancellable", current: current.status } : { status: "not-found" };
    }
    const order = await trx
      .selectFrom("order")
      .select(["total_cents", "contact_email"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const voided = await payment.cancel({ orderId, totalCents: order.total_cents, email: order.contact_email });
    await trx.updateTable("order").set({ payment_status: voided.status }).where("id", "=", orderId).execute();
    const lines = await trx
      .selectFrom("order_item")
      .select(["product_id", "quantity"])
      .where("order_id", "=", orderId)
      .orderBy("product_id")
      .execute();
    for (const line of lines) {
      await trx
        .updateTable("product")
        .set({ stock: sql<number>`stock + ${line.quantity}` })
        .where("id", "=", line.product_id)
        .execute();
    }
    return "done";
  });
  if (outcome !== "done") return outcome;
  return { status: "cancelled", order: (await findOrder(database.db, userId, orderId))! };
}

/**
 * Moves an order along placed → paid → shipped → delivered (the shop's side; no screen for it
 * yet). One conditional update: only from a status that may lead to `to`. True when it moved.
 */
export async function advanceOrder(database: Db, orderId: string, to: Exclude<OrderStatus, "cancelled" | "placed">): Promise<boolean> {
  const from = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) => ORDER_TRANSITIONS[s].includes(to));
  const result = await database.db
    .updateTable("order")
    .set({ status: to, updated_at: now(), ...(to === "paid" ? { payment_status: "paid" as const } : {}) })
    .where("id", "=", orderId)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
