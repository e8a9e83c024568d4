import { sql } from "kysely";
import { formatCents } from "../../../common/money.js";
import type { CartLine } from "../../../common/api-types.js";
import type { Db } from "../../db/client.js";

export async function listCartLines(database: Db, userId: string): Promise<CartLine[]> {
  const rows = await database.db
    .selectFrom("cart_item")
    .innerJoin("product", "product.id", "cart_item.product_id")
    .select([
      "product.id",
      "product.title",
      "product.category",
      "product.price_cents",
      "product.stock",
      "product.image_url",
      "cart_item.quantity",
    ])
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
    stock: r.stock,
    image_url: r.image_url,
  }));
}

export type AddResult = "added" | "out-of-stock" | "not-found";

/**
 * Adds one of a product to the cart (spec §4: an existing line gains 1). One conditional
 * statement, never read-then-write: the line is created only while stock is left, and grows
 * only while it holds less than the stock.
 */
export async function addToCart(database: Db, userId: string, productId: string): Promise<AddResult> {
  const result = await database.db
    .insertInto("cart_item")
    .columns(["user_id", "product_id", "quantity"])
    .expression((eb) =>
      eb
        .selectFrom("product")
        .select([eb.val(userId).as("user_id"), "product.id", eb.lit(1).as("quantity")])
        .where("product.id", "=", productId)
        .where("product.stock", ">=", 1),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "product_id"])
        .doUpdateSet({ quantity: sql<number>`cart_item.quantity + 1` })
        .where(({ eb, ref, selectFrom }) =>
          eb(ref("cart_item.quantity"), "<", selectFrom("product").select("stock").where("product.id", "=", productId)),
        ),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return "added";
  const exists = await database.db.selectFrom("product").select("id").where("id", "=", productId).executeTakeFirst();
  return exists ? "out-of-stock" : "not-found";
}
