/**
 * The back office's overview (docs/decisions/0019): what is waiting for someone. Counts only, each
 * from an index (orders by status, reports by status, creators by the day they joined), and the
 * few products that run low.
 */
import {
  LOW_STOCK_THRESHOLD,
  NEW_CREATOR_DAYS,
  OVERVIEW_LOW_STOCK_LIMIT,
  type AdminOverview,
} from "../../../../common/api/admin.js";
import type { OrderStatus } from "../../../../common/orders.js";
import type { Db } from "../../../db/client.js";
import { boolValue } from "../../../db/dialect.js";
import { lowStockProducts, toInventoryItems } from "../inventory/inventory.queries.js";

const DAY_MS = 24 * 60 * 60 * 1000;

async function ordersWithStatus(database: Db, status: OrderStatus): Promise<number> {
  const row = await database.db
    .selectFrom("order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `orders`: whether the reader handles orders (admins); curators get null there. `now` is the
 * moment "this week" ends, so tests pass a fixed clock.
 */
export async function adminOverview(database: Db, options: { orders: boolean; now: Date }): Promise<AdminOverview> {
  const { db } = database;
  const weekAgo = new Date(options.now.getTime() - NEW_CREATOR_DAYS * DAY_MS).toISOString();
  const [orders, reports, creators, lowTotal, lowItems] = await Promise.all([
    options.orders
      ? Promise.all([ordersWithStatus(database, "placed"), ordersWithStatus(database, "paid")]).then(([placed, paid]) => ({
          awaiting_payment: placed,
          awaiting_shipping: paid,
        }))
      : null,
    db.selectFrom("report").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "open").executeTakeFirstOrThrow(),
    db
      .selectFrom("creator")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      // Approved ones (applications are approved at once), from the directory's (approved, joined) index.
      .where("approved", "=", boolValue(database.dialect, true))
      .where("joined", ">", weekAgo)
      .where("joined", "<=", options.now.toISOString())
      .executeTakeFirstOrThrow(),
    lowStockProducts(db.selectFrom("product").select((eb) => eb.fn.countAll<number>().as("n"))).executeTakeFirstOrThrow(),
    lowStockProducts(db.selectFrom("product").select(["id", "title", "kind", "category", "stock", "hidden_at"]))
      .orderBy("stock", "asc")
      .orderBy("title", "asc")
      .orderBy("id", "asc")
      .limit(OVERVIEW_LOW_STOCK_LIMIT)
      .execute(),
  ]);
  return {
    orders,
    open_reports: Number(reports.n),
    new_creators: Number(creators.n),
    low_stock: { threshold: LOW_STOCK_THRESHOLD, total: Number(lowTotal.n), items: await toInventoryItems(database, lowItems) },
  };
}
