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
import { lockForNoKeyUpdate, type DialectName } from "../../db/dialect.js";
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

/** A line of an order, as checkout takes its stock. */
export interface StockLine {
  product_id: string;
  variant_id: string;
  quantity: number;
}

/** The numbers a line of a numbered edition was given: `first`…`last` of `of`. */
export interface EditionNumbers {
  first: number;
  last: number;
  of: number;
}

export type TakeResult =
  /**
   * Every line taken; the numbered editions' lines with their numbers, by variant, and whether a
   * size (or a product) sold out, which the store's lists show at once (a count they may show later).
   */
  | { taken: true; editions: Map<string, EditionNumbers>; soldOut: boolean }
  /** Some line could not be taken (too little left, or not on sale): the caller rolls back. */
  | { taken: false; short: string[] };

/** `case <column> when <id> then <n> … end`: each row's own amount in one statement (cast: PostgreSQL types a bare parameter there as text). */
function amountBy(column: string, amounts: ReadonlyMap<string, number>) {
  const arms = [...amounts].map(([id, n]) => sql`when ${id} then cast(${n} as integer)`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(arms, sql` `)} end`;
}

/**
 * Ids to update, locked in id order first on PostgreSQL, so two writers of the same rows never wait
 * on each other in a cycle. The lock is the one the update itself takes (lockForNoKeyUpdate):
 * FOR UPDATE would also wait on the key-share locks that every checkout's order lines take on
 * these rows through their foreign keys, and two checkouts of one product would then wait on each other.
 */
function lockedInOrder(trx: Trx, dialect: DialectName, table: "product" | "product_variant", ids: readonly string[]) {
  // Typed as one of the two tables: both have the text id that is all this reads.
  return lockForNoKeyUpdate(dialect, trx.selectFrom(`${table} as locked` as "product as locked").select("locked.id").where("locked.id", "in", ids).orderBy("locked.id"));
}

/**
 * Takes every line of an order, in two statements whatever the number of lines: one conditional
 * update of the variants (each only while it has the line's quantity left, its size on offer and
 * its product public), then one of their products' totals, which also moves a numbered edition's
 * counter on by its units. Checkout calls it last but for the invoice: the rows stay locked until
 * the commit, and under load checkouts waited mostly on each other's product locks, so the fewer
 * round trips from here to the commit, the shorter every other buyer of the product waits.
 */
export async function takeStockLines(trx: Trx, dialect: DialectName, lines: readonly StockLine[]): Promise<TakeResult> {
  const byVariant = new Map(lines.map((line) => [line.variant_id, line.quantity]));
  const taken = await trx
    .updateTable("product_variant")
    .set({ stock: sql<number>`stock - ${amountBy("id", byVariant)}` })
    .where("id", "in", lockedInOrder(trx, dialect, "product_variant", [...byVariant.keys()]))
    .where(sql<boolean>`stock >= ${amountBy("id", byVariant)}`)
    .where("retired", "=", sql<boolean>`false`)
    .where((eb) =>
      eb.exists(eb.selectFrom("product").select("product.id").whereRef("product.id", "=", "product_variant.product_id").where(publicProduct("product"))),
    )
    .returning(["id", "stock"])
    .execute();
  if (taken.length < lines.length) {
    const done = new Set(taken.map((row) => row.id));
    return { taken: false, short: lines.filter((line) => !done.has(line.variant_id)).map((line) => line.variant_id) };
  }

  const byProduct = new Map<string, number>();
  for (const line of lines) byProduct.set(line.product_id, (byProduct.get(line.product_id) ?? 0) + line.quantity);
  const products = await trx
    .updateTable("product")
    .set({
      stock: sql<number>`stock - ${amountBy("id", byProduct)}`,
      editions_numbered: sql<number>`case when edition_size is null then editions_numbered else editions_numbered + ${amountBy("id", byProduct)} end`,
    })
    .where("id", "in", lockedInOrder(trx, dialect, "product", [...byProduct.keys()]))
    .returning(["id", "editions_numbered", "edition_size"])
    .execute();

  // A numbered product's lines share the units it just numbered, in variant order.
  const editions = new Map<string, EditionNumbers>();
  for (const product of products) {
    if (product.edition_size == null) continue;
    let next = Number(product.editions_numbered) - byProduct.get(product.id)! + 1;
    for (const line of [...lines].filter((l) => l.product_id === product.id).sort((a, b) => a.variant_id.localeCompare(b.variant_id))) {
      editions.set(line.variant_id, { first: next, last: next + line.quantity - 1, of: product.edition_size });
      next += line.quantity;
    }
  }
  return { taken: true, editions, soldOut: taken.some((row) => Number(row.stock) === 0) };
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
