/**
 * A seller's products as the studio (a creator's) and the back office (the house's, seller null)
 * read and write them: every query is scoped to the seller, so another seller's product is simply
 * not found. Saves name the version they started from
 * (optimistic concurrency, as a story's); stock is set when a product is made and changes only by
 * adjustments afterwards (features/catalog/stock.service.ts).
 */
import { announceDrop, rescheduleDrop } from "../../../outbox/announcements/announce.js";
import { sql, type ExpressionBuilder } from "kysely";
import type { ProductKind } from "../../../../common/api/catalog.js";
import { PRODUCT_TITLE_MAX, type ProductDraft, type ProductUpdate, type StudioProduct } from "../../../../common/api/studio-products.js";
import type { Db } from "../../../db/client.js";
import { boolValue, toBool, toIso, writeTransaction } from "../../../db/dialect.js";
import type { Database, ProductStatus } from "../../../db/types.js";
import { publicStory } from "../../../db/visibility.js";
import { productSearchText } from "../../../search/search-text.js";
import { readableId } from "../studio.queries.js";
import { createVariants, setSizes } from "../../catalog/stock.service.js";
import { adjustVariantWithAudit } from "../../admin/inventory/inventory.queries.js";
import { productPartsOf, type ProductParts } from "../../catalog/product-parts.queries.js";
import { setProductImages, setProductStories } from "../../catalog/product-parts.service.js";
import { bySizeOrder, variantIdOf, type Size } from "../../../../common/sizes.js";

/** Whose products: a creator's id, or null for the house's own (the back office's). */
export type Seller = string | null;

function sellerIs(seller: Seller) {
  return (eb: ExpressionBuilder<Database, "product">) => (seller === null ? eb("product.creator_id", "is", null) : eb("product.creator_id", "=", seller));
}

function studioProductColumns(database: Pick<Db, "db">, seller: Seller) {
  return database.db
    .selectFrom("product")
    .where(sellerIs(seller))
    .select([
      "product.id",
      "product.status",
      "product.version",
      "product.kind",
      "product.category",
      "product.title",
      "product.description",
      "product.price_cents",
      "product.stock",
      "product.limited_edition",
      "product.drops_at",
      "product.limit_per_buyer",
      "product.edition_size",
      "product.editions_numbered",
      "product.hidden_at",
      "product.created_at",
      "product.updated_at",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof studioProductColumns>["executeTakeFirstOrThrow"]>>;

function toStudioProduct(row: Row, { variants, stories, images }: ProductParts): StudioProduct {
  const created = toIso(row.created_at)!;
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    kind: row.kind,
    category: row.category,
    title: row.title,
    description: row.description,
    price_cents: row.price_cents,
    stock: row.stock,
    variants,
    edition_size: row.edition_size,
    editions_numbered: row.editions_numbered,
    limited_edition: toBool(row.limited_edition),
    stories,
    images,
    drops_at: toIso(row.drops_at),
    limit_per_buyer: row.limit_per_buyer,
    hidden: row.hidden_at !== null,
    created_at: created,
    updated_at: toIso(row.updated_at) ?? created,
  };
}

export async function listStudioProducts(database: Db, seller: Seller): Promise<StudioProduct[]> {
  const rows = await studioProductColumns(database, seller).orderBy("product.created_at", "desc").orderBy("product.id", "desc").execute();
  const partsOf = await productPartsOf(database, rows, { publicOnly: false });
  return rows.map((row) => toStudioProduct(row, partsOf(row.id)));
}

export async function findStudioProduct(database: Pick<Db, "db" | "dialect">, seller: Seller, id: string): Promise<StudioProduct | undefined> {
  const row = await studioProductColumns(database, seller).where("product.id", "=", id).executeTakeFirst();
  return row && toStudioProduct(row, (await productPartsOf(database, [row], { publicOnly: false }))(row.id));
}

/** The stories a product may belong to, of those named: ones the public can read (their cards on /stories, their filter in the store). */
export async function storiesOnSite(database: Db, storyIds: readonly string[]): Promise<Set<string>> {
  if (storyIds.length === 0) return new Set();
  const rows = await database.db.selectFrom("story").select("id").where("id", "in", storyIds).where(publicStory("story")).execute();
  return new Set(rows.map((r) => r.id));
}

/** The images of those named that may show on a product: uploads of this user, or (for the house's products) of any staff member. */
export async function usableImages(database: Db, userIds: readonly string[], mediaIds: readonly string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await database.db.selectFrom("media").select("id").where("id", "in", mediaIds).where("owner_id", "in", userIds).execute();
  return new Set(rows.map((r) => r.id));
}

const kindOf = (category: ProductDraft["category"]): ProductKind => (category === "clothing" ? "merch" : "artifact");

function formColumns(database: Pick<Db, "dialect">, form: Omit<ProductUpdate, "version" | "sizes" | "story_ids" | "image_ids">) {
  return {
    kind: kindOf(form.category),
    category: form.category,
    title: form.title,
    description: form.description,
    price_cents: form.price_cents,
    limited_edition: boolValue(database.dialect, form.limited_edition),
    drops_at: form.drops_at,
    limit_per_buyer: form.limit_per_buyer,
    search_text: productSearchText(form),
  };
}

/** Its variants' first stock: each size's, or its one stock. */
function firstStock(draft: ProductDraft): { size: Size | null; stock: number }[] {
  if (draft.sizes.length > 0) return [...draft.sizes].sort((a, b) => bySizeOrder(a.size, b.size));
  return [{ size: null, stock: draft.stock }];
}

export async function createStudioProduct(database: Db, seller: Seller, draft: ProductDraft, now: Date): Promise<StudioProduct> {
  const id = readableId(draft.title, "product");
  const stamp = now.toISOString();
  const { story_ids, image_ids, sizes: _sizes, stock: _stock, edition_size, ...form } = draft;
  return writeTransaction(database.db, database.dialect, async (trx) => {
    await trx
      .insertInto("product")
      .values({
        id,
        creator_id: seller,
        status: "draft",
        version: 1,
        ...formColumns(database, form),
        stock: 0,
        edition_size,
        image_url: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await createVariants(trx, id, firstStock(draft));
    await setProductStories(trx, id, story_ids);
    await setProductImages(trx, id, image_ids);
    const product = await findStudioProduct({ db: trx, dialect: database.dialect }, seller, id);
    if (!product) throw new Error(`product ${id} vanished after its insert`);
    return product;
  });
}

export type ProductWrite = { ok: true; product: StudioProduct } | { ok: false; reason: "not_found" | "conflict" };

async function written(database: Pick<Db, "db" | "dialect">, seller: Seller, id: string, updated: bigint): Promise<ProductWrite> {
  const product = await findStudioProduct(database, seller, id);
  if (!product) return { ok: false, reason: "not_found" };
  return Number(updated) > 0 ? { ok: true, product } : { ok: false, reason: "conflict" };
}

/** Saves the form; the sizes on offer, stories and pictures change with it, in one transaction. */
export async function updateStudioProduct(database: Db, seller: Seller, id: string, update: ProductUpdate, now: Date): Promise<ProductWrite> {
  const { version, sizes, story_ids, image_ids, ...form } = update;
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const result = await trx
      .updateTable("product")
      .set({ ...formColumns(database, form), version: sql<number>`version + 1`, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where(sellerIs(seller))
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      await rescheduleDrop(trx, id, form.drops_at ? new Date(form.drops_at) : null, now);
      await setSizes(trx, id, [...sizes].sort(bySizeOrder));
      await setProductStories(trx, id, story_ids);
      await setProductImages(trx, id, image_ids);
    }
    return written({ db: trx, dialect: database.dialect }, seller, id, result.numUpdatedRows);
  });
}

/**
 * Publishes, unpublishes or archives. A creator's product published for the first time is
 * announced to their followers when it goes on sale (outbox/announcements/), in this transaction.
 */
export async function setStudioProductStatus(
  database: Db,
  seller: Seller,
  id: string,
  version: number,
  status: ProductStatus,
  now: Date,
): Promise<ProductWrite> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const result = await trx
      .updateTable("product")
      .set({ status, version: sql<number>`version + 1`, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where(sellerIs(seller))
      .where("version", "=", version)
      .returning("drops_at")
      .executeTakeFirst();
    if (result && seller !== null && status === "published") {
      await announceDrop(trx, seller, id, result.drops_at ? new Date(toIso(result.drops_at)!) : null, now);
    }
    return written({ db: trx, dialect: database.dialect }, seller, id, result ? 1n : 0n);
  });
}

/**
 * A copy of one of the creator's products, as a new draft: the same form and sizes, with no stock
 * (stock is counted, not copied), no drop time and a fresh edition's numbering.
 */
export async function duplicateStudioProduct(database: Db, seller: Seller, id: string, now: Date): Promise<StudioProduct | undefined> {
  const source = await findStudioProduct(database, seller, id);
  if (!source) return undefined;
  const copyTitle = `${source.title} (copy)`.slice(0, PRODUCT_TITLE_MAX);
  return createStudioProduct(
    database,
    seller,
    {
      category: source.category,
      title: copyTitle,
      description: source.description,
      price_cents: source.price_cents,
      limited_edition: source.limited_edition,
      story_ids: source.stories.map((story) => story.id),
      image_ids: source.images.map((image) => image.id),
      drops_at: null,
      limit_per_buyer: source.limit_per_buyer,
      stock: 0,
      sizes: source.variants.flatMap((v) => (v.size ? [{ size: v.size, stock: 0 }] : [])),
      edition_size: source.edition_size,
    },
    now,
  );
}

export type StockChange = { ok: true; product: StudioProduct } | { ok: false; reason: "not_found" | "below_zero" | "edition_full" };

/**
 * Adds `delta` (negative: takes away) to one size's stock (or the product's one stock) of the
 * creator's product, with the reason in the audit log, in one transaction. An edition never has
 * more in stock than its numbers left.
 */
export async function adjustStudioStock(
  database: Db,
  editor: { seller: Seller; userId: string },
  id: string,
  change: { size: Size | null; delta: number; reason: string },
  now: Date,
): Promise<StockChange> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const product = await trx
      .selectFrom("product")
      .select(["id", "edition_size", "editions_numbered"])
      .where("id", "=", id)
      .where(sellerIs(editor.seller))
      .executeTakeFirst();
    if (!product) return { ok: false, reason: "not_found" };
    const variantId = variantIdOf(id, change.size);
    const variant = await trx.selectFrom("product_variant").select(["stock", "retired"]).where("id", "=", variantId).where("product_id", "=", id).executeTakeFirst();
    if (!variant || toBool(variant.retired)) return { ok: false, reason: "not_found" };
    if (product.edition_size !== null && change.delta > 0 && product.editions_numbered + variant.stock + change.delta > product.edition_size) {
      return { ok: false, reason: "edition_full" };
    }
    const { email } = await trx.selectFrom("user").select("email").where("id", "=", editor.userId).executeTakeFirstOrThrow();
    const changed = await adjustVariantWithAudit(trx, { productId: id, ...change, actor: { id: editor.userId, email } }, now);
    if (!changed) return { ok: false, reason: "below_zero" };
    return { ok: true, product: (await findStudioProduct({ db: trx, dialect: database.dialect }, editor.seller, id))! };
  });
}
