import { formatCents } from "../../../common/money.js";
import type { Db } from "../../db/client.js";

/** A cart line as the client shows it: name, category, price and image come from the product. */
export interface CartLine {
  id: string;
  name: string;
  category: string;
  price_cents: number;
  price: string;
  quantity: number;
  stock: number;
  image_url: string | null;
}

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
