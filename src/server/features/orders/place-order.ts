/**
 * Placing an order: a service, not a query. One write transaction turns the user's cart into an
 * order, takes the stock and keeps the address; the idempotency key makes a retry return the order
 * the first attempt made (docs/decisions/0009).
 */
import type { Order } from "../../../common/api/orders.js";
import { summarizeCart } from "../../../common/cart.js";
import { newOrderId } from "../../../common/orders.js";
import type { CheckoutDetails } from "../../../common/checkout.js";
import type { StockShortfall } from "../../../common/api/error.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation, toBool, toIso, writeTransaction } from "../../db/dialect.js";
import { serverClock } from "../../lib/clock.js";
import { dropIsAhead } from "../../../common/drops.js";
import { saleableVariantStock, variantOnSale } from "../../db/visibility.js";
import { titleWithSize } from "../../../common/sizes.js";
import { enqueueMails } from "../../outbox/enqueue.js";
import type { InvoiceConfig } from "../../config.js";
import { invoiceOf, issueInvoice, type IssuedInvoice } from "./invoices.queries.js";
import { findOrder, now, unitsOrdered, type Trx } from "./orders.queries.js";
import { takeStockLines } from "../catalog/stock.service.js";
import { invoicePayment, type PaymentProvider } from "./payment.js";

async function findOrderIdByKey(db: Trx, userId: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("order")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id;
}

export interface PlaceOrderInput {
  userId: string;
  /** The client's Idempotency-Key: a repeat returns the order the first attempt made. */
  idempotencyKey: string;
  details: CheckoutDetails;
  /** The seller and payment instructions the order's invoice is issued with (config.invoice). */
  invoicing: InvoiceConfig;
}

/** Points where a test can make the transaction fail, to see that nothing is kept. */
export interface PlaceOrderHooks {
  afterOrderInsert?: (trx: Trx, orderId: string) => Promise<void> | void;
  beforeCommit?: (trx: Trx, orderId: string) => Promise<void> | void;
  payment?: PaymentProvider;
}

export type PlaceOrderResult =
  /** `soldOut`: a size the order bought has none left now. */
  | { status: "created"; order: Order; soldOut: boolean }
  | { status: "repeated"; order: Order }
  | { status: "empty-cart" }
  | { status: "out-of-stock"; shortfalls: StockShortfall[] }
  /** A line of a scheduled drop whose time has not come (the server's clock decides). */
  | { status: "not-open"; title: string; dropsAt: string }
  /** A line would take the buyer past the product's limit per buyer, counting their earlier orders. */
  | { status: "over-limit"; title: string; limit: number }
  /** The seller changed a price since the buyer saw it: each changed line, as it was and is. */
  | { status: "price-changed"; changes: { name: string; was: number; now: number }[] };

/**
 * The cart's variants as the store sells them now: name, size, price, the drop and limit, and the
 * stock the public may buy (0 once it is not on sale: hidden, its seller suspended, or the size
 * taken away).
 */
async function variantsAsSold(trx: Trx, ids: readonly string[]) {
  const rows = await trx
    .selectFrom("product_variant")
    .innerJoin("product", "product.id", "product_variant.product_id")
    .select(["product_variant.id", "product_variant.size", "product.title", "product.price_cents", "product.drops_at", "product.limit_per_buyer"])
    .select(saleableVariantStock().as("stock"))
    .select(variantOnSale().as("on_sale"))
    .where("product_variant.id", "in", ids)
    .execute();
  return rows.map((v) => ({ ...v, stock: Number(v.stock), on_sale: toBool(v.on_sale) }));
}

type CartLine = { product_id: string; variant_id: string; quantity: number };

/** A line the store cannot fill, with what is left of it (`left`: the variant as sold now, if it still exists). */
function shortOf(line: CartLine, left: { title: string; size: string | null; stock: number; on_sale: boolean } | undefined): StockShortfall {
  return {
    product_id: line.product_id,
    variant_id: line.variant_id,
    name: left ? titleWithSize(left.title, left.size) : "This item",
    requested: line.quantity,
    available: left?.stock ?? 0,
    // Taken off the site (or gone): the buyer is told so, not that it sold out.
    ...(left?.on_sale ? {} : { unavailable: true }),
  };
}

/**
 * The cart's lines the stock plainly cannot fill, read without a transaction: in a drop's rush
 * most attempts find the stock gone, and they learn it at once instead of waiting their turn for
 * a checkout transaction (Db.checkout). A cart this finds fillable still goes through the
 * transaction, whose conditional update decides.
 */
async function plainlyShort(database: Db, userId: string): Promise<StockShortfall[]> {
  const cart = await database.db.selectFrom("cart_item").select(["product_id", "variant_id", "quantity"]).where("user_id", "=", userId).execute();
  if (cart.length === 0) return [];
  const left = new Map((await variantsAsSold(database.db, cart.map((line) => line.variant_id))).map((v) => [v.id, v]));
  return cart.filter((line) => (left.get(line.variant_id)?.stock ?? 0) < line.quantity).map((line) => shortOf(line, left.get(line.variant_id)));
}

/** Ends the transaction with a rollback and an answer that is not an error of the server. */
class Abandon extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super(result.status);
  }
}

/**
 * Places an order from the user's cart, in one write transaction:
 * take the cart's lines out of the cart (the delete locks them, so two attempts of one user never
 * both read them; an empty cart looks for the order this idempotency key already made) → read the
 * lines' prices and names from the store → write the order and its lines → remember the address →
 * take the lines' stock with two conditional updates → issue the invoice and write the
 * confirmation and invoice e-mails into the outbox. Any line the store cannot fill rolls everything back and is reported with what
 * is left. Prices come from the database only.
 */
export async function placeOrder(database: Db, input: PlaceOrderInput, hooks: PlaceOrderHooks = {}): Promise<PlaceOrderResult> {
  const { userId, idempotencyKey, details } = input;
  const payment = hooks.payment ?? invoicePayment;

  // The common repeat (a retry after a lost answer) needs no write lock.
  const earlier = await findOrderIdByKey(database.db, userId, idempotencyKey);
  if (earlier) return repeated(database, userId, earlier);
  const short = await plainlyShort(database, userId);
  if (short.length > 0) return { status: "out-of-stock", shortfalls: short };

  try {
    const placedOrder = await database.checkout(() => writeTransaction(database.db, database.dialect, async (trx) => {
      // The cart is taken in the statement that reads it: deleting the lines locks them, so a
      // second attempt of this user waits here until this one ends, and then finds what is left
      // (nothing, once this one committed). A refusal below rolls the lines back into the cart.
      const cart = (
        await trx.deleteFrom("cart_item").where("user_id", "=", userId).returning(["product_id", "variant_id", "quantity"]).execute()
      ).sort((a, b) => a.variant_id.localeCompare(b.variant_id));
      if (cart.length === 0) {
        // A concurrent attempt with this key may have finished while we waited for the lines.
        const done = await findOrderIdByKey(trx, userId, idempotencyKey);
        if (done) throw new Abandon({ status: "repeated", order: (await findOrder(trx, userId, done))! });
        throw new Abandon({ status: "empty-cart" });
      }

      // Prices and names as the store has them now; nothing is locked yet. A line the stock
      // cannot fill already is reported without taking a lock. A product taken off the site
      // (hidden, or its seller suspended) or a size taken away has no stock to sell: its line is
      // refused as no longer available.
      const variants = await variantsAsSold(trx, cart.map((line) => line.variant_id));
      const byId = new Map(variants.map((v) => [v.id, v]));
      // Priced from the database, always; a price the buyer did not see is named, not charged.
      const seen = new Map((details.prices_seen ?? []).map((p) => [p.line_id, p.price_cents]));
      const changes = cart.flatMap((line) => {
        const variant = byId.get(line.variant_id);
        const was = seen.get(line.variant_id);
        return variant && was !== undefined && was !== variant.price_cents ? [{ name: titleWithSize(variant.title, variant.size), was, now: variant.price_cents }] : [];
      });
      if (changes.length > 0) throw new Abandon({ status: "price-changed", changes });
      const early = cart.filter((line) => (byId.get(line.variant_id)?.stock ?? 0) < line.quantity);
      if (early.length > 0) throw new Abandon({ status: "out-of-stock", shortfalls: early.map((line) => shortOf(line, byId.get(line.variant_id))) });
      const moment = serverClock.now();
      const limitChecked = new Set<string>();
      for (const line of cart) {
        const variant = byId.get(line.variant_id)!;
        const dropsAt = toIso(variant.drops_at);
        if (dropsAt && dropIsAhead(dropsAt, moment.getTime())) throw new Abandon({ status: "not-open", title: variant.title, dropsAt });
        // Counted after the cart's lock: a second checkout of the same buyer that holds this
        // product waits on its cart row until the first commits, and then sees the first's order.
        // The limit is per product, over all its sizes.
        if (variant.limit_per_buyer != null && !limitChecked.has(line.product_id)) {
          limitChecked.add(line.product_id);
          const wanted = cart.filter((l) => l.product_id === line.product_id).reduce((sum, l) => sum + l.quantity, 0);
          const earlier = await unitsOrdered(trx, userId, line.product_id);
          if (earlier + wanted > variant.limit_per_buyer) {
            throw new Abandon({ status: "over-limit", title: variant.title, limit: variant.limit_per_buyer });
          }
        }
      }
      const taken = cart.map((line) => {
        const variant = byId.get(line.variant_id)!;
        return {
          product_id: line.product_id,
          variant_id: line.variant_id,
          size: variant.size,
          title: variant.title,
          price_cents: variant.price_cents,
          quantity: line.quantity,
        };
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
        .values(taken.map((t) => ({ order_id: id, ...t })))
        .execute();
      await saveAddress(trx, userId, details, at);
      // Read for the e-mails before the stock, to keep the locked part short.
      const placed = await findOrder(trx, userId, id);
      if (!placed) throw new Error(`order ${id} unreadable inside its transaction`);

      // Stock last: its updates lock the products' rows until the commit, so taking it just before
      // committing keeps popular products locked for the shortest time (under load on PostgreSQL,
      // checkouts waited mostly on each other's product locks): two statements for the whole cart
      // (stock.service.ts). The update decides; the read above only spared a lock when the stock
      // was plainly short.
      const took = await takeStockLines(trx, database.dialect, cart);
      if (!took.taken) {
        // Only to tell the buyer what is left.
        const left = new Map((await variantsAsSold(trx, took.short)).map((v) => [v.id, v]));
        const short = cart.filter((line) => took.short.includes(line.variant_id));
        throw new Abandon({ status: "out-of-stock", shortfalls: short.map((line) => shortOf(line, left.get(line.variant_id))) });
      }
      for (const [variantId, edition] of took.editions) {
        await trx
          .updateTable("order_item")
          .set({ edition_from: edition.first, edition_of: edition.of })
          .where("order_id", "=", id)
          .where("variant_id", "=", variantId)
          .execute();
        const sold = placed.items.find((item) => item.variant_id === variantId);
        if (sold) sold.edition = edition;
      }

      // The invoice's number last of all: its counter row stays locked until the commit, and every
      // checkout needs it. The e-mails are written with the order (the outbox sends them after the
      // commit); a rollback takes them, the invoice and its number back with everything else.
      const issued = await issueInvoice(trx, { id, totalCents: totals.total_cents }, input.invoicing, new Date(at));
      await enqueueOrderPlacedMails(trx, userId, placed, issued);
      await hooks.beforeCommit?.(trx, id);
      // The order as read inside the transaction is the order as committed, with its invoice.
      return { order: { ...placed, invoice_number: issued.number }, soldOut: took.soldOut };
    }));
    return { status: "created", ...placedOrder };
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

/** The confirmation and the invoice, both to the checkout's contact address. */
async function enqueueOrderPlacedMails(trx: Trx, userId: string, placed: Order, issued: IssuedInvoice): Promise<void> {
  const { can_cancel: _canCancel, ...read } = placed;
  const order = { ...read, invoice_number: issued.number };
  const to = order.shipping.email;
  await enqueueMails(trx, [
    { template: "order-confirmation", to, props: { order }, userId, dedupeKey: `order-confirmation:${order.id}` },
    { template: "order-invoice", to, props: { invoice: invoiceOf(order, issued) }, userId, dedupeKey: `order-invoice:${order.id}` },
  ]);
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

