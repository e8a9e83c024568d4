/**
 * A creator's products as the studio reads and writes them: every query is scoped to the creator,
 * so another creator's product is simply not found. Saves name the version they started from
 * (optimistic concurrency, as a story's); stock is set when a product is made and changes only by
 * adjustments afterwards (features/catalog/stock.service.ts).
 */
import { sql } from "kysely";
import type { ProductKind } from "../../../../common/api/catalog.js";
import type { ProductDraft, ProductUpdate, StudioProduct } from "../../../../common/api/studio-products.js";
import type { Db } from "../../../db/client.js";
import { boolValue, toBool, toIso } from "../../../db/dialect.js";
import type { ProductStatus } from "../../../db/types.js";
import { publicStory } from "../../../db/visibility.js";
import { productSearchText } from "../../../search/search-text.js";
import { readableId } from "../studio.queries.js";

function studioProductColumns(database: Db, creatorId: string) {
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
      "product.hidden_at",
      "product.created_at",
      "product.updated_at",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof studioProductColumns>["executeTakeFirstOrThrow"]>>;

function toStudioProduct(row: Row): StudioProduct {
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
  return rows.map(toStudioProduct);
}

export async function findStudioProduct(database: Db, creatorId: string, id: string): Promise<StudioProduct | undefined> {
  const row = await studioProductColumns(database, creatorId).where("product.id", "=", id).executeTakeFirst();
  return row && toStudioProduct(row);
}

/** A story a product may belong to: one the public can read (its card on /stories, its filter in the store). */
export async function storyOnSite(database: Db, storyId: string): Promise<boolean> {
  const row = await database.db.selectFrom("story").select("id").where("id", "=", storyId).where(publicStory("story")).executeTakeFirst();
  return row !== undefined;
}

const kindOf = (category: ProductDraft["category"]): ProductKind => (category === "clothing" ? "merch" : "artifact");

function formColumns(database: Db, form: Omit<ProductDraft, "stock">) {
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

export async function createStudioProduct(database: Db, creatorId: string, draft: ProductDraft, now: Date): Promise<StudioProduct> {
  const id = readableId(draft.title, "product");
  const stamp = now.toISOString();
  await database.db
    .insertInto("product")
    .values({
      id,
      creator_id: creatorId,
      status: "draft",
      version: 1,
      ...formColumns(database, draft),
      stock: draft.stock,
      image_url: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const product = await findStudioProduct(database, creatorId, id);
  if (!product) throw new Error(`product ${id} vanished after its insert`);
  return product;
}

export type ProductWrite = { ok: true; product: StudioProduct } | { ok: false; reason: "not_found" | "conflict" };

async function written(database: Db, creatorId: string, id: string, updated: bigint): Promise<ProductWrite> {
  const product = await findStudioProduct(database, creatorId, id);
  if (!product) return { ok: false, reason: "not_found" };
  return Number(updated) > 0 ? { ok: true, product } : { ok: false, reason: "conflict" };
}

export async function updateStudioProduct(database: Db, creatorId: string, id: string, update: ProductUpdate, now: Date): Promise<ProductWrite> {
  const { version, ...form } = update;
  const result = await database.db
    .updateTable("product")
    .set({ ...formColumns(database, form), version: sql<number>`version + 1`, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("creator_id", "=", creatorId)
    .where("version", "=", version)
    .executeTakeFirst();
  return written(database, creatorId, id, result.numUpdatedRows);
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
