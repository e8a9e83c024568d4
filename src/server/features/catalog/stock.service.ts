/**
 * The one writer of a product's stock. Checkout takes it, a cancel or refund gives it back, staff
 * adjust it; each is one conditional update inside the caller's transaction, never a read and then
 * a write, and the row count (or the returned row) says whether it happened. Two checkouts, a
 * checkout and a restock, or two admins can therefore act at once and the stock never goes below 0
 * (docs/decisions/0009, 0019). Everything that changes `product.stock` calls this module.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { publicProduct } from "../../db/visibility.js";

type Trx = Kysely<Database>;

/**
 * Takes `quantity` from a product the public may buy. False when there is not that much left or
 * the product is hidden or its creator suspended: nothing is taken then.
 */
export async function takeStock(trx: Trx, productId: string, quantity: number): Promise<boolean> {
  const row = await trx
    .updateTable("product")
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where("id", "=", productId)
    .where("stock", ">=", quantity)
    .where(publicProduct("product"))
    .executeTakeFirst();
  return Number(row.numUpdatedRows) > 0;
}

/** Puts `quantity` back (a cancelled or refunded line), whether or not the product is on sale. */
export async function giveBackStock(trx: Trx, productId: string, quantity: number): Promise<void> {
  await trx
    .updateTable("product")
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where("id", "=", productId)
    .execute();
}

/**
 * Adds `delta` (negative: takes away) unless the result would be below 0. The product's row after
 * the change, or undefined when it is missing or the change would take it below 0.
 */
export async function adjustStockBy(trx: Trx, productId: string, delta: number) {
  return trx
    .updateTable("product")
    .set((eb) => ({ stock: eb("stock", "+", delta) }))
    .where("id", "=", productId)
    .where(sql<boolean>`stock + ${delta} >= 0`)
    .returning(["id", "title", "kind", "category", "stock", "hidden_at"])
    .executeTakeFirst();
}
