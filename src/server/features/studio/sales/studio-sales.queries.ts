/**
 * A creator's sales (docs/decisions/0027): every size on offer of their products, with what the
 * orders of a period bought of it. Orders cancelled or refunded did not sell. Only products,
 * sizes, units and money: no buyer, address or order is read.
 */
import type { Db } from "../../../db/client.js";
import { toBool } from "../../../db/dialect.js";
import { bySizeOrder, isSize } from "../../../../common/sizes.js";
import { SALES_DEFAULT_DAYS, type SalesReport } from "../../../../common/api/studio-sales.js";

const DAY = 86_400_000;

/** The period's days (both included, UTC): by default the last 30 days up to `now`. */
export function salesPeriod(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (SALES_DEFAULT_DAYS - 1) * DAY).toISOString().slice(0, 10);
  return { from, to };
}

export async function salesReport(database: Db, creatorId: string, period: { from: string; to: string }): Promise<SalesReport> {
  const start = `${period.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY).toISOString();
  const [variants, sold] = await Promise.all([
    database.db
      .selectFrom("product_variant")
      .innerJoin("product", "product.id", "product_variant.product_id")
      .select(["product.id as product_id", "product.title", "product.created_at", "product_variant.id", "product_variant.size", "product_variant.stock", "product_variant.retired"])
      .where("product.creator_id", "=", creatorId)
      .execute(),
    database.db
      .selectFrom("order_item")
      .innerJoin("order", "order.id", "order_item.order_id")
      .innerJoin("product", "product.id", "order_item.product_id")
      .select((eb) => [
        "order_item.variant_id",
        eb.fn.sum<number>("order_item.quantity").as("units"),
        eb.fn.sum<number>(eb("order_item.quantity", "*", eb.ref("order_item.price_cents"))).as("revenue_cents"),
      ])
      .where("product.creator_id", "=", creatorId)
      .where("order.status", "not in", ["cancelled", "refunded"])
      .where("order.created_at", ">=", start)
      .where("order.created_at", "<", end)
      .groupBy("order_item.variant_id")
      .execute(),
  ]);
  const byVariant = new Map(sold.map((s) => [s.variant_id, { units: Number(s.units), revenue_cents: Number(s.revenue_cents) }]));
  const created = (v: (typeof variants)[number]) => new Date(v.created_at as string | Date).getTime();
  const rows = variants
    // A size taken away stays in the report only for what it sold in the period.
    .filter((v) => !toBool(v.retired) || byVariant.has(v.id))
    .sort((a, b) => created(b) - created(a) || b.product_id.localeCompare(a.product_id) || bySizeOrder(a.size, b.size))
    .map((v) => ({
      product_id: v.product_id,
      title: v.title,
      size: isSize(v.size) ? v.size : null,
      units: byVariant.get(v.id)?.units ?? 0,
      revenue_cents: byVariant.get(v.id)?.revenue_cents ?? 0,
      stock: v.stock,
    }));
  return {
    ...period,
    rows,
    units: rows.reduce((n, r) => n + r.units, 0),
    revenue_cents: rows.reduce((n, r) => n + r.revenue_cents, 0),
  };
}
