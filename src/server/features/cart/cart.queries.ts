import { sql, type Expression, type Kysely } from "kysely";
import { toBool, toIso } from "../../db/dialect.js";
import { dropIsAhead } from "../../../common/drops.js";
import { formatCents } from "../../../common/money.js";
import type { CartLine } from "../../../common/api/cart.js";
import type { Db } from "../../db/client.js";
import type { Database } from "../../db/types.js";
import { safeLink } from "../../../common/links.js";
import { dropOpen, publicProduct, saleableVariantStock, variantOnSale } from "../../db/visibility.js";
import { isSize, variantIdOf, type Size } from "../../../common/sizes.js";
import { serverClock } from "../../lib/clock.js";
import { prepared } from "../../db/prepared.js";
import { unitsOrdered } from "../orders/orders.queries.js";

/*
 * A product the public may not see (hidden, or its seller suspended: db/visibility.ts) cannot be
 * added; a line already in a cart stays, with no stock and `available: false`, so the cart says it
 * is no longer available: it cannot grow, and checkout refuses it until the buyer removes it or
 * the product is back.
 */

/** The member's lines: every signed-in page reads them, so the query is kept compiled (db/prepared.ts). */
const cartLines = prepared(["userId"], (db, p) =>
  db
    .selectFrom("cart_item")
    .innerJoin("product_variant", "product_variant.id", "cart_item.variant_id")
    .innerJoin("product", "product.id", "cart_item.product_id")
    .select([
      "cart_item.variant_id",
      "product.id",
      "product_variant.size",
      "product.title",
      "product.category",
      "product.price_cents",
      "product.image_url",
      "cart_item.quantity",
    ])
    .select(saleableVariantStock().as("stock"))
    .select(variantOnSale().as("available"))
    .where("cart_item.user_id", "=", p.userId)
    .orderBy("cart_item.created_at")
    .orderBy("cart_item.variant_id"),
);

export async function listCartLines(database: Db, userId: string): Promise<CartLine[]> {
  const rows = await cartLines(database.db, { userId });
  return rows.map((r) => ({
    id: r.variant_id,
    product_id: r.id,
    size: isSize(r.size) ? r.size : null,
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
  /** A product sold in sizes, added without one. */
  | { status: "needs-size" }
  /** A scheduled drop whose time has not come (docs/decisions/0025). */
  | { status: "not-open"; dropsAt: string }
  /** The cart and the buyer's earlier orders hold the product's limit per buyer already. */
  | { status: "over-limit"; title: string; limit: number };

/** A variant's stock, as a scalar subquery for the one-statement writes below; null once it is not on sale. */
function stockOf(db: Kysely<Database>, variantId: string) {
  return db
    .selectFrom("product_variant")
    .innerJoin("product", "product.id", "product_variant.product_id")
    .select("product_variant.stock")
    .where("product_variant.id", "=", variantId)
    .where(variantOnSale());
}

/** Why an add changed nothing: no such public product or size, a size still to pick, a drop not yet open, or sold out. */
async function whyNotAdded(database: Db, productId: string, size: Size | null, now: Date): Promise<AddResult> {
  const row = await database.db
    .selectFrom("product")
    .select(["id", "drops_at"])
    .where("id", "=", productId)
    .where(publicProduct("product"))
    .executeTakeFirst();
  if (!row) return { status: "not-found" };
  const sizes = await database.db
    .selectFrom("product_variant")
    .select("size")
    .where("product_id", "=", productId)
    .where("retired", "=", sql<boolean>`false`)
    .execute();
  const sized = sizes.some((v) => v.size !== null);
  if (sized && size === null) return { status: "needs-size" };
  if (!sizes.some((v) => v.size === size)) return { status: "not-found" };
  const dropsAt = toIso(row.drops_at);
  if (dropsAt && dropIsAhead(dropsAt, now.getTime())) return { status: "not-open", dropsAt };
  return { status: "out-of-stock" };
}

/**
 * The units of a product an account holds towards its limit, over all its sizes: in its cart, and
 * in its orders that were not cancelled. Checkout counts the same inside its transaction
 * (place-order.ts), which decides; this only spares the buyer a cart line they could never order.
 */
async function unitsHeld(database: Pick<Db, "db">, userId: string, productId: string): Promise<number> {
  const ordered = await unitsOrdered(database.db, userId, productId);
  const inCart = await database.db
    .selectFrom("cart_item")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("n"))
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return ordered + Number(inCart?.n ?? 0);
}

/** The product's limit per buyer and its title, when it has one. */
function limitOf(database: Pick<Db, "db">, productId: string) {
  return database.db
    .selectFrom("product")
    .select(["title", "limit_per_buyer"])
    .where("id", "=", productId)
    .where("limit_per_buyer", "is not", null)
    .executeTakeFirst();
}

/**
 * Adds one of a product, in a size for a product sold in sizes, to the cart (spec §4: an existing
 * line gains 1; the same product in another size is another line). One conditional statement,
 * never read-then-write: the line is created only while the size has stock left, and grows only
 * while it holds less than that stock.
 */
export async function addToCart(database: Db, userId: string, productId: string, size: Size | null = null): Promise<AddResult> {
  const now = serverClock.now();
  const variantId = variantIdOf(productId, size);
  const limited = await limitOf(database, productId);
  if (limited?.limit_per_buyer != null && (await unitsHeld(database, userId, productId)) >= limited.limit_per_buyer) {
    return { status: "over-limit", title: limited.title, limit: limited.limit_per_buyer };
  }
  const result = await database.db
    .insertInto("cart_item")
    .columns(["user_id", "product_id", "variant_id", "quantity"])
    .expression((eb) =>
      eb
        .selectFrom("product_variant")
        .innerJoin("product", "product.id", "product_variant.product_id")
        .select([eb.val(userId).as("user_id"), "product.id", "product_variant.id as variant_id", eb.lit(1).as("quantity")])
        .where("product_variant.id", "=", variantId)
        .where("product_variant.product_id", "=", productId)
        .where("product_variant.stock", ">=", 1)
        .where(variantOnSale())
        .where(dropOpen(now, "product")),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "variant_id"])
        .doUpdateSet({ quantity: sql<number>`cart_item.quantity + 1` })
        .where(({ eb, ref }) => eb(ref("cart_item.quantity"), "<", stockOf(database.db, variantId))),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { status: "added" };
  return whyNotAdded(database, productId, size, now);
}

/** `quantity`, but never above the variant's stock (portable: no least()/min() of two values). */
function cappedAtStock(db: Kysely<Database>, variantId: string, quantity: Expression<number>) {
  const stock = stockOf(db, variantId);
  return sql<number>`case when ${quantity} <= (${stock}) then ${quantity} else (${stock}) end`;
}

export type SetQuantityResult =
  | { status: "set"; quantity: number }
  | { status: "capped"; quantity: number }
  | { status: "out-of-stock" | "not-in-cart" };

/**
 * Sets a line's quantity (spec §4: never below 1; the schema refuses 0). The line is named by its
 * id: the size's variant, or the product's id for goods without sizes. One conditional statement
 * caps it at the stock, and a limited product at what its limit per buyer leaves after the
 * buyer's orders and other sizes; a line whose size sold out is left as it is. A line that is no
 * longer in the cart (removed in another tab) is not brought back.
 */
export async function setCartQuantity(
  database: Db,
  userId: string,
  lineId: string,
  requested: number,
): Promise<SetQuantityResult> {
  const line = await database.db
    .selectFrom("cart_item")
    .select(["product_id", "quantity"])
    .where("user_id", "=", userId)
    .where("variant_id", "=", lineId)
    .executeTakeFirst();
  if (!line) return { status: "not-in-cart" };
  let quantity = requested;
  const limited = await limitOf(database, line.product_id);
  if (limited?.limit_per_buyer != null) {
    // Never more than the limit leaves, after the buyer's orders and other sizes (checkout decides).
    const others = (await unitsHeld(database, userId, line.product_id)) - line.quantity;
    quantity = Math.max(1, Math.min(quantity, limited.limit_per_buyer - others));
  }
  const result = await database.db
    .updateTable("cart_item")
    .set({ quantity: cappedAtStock(database.db, lineId, sql.val(quantity)) })
    .where("user_id", "=", userId)
    .where("variant_id", "=", lineId)
    .where((eb) => eb(stockOf(database.db, lineId), ">=", 1))
    .returning("quantity")
    .executeTakeFirst();
  if (!result) {
    const still = await database.db.selectFrom("cart_item").select("quantity").where("user_id", "=", userId).where("variant_id", "=", lineId).executeTakeFirst();
    return still ? { status: "out-of-stock" } : { status: "not-in-cart" };
  }
  return { status: result.quantity < requested ? "capped" : "set", quantity: result.quantity };
}

/** Removes a line (named by its id, as above); true when there was one. */
export async function removeFromCart(database: Db, userId: string, lineId: string): Promise<boolean> {
  const result = await database.db
    .deleteFrom("cart_item")
    .where("user_id", "=", userId)
    .where("variant_id", "=", lineId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearCart(database: Db, userId: string): Promise<void> {
  await database.db.deleteFrom("cart_item").where("user_id", "=", userId).execute();
}

export interface MergeLine {
  product_id: string;
  size?: Size | null;
  quantity: number;
}

/**
 * DECISIONS.md 9: a visitor's cart joins the account's on sign-in, size by size. Quantities are
 * summed and capped at stock; sold-out and unknown products and sizes, and drops not yet open, are
 * skipped. One statement per line, all in one transaction, so a concurrent add from another tab
 * is never lost.
 */
export async function mergeIntoCart(database: Db, userId: string, lines: readonly MergeLine[]): Promise<void> {
  const now = serverClock.now();
  await database.db.transaction().execute(async (trx) => {
    for (const line of lines) {
      const variantId = variantIdOf(line.product_id, line.size ?? null);
      await trx
        .insertInto("cart_item")
        .columns(["user_id", "product_id", "variant_id", "quantity"])
        .expression((eb) =>
          eb
            .selectFrom("product_variant")
            .innerJoin("product", "product.id", "product_variant.product_id")
            .select([
              eb.val(userId).as("user_id"),
              "product.id",
              "product_variant.id as variant_id",
              sql<number>`case when ${line.quantity} <= product_variant.stock then ${line.quantity} else product_variant.stock end`.as(
                "quantity",
              ),
            ])
            .where("product_variant.id", "=", variantId)
            .where("product_variant.product_id", "=", line.product_id)
            .where("product_variant.stock", ">=", 1)
            .where(variantOnSale())
            .where(dropOpen(now, "product")),
        )
        .onConflict((oc) =>
          oc.columns(["user_id", "variant_id"]).doUpdateSet({
            quantity: cappedAtStock(trx, variantId, sql<number>`cart_item.quantity + ${line.quantity}`),
          }),
        )
        .execute();
    }
  });
}
