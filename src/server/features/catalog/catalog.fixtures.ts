/**
 * Arranging stock in tests, as the stock service keeps it: a product's variants and its total
 * move together (migration 0013).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/types.js";

/** Sets the stock of a product without sizes (its one default variant) and its total. */
export async function setStockForTest(db: Kysely<Database>, productId: string, stock: number): Promise<void> {
  await db.updateTable("product_variant").set({ stock }).where("product_id", "=", productId).where("size", "is", null).execute();
  await db.updateTable("product").set({ stock }).where("id", "=", productId).execute();
}

/** Gives every variant of every product `stock`, and each product the total over its variants. */
export async function setEveryStockForTest(db: Kysely<Database>, stock: number): Promise<void> {
  await db.updateTable("product_variant").set({ stock }).execute();
  await db
    .updateTable("product")
    .set({ stock: sql<number>`(select coalesce(sum(v.stock), 0) from product_variant v where v.product_id = product.id and not v.retired)` })
    .execute();
}
