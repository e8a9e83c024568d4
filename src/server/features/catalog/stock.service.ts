/**
 * The one writer of stock. Stock is counted per variant (a size, or a product's one default
 * variant: migration 0013), and `product.stock` is kept as the total over its variants in the same
 * transaction, so lists read one column. Checkout takes stock, a cancel or refund gives it back,
 * staff and sellers adjust it; each is one conditional update inside the caller's transaction,
 * never a read and then a write, and the row count (or the returned row) says whether it happened.
 * Two checkouts, a checkout and a restock, or two admins can therefore act at once and the stock
 * never goes below 0 (docs/decisions/0009, 0019, 0026). Everything that changes stock calls this module.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { publicProduct } from "../../db/visibility.js";
import { variantIdOf, type Size } from "../../../common/sizes.js";
import { serverClock } from "../../lib/clock.js";
import { announceRestock } from "../../outbox/announcements/announce.js";

type Trx = Kysely<Database>;

/** Adds `delta` to a product's total; the caller changed one of its variants by as much. */
async function moveTotal(trx: Trx, productId: string, delta: number): Promise<void> {
  await trx
    .updateTable("product")
    .set((eb) => ({ stock: eb("stock", "+", delta) }))
    .where("id", "=", productId)
    .execute();
}

/**
 * Takes `quantity` of a variant the public may buy. False when there is not that much left, the
 * size was taken away, or the product is hidden or its creator suspended: nothing is taken then.
 */
export async function takeStock(trx: Trx, variantId: string, quantity: number): Promise<boolean> {
  const row = await trx
    .updateTable("product_variant")
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where("id", "=", variantId)
    .where("stock", ">=", quantity)
    .where("retired", "=", sql<boolean>`false`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("product")
          .select("product.id")
          .whereRef("product.id", "=", "product_variant.product_id")
          .where(publicProduct("product")),
      ),
    )
    .returning("product_id")
    .executeTakeFirst();
  if (!row) return false;
  await moveTotal(trx, row.product_id, -quantity);
  return true;
}

/** Puts `quantity` back (a cancelled or refunded line), whether or not the product is on sale. */
export async function giveBackStock(trx: Trx, variantId: string, quantity: number): Promise<void> {
  const row = await trx
    .updateTable("product_variant")
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where("id", "=", variantId)
    .returning(["product_id", "stock"])
    .executeTakeFirst();
  if (!row) return;
  await moveTotal(trx, row.product_id, quantity);
  await backInStock(trx, variantId, Number(row.stock), quantity);
}

/** A variant that had none and now has some: whoever waits for it hears of it ('Notify me'). */
async function backInStock(trx: Trx, variantId: string, stock: number, added: number): Promise<void> {
  if (added > 0 && stock > 0 && stock - added <= 0) await announceRestock(trx, variantId, serverClock.now());
}

/**
 * Adds `delta` (negative: takes away) to a variant unless the result would be below 0. The
 * variant's product and its stock after the change, or undefined when the variant is missing or
 * the change would take it below 0.
 */
export async function adjustStockBy(trx: Trx, variantId: string, delta: number) {
  const variant = await trx
    .updateTable("product_variant")
    .set((eb) => ({ stock: eb("stock", "+", delta) }))
    .where("id", "=", variantId)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .returning(["product_id", "size", "stock"])
    .executeTakeFirst();
  if (!variant) return undefined;
  await moveTotal(trx, variant.product_id, delta);
  await backInStock(trx, variantId, Number(variant.stock), delta);
  const product = await trx
    .selectFrom("product")
    .select(["id", "title", "kind", "category", "stock", "hidden_at"])
    .where("id", "=", variant.product_id)
    .executeTakeFirstOrThrow();
  return { ...product, size: variant.size, variant_stock: variant.stock };
}

/**
 * Gives a new product its variants with their first stock: one per size, in the sizes' order, or
 * the one default variant (id = the product's) when `sizes` is empty. The product's total is set
 * to their sum.
 */
export async function createVariants(trx: Trx, productId: string, sizes: readonly { size: Size | null; stock: number }[]): Promise<void> {
  await trx
    .insertInto("product_variant")
    .values(sizes.map((s, position) => ({ id: variantIdOf(productId, s.size), product_id: productId, size: s.size, stock: s.stock, position })))
    .execute();
  await trx
    .updateTable("product")
    .set({ stock: sizes.reduce((sum, s) => sum + s.stock, 0) })
    .where("id", "=", productId)
    .execute();
}

/**
 * Brings a product's sizes to `sizes` (none: the one default variant without a size). A new size
 * starts with no stock (stock is adjusted, never saved with the product); a size taken away is
 * retired and its stock leaves the total (orders and carts still name it); one brought back is
 * sold again from no stock.
 */
export async function setSizes(trx: Trx, productId: string, sizes: readonly Size[]): Promise<void> {
  const wanted: (Size | null)[] = sizes.length > 0 ? [...sizes] : [null];
  const existing = await trx.selectFrom("product_variant").select(["id", "size"]).where("product_id", "=", productId).execute();
  for (const variant of existing) {
    if (wanted.includes(variant.size as Size | null)) continue;
    // Marking it first takes the row's lock, so the stock read back is the stock that leaves.
    const retired = await trx
      .updateTable("product_variant")
      .set({ retired: sql<boolean>`true` })
      .where("id", "=", variant.id)
      .where("retired", "=", sql<boolean>`false`)
      .returning("stock")
      .executeTakeFirst();
    if (!retired) continue;
    await trx.updateTable("product_variant").set({ stock: 0 }).where("id", "=", variant.id).execute();
    await moveTotal(trx, productId, -retired.stock);
  }
  for (const [position, size] of wanted.entries()) {
    await trx
      .insertInto("product_variant")
      .values({ id: variantIdOf(productId, size), product_id: productId, size, stock: 0, position })
      .onConflict((oc) => oc.column("id").doUpdateSet({ retired: sql<boolean>`false`, position }))
      .execute();
  }
}
