/**
 * A creator's products as the studio reads and writes them: every query is scoped to the creator,
 * so another creator's product is simply not found. Saves name the version they started from
 * (optimistic concurrency, as a story's); stock is set when a product is made and changes only by
 * adjustments afterwards (features/catalog/stock.service.ts).
 */
import { sql } from "kysely";
import type { ProductKind } from "../../../../common/api/catalog.js";
import { PRODUCT_TITLE_MAX, type ProductDraft, type ProductUpdate, type StudioProduct } from "../../../../common/api/studio-products.js";
import type { Db } from "../../../db/client.js";
import { boolValue, toBool, toIso, writeTransaction } from "../../../db/dialect.js";
import type { ProductStatus } from "../../../db/types.js";
import { publicStory } from "../../../db/visibility.js";
import { productSearchText } from "../../../search/search-text.js";
import { readableId } from "../studio.queries.js";
import { createVariants, setSizes } from "../../catalog/stock.service.js";
import { adjustVariantWithAudit } from "../../admin/inventory/inventory.queries.js";
import { variantsOf } from "../../catalog/catalog.queries.js";
import { bySizeOrder, variantIdOf, type Size } from "../../../../common/sizes.js";
import type { ProductVariant } from "../../../../common/api/catalog.js";

function studioProductColumns(database: Pick<Db, "db">, creatorId: string) {
  return database.db
    .selectFrom("product")
    .leftJoin("story", "story.id", "product.story_id")
    .where("product.creator_id", "=", creatorId)
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
      "product.story_id",
      "story.title as story_title",
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

function toStudioProduct(row: Row, variants: ProductVariant[]): StudioProduct {
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
    story: row.story_id && row.story_title !== null ? { id: row.story_id, title: row.story_title } : null,
    drops_at: toIso(row.drops_at),
    limit_per_buyer: row.limit_per_buyer,
    hidden: row.hidden_at !== null,
    created_at: created,
    updated_at: toIso(row.updated_at) ?? created,
  };
}

export async function listStudioProducts(database: Db, creatorId: string): Promise<StudioProduct[]> {
  const rows = await studioProductColumns(database, creatorId).orderBy("product.created_at", "desc").orderBy("product.id", "desc").execute();
  const variants = await variantsOf(database, rows);
  return rows.map((row) => toStudioProduct(row, variants.get(row.id) ?? []));
}

export async function findStudioProduct(database: Pick<Db, "db" | "dialect">, creatorId: string, id: string): Promise<StudioProduct | undefined> {
  const row = await studioProductColumns(database, creatorId).where("product.id", "=", id).executeTakeFirst();
  return row && toStudioProduct(row, (await variantsOf(database, [row])).get(row.id) ?? []);
}

/** A story a product may belong to: one the public can read (its card on /stories, its filter in the store). */
export async function storyOnSite(database: Db, storyId: string): Promise<boolean> {
  const row = await database.db.selectFrom("story").select("id").where("id", "=", storyId).where(publicStory("story")).executeTakeFirst();
  return row !== undefined;
}

const kindOf = (category: ProductDraft["category"]): ProductKind => (category === "clothing" ? "merch" : "artifact");

function formColumns(database: Pick<Db, "dialect">, form: Omit<ProductUpdate, "version" | "sizes">) {
  return {
    kind: kindOf(form.category),
    category: form.category,
    title: form.title,
    description: form.description,
    price_cents: form.price_cents,
    limited_edition: boolValue(database.dialect, form.limited_edition),
    story_id: form.story_id,
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

export async function createStudioProduct(database: Db, creatorId: string, draft: ProductDraft, now: Date): Promise<StudioProduct> {
  const id = readableId(draft.title, "product");
  const stamp = now.toISOString();
  return writeTransaction(database.db, database.dialect, async (trx) => {
    await trx
      .insertInto("product")
      .values({
        id,
        creator_id: creatorId,
        status: "draft",
        version: 1,
        ...formColumns(database, draft),
        stock: 0,
        edition_size: draft.edition_size,
        image_url: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await createVariants(trx, id, firstStock(draft));
    const product = await findStudioProduct({ db: trx, dialect: database.dialect }, creatorId, id);
    if (!product) throw new Error(`product ${id} vanished after its insert`);
    return product;
  });
}

export type ProductWrite = { ok: true; product: StudioProduct } | { ok: false; reason: "not_found" | "conflict" };

async function written(database: Pick<Db, "db" | "dialect">, creatorId: string, id: string, updated: bigint): Promise<ProductWrite> {
  const product = await findStudioProduct(database, creatorId, id);
  if (!product) return { ok: false, reason: "not_found" };
  return Number(updated) > 0 ? { ok: true, product } : { ok: false, reason: "conflict" };
}

/** Saves the form; the sizes on offer change with it (stock.service setSizes), in one transaction. */
export async function updateStudioProduct(database: Db, creatorId: string, id: string, update: ProductUpdate, now: Date): Promise<ProductWrite> {
  const { version, sizes, ...form } = update;
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const result = await trx
      .updateTable("product")
      .set({ ...formColumns(database, form), version: sql<number>`version + 1`, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("creator_id", "=", creatorId)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await setSizes(trx, id, [...sizes].sort(bySizeOrder));
    return written({ db: trx, dialect: database.dialect }, creatorId, id, result.numUpdatedRows);
  });
}

export async function setStudioProductStatus(
  database: Db,
  creatorId: string,
  id: string,
  version: number,
  status: ProductStatus,
  now: Date,
): Promise<ProductWrite> {
  const result = await database.db
    .updateTable("product")
    .set({ status, version: sql<number>`version + 1`, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .where("version", "=", version)
    .executeTakeFirst();
  return written(database, creatorId, id, result.numUpdatedRows);
}

/**
 * A copy of one of the creator's products, as a new draft: the same form and sizes, with no stock
 * (stock is counted, not copied), no drop time and a fresh edition's numbering.
 */
export async function duplicateStudioProduct(database: Db, creatorId: string, id: string, now: Date): Promise<StudioProduct | undefined> {
  const source = await findStudioProduct(database, creatorId, id);
  if (!source) return undefined;
  const copyTitle = `${source.title} (copy)`.slice(0, PRODUCT_TITLE_MAX);
  return createStudioProduct(
    database,
    creatorId,
    {
      category: source.category,
      title: copyTitle,
      description: source.description,
      price_cents: source.price_cents,
      limited_edition: source.limited_edition,
      story_id: source.story?.id ?? null,
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
  creator: { creatorId: string; userId: string },
  id: string,
  change: { size: Size | null; delta: number; reason: string },
  now: Date,
): Promise<StockChange> {
  return writeTransaction(database.db, database.dialect, async (trx) => {
    const product = await trx
      .selectFrom("product")
      .select(["id", "edition_size", "editions_numbered"])
      .where("id", "=", id)
      .where("creator_id", "=", creator.creatorId)
      .executeTakeFirst();
    if (!product) return { ok: false, reason: "not_found" };
    const variantId = variantIdOf(id, change.size);
    const variant = await trx.selectFrom("product_variant").select(["stock", "retired"]).where("id", "=", variantId).where("product_id", "=", id).executeTakeFirst();
    if (!variant || toBool(variant.retired)) return { ok: false, reason: "not_found" };
    if (product.edition_size !== null && change.delta > 0 && product.editions_numbered + variant.stock + change.delta > product.edition_size) {
      return { ok: false, reason: "edition_full" };
    }
    const { email } = await trx.selectFrom("user").select("email").where("id", "=", creator.userId).executeTakeFirstOrThrow();
    const changed = await adjustVariantWithAudit(trx, { productId: id, ...change, actor: { id: creator.userId, email } }, now);
    if (!changed) return { ok: false, reason: "below_zero" };
    return { ok: true, product: (await findStudioProduct({ db: trx, dialect: database.dialect }, creator.creatorId, id))! };
  });
}
