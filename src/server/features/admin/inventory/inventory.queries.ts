/**
 * The back office's inventory (docs/decisions/0019): every product with its stock, newest first,
 * and the stock adjustments admins make with a reason, per size for a product sold in sizes.
 */
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from "kysely";
import { LOW_STOCK_THRESHOLD, type InventoryItem, type InventoryPage } from "../../../../common/api/admin.js";
import type { DatedCursor } from "../../../../common/paging.js";
import type { Db } from "../../../db/client.js";
import { timestampSortKey, writeTransaction } from "../../../db/dialect.js";
import { beforeCursor, toPage, type PageRequest } from "../../../db/paging.js";
import type { Database } from "../../../db/types.js";
import { searchTextCondition } from "../../../search/search-condition.js";
import { adjustStockBy } from "../../catalog/stock.service.js";
import { variantsOf } from "../../catalog/product-parts.queries.js";
import type { ProductVariant } from "../../../../common/api/catalog.js";
import { variantIdOf, type Size } from "../../../../common/sizes.js";
import { recordAudit, type AuditActor } from "../audit/audit.service.js";

const ITEM_COLUMNS = ["product.id", "product.title", "product.kind", "product.category", "product.stock", "product.hidden_at"] as const;

type ItemRow = Pick<Database["product"], "kind" | "category"> & {
  id: string;
  title: string;
  stock: number;
  hidden_at: Date | string | null;
};

export function toInventoryItem(row: ItemRow, variants: readonly ProductVariant[] = []): InventoryItem {
  const sizes = variants.flatMap((v) => (v.size ? [{ size: v.size, stock: v.stock }] : []));
  return { id: row.id, title: row.title, kind: row.kind, category: row.category, stock: row.stock, sizes, hidden: row.hidden_at !== null };
}

/** Items with their sizes, in one query for the page. */
export async function toInventoryItems(database: Pick<Db, "db">, rows: readonly ItemRow[]): Promise<InventoryItem[]> {
  const variants = await variantsOf(database, rows);
  return rows.map((row) => toInventoryItem(row, variants.get(row.id)));
}

/** Low in stock: few left, and on the site (a hidden product needs no restocking yet). */
export function isLowStock(eb: ExpressionBuilder<Database, "product">) {
  return eb.and([eb("product.stock", "<=", LOW_STOCK_THRESHOLD), eb("product.hidden_at", "is", null)]);
}

export function lowStockProducts<O>(query: SelectQueryBuilder<Database, "product", O>) {
  return query.where(isLowStock);
}

export interface InventoryFilter {
  q?: string;
  low: boolean;
}

/** Products newest first, hidden ones included (flagged), one keyset page at a time. */
export async function listInventory(database: Db, filter: InventoryFilter, page: PageRequest<DatedCursor>): Promise<InventoryPage> {
  const { dialect } = database;
  let query = database.db
    .selectFrom("product")
    .select(ITEM_COLUMNS)
    .select((eb) => timestampSortKey(dialect, eb.ref("product.created_at")).as("sort_key"))
    .orderBy("product.created_at", "desc")
    .orderBy("product.id", "desc")
    .limit(page.limit + 1);
  if (filter.low) query = lowStockProducts(query);
  if (filter.q) query = query.where(await searchTextCondition(database, "product", filter.q));
  const cursor = page.cursor;
  if (cursor) query = query.where((eb) => beforeCursor(dialect, eb.ref("product.created_at"), eb.ref("product.id"), cursor));
  const listed = toPage(await query.execute(), page.limit, (row) => row);
  return { ...listed, items: await toInventoryItems(database, listed.items) };
}

export type StockAdjustment =
  | { ok: true; item: InventoryItem; before: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "below-zero"; title: string; stock: number };

/**
 * Inside the caller's transaction: adds `delta` to one variant (a size, or a product's one stock)
 * and writes the audit entry, whose note is the reason and whose before and after name the size.
 * The product after the change, or undefined when the variant is missing or would go below 0
 * (nothing written then). The back office and the studio both adjust stock this way.
 */
export async function adjustVariantWithAudit(
  trx: Kysely<Database>,
  change: { productId: string; size: Size | null; delta: number; reason: string; actor: AuditActor },
  now: Date,
) {
  const { productId, size, delta } = change;
  const changed = await adjustStockBy(trx, variantIdOf(productId, size), delta);
  if (!changed) return undefined;
  const sized = (stock: number) => (size ? { size, stock } : { stock });
  await recordAudit(
    trx,
    {
      actor: change.actor,
      action: "product.stock",
      target: { kind: "product", id: productId },
      before: sized(changed.variant_stock - delta),
      after: sized(changed.variant_stock),
      note: change.reason,
    },
    now,
  );
  return changed;
}

/**
 * Adds `delta` (negative: takes away) to a product's stock with its audit entry, in one write
 * transaction. One conditional statement changes the stock, never a read and then a write: two
 * admins (or an admin and a checkout) adjusting at once both land, and none takes it below 0.
 * `size`: which size of a product sold in sizes; null for the one stock of any other.
 */
export async function adjustStock(
  database: Db,
  productId: string,
  size: Size | null,
  delta: number,
  reason: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<StockAdjustment> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const changed = await adjustVariantWithAudit(trx, { productId, size, delta, reason, actor }, now);
    if (!changed) {
      const current = await trx
        .selectFrom("product_variant")
        .innerJoin("product", "product.id", "product_variant.product_id")
        .select(["product.title", "product_variant.stock"])
        .where("product_variant.id", "=", variantIdOf(productId, size))
        .where("product_variant.product_id", "=", productId)
        .executeTakeFirst();
      return current ? { ok: false, reason: "below-zero", title: current.title, stock: current.stock } : { ok: false, reason: "not-found" };
    }
    const before = changed.variant_stock - delta;
    return { ok: true, item: (await toInventoryItems({ db: trx }, [changed]))[0]!, before };
  });
}
