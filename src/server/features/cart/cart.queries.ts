import { sql, type Expression, type Kysely } from "kysely";
import { toBool, toIso } from "../../db/dialect.js";
import { dropIsAhead } from "../../../common/drops.js";
import { formatCents } from "../../../common/money.js";
import type { CartLine } from "../../../common/api/cart.js";
import type { Db } from "../../db/client.js";
import type { Database } from "../../db/types.js";
import { safeLink } from "../../../common/links.js";
import { dropOpen, publicProduct, saleableStock } from "../../db/visibility.js";
import { serverClock } from "../../lib/clock.js";
import { unitsOrdered } from "../orders/orders.queries.js";

/*
 * A product the public may not see (hidden, or its seller suspended: db/visibility.ts) cannot be
 * added; a line already in a cart stays, with no stock and `available: false`, so the cart says it
 * is no longer available: it cannot grow, and checkout refuses it until the buyer removes it or
 * the product is back.
 */

export async function listCartLines(database: Db, userId: string): Promise<CartLine[]> {
  const rows = await database.db
    .selectFrom("cart_item")
    .innerJoin("product", "product.id", "cart_item.product_id")
    .select([
      "product.id",
      "product.title",
      "product.category",
      "product.price_cents",
      "product.image_url",
      "cart_item.quantity",
    ])
    .select(saleableStock("product").as("stock"))
    .select(publicProduct("product").as("available"))
    .where("cart_item.user_id", "=", userId)
    .orderBy("cart_item.created_at")
    .orderBy("product.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.title,
    category: r.category,
    price_cents: r.price_cents,
    price: formatCents(r.price_cents),
    quantity: r.quantity,
    stock: Number(r.stock),
    available: toBool(r.available),
    image_url: safeLink(r.image_url),
  }));
}

export type AddResult =
  | { status: "added" | "out-of-stock" | "not-found" }
  /** A scheduled drop whose time has not come (docs/decisions/0025). */
  | { status: "not-open"; dropsAt: string }
  /** The cart and the buyer's earlier orders hold the product's limit per buyer already. */
  | { status: "over-limit"; title: string; limit: number };

/** The product's stock, as a scalar subquery for the one-statement writes below; null once the product is not public. */
function stockOf(db: Kysely<Database>, productId: string) {
  return db.selectFrom("product").select("stock").where("product.id", "=", productId).where(publicProduct("product"));
}

/** Why an add changed nothing: no such public product, a drop not yet open, or sold out. */
async function whyNotAdded(database: Db, productId: string, now: Date): Promise<AddResult> {
  const row = await database.db
    .selectFrom("product")
    .select(["id", "drops_at"])
    .where("id", "=", productId)
    .where(publicProduct("product"))
    .executeTakeFirst();
  if (!row) return { status: "not-found" };
  const dropsAt = toIso(row.drops_at);
  if (dropsAt && dropIsAhead(dropsAt, now.getTime())) return { status: "not-open", dropsAt };
  return { status: "out-of-stock" };
}

/**
 * The units of a product an account holds towards its limit: in its cart, and in its orders that
 * were not cancelled. Checkout counts the same inside its transaction (place-order.ts), which
 * decides; this only spares the buyer a cart line they could never order.
 */
async function unitsHeld(database: Pick<Db, "db">, userId: string, productId: string): Promise<number> {
  const ordered = await unitsOrdered(database.db, userId, productId);
  const inCart = await database.db
    .selectFrom("cart_item")
    .select("quantity")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return ordered + (inCart?.quantity ?? 0);
}

/**
 * Adds one of a product to the cart (spec §4: an existing line gains 1). One conditional
 * statement, never read-then-write: the line is created only while stock is left, and grows
 * only while it holds less than the stock.
 */
export async function addToCart(database: Db, userId: string, productId: string): Promise<AddResult> {
  const now = serverClock.now();
  const limited = await database.db
    .selectFrom("product")
    .select(["title", "limit_per_buyer"])
    .where("id", "=", productId)
    .where("limit_per_buyer", "is not", null)
    .executeTakeFirst();
  if (limited?.limit_per_buyer != null && (await unitsHeld(database, userId, productId)) >= limited.limit_per_buyer) {
    return { status: "over-limit", title: limited.title, limit: limited.limit_per_buyer };
  }
  const result = await database.db
    .insertInto("cart_item")
    .columns(["user_id", "product_id", "quantity"])
    .expression((eb) =>
      eb
        .selectFrom("product")
        .select([eb.val(userId).as("user_id"), "product.id", eb.lit(1).as("quantity")])
        .where("product.id", "=", productId)
        .where("product.stock", ">=", 1)
        .where(publicProduct("product"))
        .where(dropOpen(now, "product")),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "product_id"])
        .doUpdateSet({ quantity: sql<number>`cart_item.quantity + 1` })
        .where(({ eb, ref }) => eb(ref("cart_item.quantity"), "<", stockOf(database.db, productId))),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { status: "added" };
  return whyNotAdded(database, productId, now);
}

/** `quantity`, but never above the product's stock (portable: no least()/min() of two values). */
function cappedAtStock(db: Kysely<Database>, productId: string, quantity: Expression<number>) {
  const stock = stockOf(db, productId);
  return sql<number>`case when ${quantity} <= (${stock}) then ${quantity} else (${stock}) end`;
}

export type SetQuantityResult =
  | { status: "set"; quantity: number }
  | { status: "capped"; quantity: number }
  | { status: "out-of-stock" | "not-in-cart" };

/**
 * Sets a line's quantity (spec §4: never below 1; the schema refuses 0). One conditional
 * statement caps it at the stock, and a limited product at what its limit per buyer leaves; a line
 * whose product sold out is left as it is. A line that is no longer in the cart (removed in another
 * tab) is not brought back.
 */
export async function setCartQuantity(
  database: Db,
  userId: string,
  productId: string,
  requested: number,
): Promise<SetQuantityResult> {
  let quantity = requested;
  const limited = await database.db.selectFrom("product").select("limit_per_buyer").where("id", "=", productId).executeTakeFirst();
  if (limited?.limit_per_buyer != null) {
    // Never more than the limit leaves, after what the buyer's orders hold (checkout decides).
    const ordered = await unitsOrdered(database.db, userId, productId);
    quantity = Math.max(1, Math.min(quantity, limited.limit_per_buyer - ordered));
  }
  const result = await database.db
    .updateTable("cart_item")
    .set({ quantity: cappedAtStock(database.db, productId, sql.val(quantity)) })
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .where((eb) => eb(stockOf(database.db, productId), ">=", 1))
    .executeTakeFirst();
  const line = await database.db
    .selectFrom("cart_item")
    .select("quantity")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (!line) return { status: "not-in-cart" };
  if (Number(result.numUpdatedRows) === 0) return { status: "out-of-stock" };
  return { status: line.quantity < requested ? "capped" : "set", quantity: line.quantity };
}

/** Removes a line; true when there was one. */
export async function removeFromCart(database: Db, userId: string, productId: string): Promise<boolean> {
  const result = await database.db
    .deleteFrom("cart_item")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearCart(database: Db, userId: string): Promise<void> {
  await database.db.deleteFrom("cart_item").where("user_id", "=", userId).execute();
}

export interface MergeLine {
  product_id: string;
  quantity: number;
}

/**
 * DECISIONS.md 9: a visitor's cart joins the account's on sign-in. Quantities are summed and
 * capped at stock; sold-out and unknown products, and drops not yet open, are skipped. One statement per line, all in one
 * transaction, so a concurrent add from another tab is never lost.
 */
export async function mergeIntoCart(database: Db, userId: string, lines: readonly MergeLine[]): Promise<void> {
  const now = serverClock.now();
  await database.db.transaction().execute(async (trx) => {
    for (const line of lines) {
      await trx
        .insertInto("cart_item")
        .columns(["user_id", "product_id", "quantity"])
        .expression((eb) =>
          eb
            .selectFrom("product")
            .select([
              eb.val(userId).as("user_id"),
              "product.id",
              sql<number>`case when ${line.quantity} <= product.stock then ${line.quantity} else product.stock end`.as(
                "quantity",
              ),
            ])
            .where("product.id", "=", line.product_id)
            .where("product.stock", ">=", 1)
            .where(publicProduct("product"))
            .where(dropOpen(now, "product")),
        )
        .onConflict((oc) =>
          oc.columns(["user_id", "product_id"]).doUpdateSet({
            quantity: cappedAtStock(trx, line.product_id, sql<number>`cart_item.quantity + ${line.quantity}`),
          }),
        )
        .execute();
    }
  });
}
