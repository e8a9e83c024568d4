/**
 * Orders: placing one from the cart in one write transaction, reading them back, cancelling.
 * Stock changes only through one conditional statement per line (ARCHITECTURE.md §4); never
 * read-then-write. Plain functions of the database; they know nothing of HTTP.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AddressPrefill, Order, OrderLine, OrderSummary, ShippingDetails } from "../../../common/api/orders.js";
import { summarizeCart } from "../../../common/cart.js";
import { canCancel, ORDER_TRANSITIONS, type CheckoutDetails, type OrderStatus } from "../../../common/checkout.js";
import type { StockShortfall } from "../../../common/api/error.js";
import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";
import {
  isUniqueViolation,
  lockForUpdate,
  timestampSortKey,
  toBool,
  toIso,
  writeTransaction,
} from "../../db/dialect.js";
import type { Database } from "../../db/types.js";
import type { DatedCursor } from "../../../common/paging.js";
import { beforeCursor, toPage } from "../../db/paging.js";
import { invoicePayment, type PaymentProvider } from "./payment.js";

type Trx = Kysely<Database>;

// Crockford's base32 without I, L, O and U: easy to read out on the phone.
const ORDER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new order number, e.g. MB-7K2Q9XDM (40 random bits). */
export function newOrderId(): string {
  const bytes = randomBytes(8);
  let id = "MB-";
  for (let i = 0; i < 8; i++) id += ORDER_ALPHABET[bytes[i]! % 32];
  return id;
}

const now = () => new Date().toISOString();

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

async function findOrderIdByKey(db: Trx, userId: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("order")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id;
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

// ---------------------------------------------------------------------------------- placing

export interface PlaceOrderInput {
  userId: string;
  /** The client's Idempotency-Key: a repeat returns the order the first attempt made. */
  idempotencyKey: string;
  details: CheckoutDetails;
}

/** Points where a test can make the transaction fail, to see that nothing is kept. */
export interface PlaceOrderHooks {
  afterOrderInsert?: (trx: Trx, orderId: string) => Promise<void> | void;
  beforeCommit?: (trx: Trx, orderId: string) => Promise<void> | void;
  payment?: PaymentProvider;
}

export type PlaceOrderResult =
  | { status: "created"; order: Order }
  | { status: "repeated"; order: Order }
  | { status: "empty-cart" }
  | { status: "out-of-stock"; shortfalls: StockShortfall[] };

/** Ends the transaction with a rollback and an answer that is not an error of the server. */
class Abandon extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super(result.status);
  }
}

/**
 * Places an order from the user's cart, in one write transaction:
 * lock the cart (PostgreSQL: FOR UPDATE, so two attempts of one user never both read it) → find
 * an order this idempotency key already made → read the lines' prices and names from the store →
 * write the order and its lines → empty the cart → remember the address → take each line's stock
 * with one conditional update. Any line the store cannot fill rolls everything back and is
 * reported with what is left. Prices come from the database only.
 */
export async function placeOrder(database: Db, input: PlaceOrderInput, hooks: PlaceOrderHooks = {}): Promise<PlaceOrderResult> {
  const { userId, idempotencyKey, details } = input;
  const payment = hooks.payment ?? invoicePayment;

  // The common repeat (a retry after a lost answer) needs no write lock.
  const earlier = await findOrderIdByKey(database.db, userId, idempotencyKey);
  if (earlier) return repeated(database, userId, earlier);

  try {
    const orderId = await writeTransaction(database.db, database.dialect, async (trx) => {
      const cart = await lockForUpdate(
        database.dialect,
        trx
          .selectFrom("cart_item")
          .select(["product_id", "quantity"])
          .where("user_id", "=", userId)
          // One order of locking for every transaction, so two never wait on each other.
          .orderBy("product_id"),
      ).execute();

      // A concurrent attempt with this key may have finished while we waited for the lock.
      const done = await findOrderIdByKey(trx, userId, idempotencyKey);
      if (done) throw new Abandon({ status: "repeated", order: (await findOrder(trx, userId, done))! });
      if (cart.length === 0) throw new Abandon({ status: "empty-cart" });

      // Prices and names as the store has them now; nothing is locked yet. A line the stock
      // cannot fill already is reported without taking a lock.
      const products = await trx
        .selectFrom("product")
        .select(["id", "title", "price_cents", "stock"])
        .where("id", "in", cart.map((line) => line.product_id))
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      const shortOf = (line: (typeof cart)[number], left: { title: string; stock: number } | undefined): StockShortfall => ({
        product_id: line.product_id,
        name: left?.title ?? "This item",
        requested: line.quantity,
        available: left?.stock ?? 0,
      });
      const early = cart.filter((line) => (byId.get(line.product_id)?.stock ?? 0) < line.quantity);
      if (early.length > 0) throw new Abandon({ status: "out-of-stock", shortfalls: early.map((line) => shortOf(line, byId.get(line.product_id))) });
      const taken = cart.map((line) => {
        const product = byId.get(line.product_id)!;
        return { product_id: line.product_id, title: product.title, price_cents: product.price_cents, quantity: line.quantity };
      });

      const totals = summarizeCart(taken);
      const id = newOrderId();
      const paid = await payment.open({ orderId: id, totalCents: totals.total_cents, email: details.email });
      const at = now();
      await trx
        .insertInto("order")
        .values({
          id,
          user_id: userId,
          status: "placed",
          subtotal_cents: totals.subtotal_cents,
          shipping_cents: totals.shipping_cents,
          total_cents: totals.total_cents,
          created_at: at,
          updated_at: at,
          contact_email: details.email,
          shipping_name: details.name,
          address_line1: details.address_line1,
          address_line2: details.address_line2,
          city: details.city,
          state: details.state,
          zip: details.zip,
          phone: details.phone,
          idempotency_key: idempotencyKey,
          payment_method: payment.method,
          payment_status: paid.status,
        })
        .execute();
      await hooks.afterOrderInsert?.(trx, id);

      await trx
        .insertInto("order_item")
        .values(taken.map((t) => ({ order_id: id, product_id: t.product_id, title: t.title, price_cents: t.price_cents, quantity: t.quantity })))
        .execute();
      await trx.deleteFrom("cart_item").where("user_id", "=", userId).execute();
      await saveAddress(trx, userId, details, at);

      // Stock last: each conditional update locks its product row until the commit, so taking
      // it just before committing keeps popular products locked for the shortest time (under
      // load on PostgreSQL, checkouts waited mostly on each other's product locks). Lines go in
      // product order, so two checkouts never wait on each other in a cycle. The update decides;
      // the read above only spared a lock when the stock was plainly short.
      const shortfalls: StockShortfall[] = [];
      for (const line of cart) {
        const row = await trx
          .updateTable("product")
          .set({ stock: sql<number>`stock - ${line.quantity}` })
          .where("id", "=", line.product_id)
          .where("stock", ">=", line.quantity)
          .executeTakeFirst();
        if (Number(row.numUpdatedRows) > 0) continue;
        // Only to tell the buyer what is left.
        const left = await trx.selectFrom("product").select(["title", "stock"]).where("id", "=", line.product_id).executeTakeFirst();
        shortfalls.push(shortOf(line, left));
      }
      if (shortfalls.length > 0) throw new Abandon({ status: "out-of-stock", shortfalls });
      await hooks.beforeCommit?.(trx, id);
      return id;
    });
    const order = await findOrder(database.db, userId, orderId);
    if (!order) throw new Error(`order ${orderId} vanished after commit`);
    return { status: "created", order };
  } catch (error) {
    if (error instanceof Abandon) return error.result;
    // Two attempts of one key that both got past the lock (a cart emptied in between): the
    // unique index lets one through; the other answers with its order.
    if (isUniqueViolation(error)) {
      const winner = await findOrderIdByKey(database.db, userId, idempotencyKey);
      if (winner) return repeated(database, userId, winner);
    }
    throw error;
  }
}

async function repeated(database: Db, userId: string, orderId: string): Promise<PlaceOrderResult> {
  const order = await findOrder(database.db, userId, orderId);
  if (!order) throw new Error(`order ${orderId} could not be read`);
  return { status: "repeated", order };
}

async function saveAddress(trx: Trx, userId: string, d: CheckoutDetails, at: string): Promise<void> {
  const values = {
    contact_email: d.email,
    shipping_name: d.name,
    address_line1: d.address_line1,
    address_line2: d.address_line2,
    city: d.city,
    state: d.state,
    zip: d.zip,
    phone: d.phone,
    updated_at: at,
  };
  await trx
    .insertInto("saved_address")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
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
