/** Shared arrangements of the orders API tests. */
import { randomUUID } from "node:crypto";
import type { CheckoutInput } from "../../../common/checkout.js";
import { insertCartItem, insertProduct, SAMPLE_ADDRESS } from "../../db/seed/factories.js";
import type { TestApp } from "../../test/harness.js";

/** The buyer's address of the orders tests: the factories' sample, which checkout accepts. */
export const ADDRESS: CheckoutInput = SAMPLE_ADDRESS;

export const newKey = () => randomUUID();

export function ordersHelpers(t: () => TestApp) {
  let next = 0;
  return {
    /** A product of its own for each test, with the given stock and price. */
    async product(stock: number, price_cents = 1250, title?: string) {
      next += 1;
      const id = `prod-order-${process.pid}-${next}`;
      const name = title ?? `Order test ${next}`;
      await insertProduct(t().database, { id, kind: "artifact", category: "art", title: name, description: "A test print", price_cents, stock });
      return { id, price_cents, name };
    },
    /** Puts a line straight into a user's cart, replacing any line of that product. */
    async cartLine(userId: string, productId: string, quantity: number) {
      const { database } = t();
      await database.db.deleteFrom("cart_item").where("user_id", "=", userId).where("product_id", "=", productId).execute();
      await insertCartItem(database, { user_id: userId, product_id: productId, quantity });
    },
    async stockOf(productId: string): Promise<number> {
      const row = await t().database.db.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow();
      return row.stock;
    },
    async cartOf(userId: string) {
      return t().database.db.selectFrom("cart_item").select(["product_id", "quantity"]).where("user_id", "=", userId).orderBy("product_id").execute();
    },
    async orderCount(userId?: string): Promise<number> {
      let q = t().database.db.selectFrom("order").select((eb) => eb.fn.countAll<number>().as("n"));
      if (userId) q = q.where("user_id", "=", userId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    /** Signs up n buyers, a few at a time (password hashing is the slow part). */
    async buyers(n: number) {
      const all: { cookie: string; uid: string }[] = [];
      for (let i = 0; i < n; i += 10) {
        const batch = await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => t().signUp()));
        all.push(...batch.map((b) => ({ cookie: b.cookie, uid: b.user.uid })));
      }
      return all;
    },
    place(cookie: string, key: string | null, body: unknown = ADDRESS) {
      return t().request("/api/orders", { cookie, json: body, headers: key === null ? {} : { "idempotency-key": key } });
    },
  };
}

export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string>; details?: unknown[] } }).error;
}
