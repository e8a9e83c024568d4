/**
 * What a product answer gathers beside its row, for a whole page in one query each: its variants
 * (sizes with their stock), its stories and its uploaded pictures. The store, the studio and the
 * back office read them the same way.
 */
import { sql } from "kysely";
import type { Db } from "../../db/client.js";
import { publicStory } from "../../db/visibility.js";
import { imageOf } from "../../media/image-view.js";
import type { Image } from "../../../common/api/media.js";
import type { ProductVariant, StoryRef } from "../../../common/api/catalog.js";
import { isSize } from "../../../common/sizes.js";

type ByProduct<T> = Map<string, T[]>;

function group<R extends { product_id: string }, T>(rows: readonly R[], toItem: (row: R) => T): ByProduct<T> {
  const byProduct: ByProduct<T> = new Map();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(toItem(row));
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

/**
 * Each product's sizes in their order (or its one default variant), without the sizes taken away.
 */
export async function variantsOf(database: Pick<Db, "db">, rows: readonly { id: string }[]): Promise<ByProduct<ProductVariant>> {
  if (rows.length === 0) return new Map();
  const variants = await database.db
    .selectFrom("product_variant")
    .select(["id", "product_id", "size", "stock"])
    .where("product_id", "in", rows.map((r) => r.id))
    .where("retired", "=", sql<boolean>`false`)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  return group(variants, (v) => ({ id: v.id, size: isSize(v.size) ? v.size : null, stock: v.stock }));
}

/**
 * Each product's stories in the seller's order. The public sees only stories that are public
 * (no product links to a story page that is gone); the studio names its own even when not.
 */
export async function storiesOf(database: Pick<Db, "db">, rows: readonly { id: string }[], { publicOnly }: { publicOnly: boolean }): Promise<ByProduct<StoryRef>> {
  if (rows.length === 0) return new Map();
  let query = database.db
    .selectFrom("product_story")
    .innerJoin("story", "story.id", "product_story.story_id")
    .select(["product_story.product_id", "story.id", "story.title"])
    .where("product_story.product_id", "in", rows.map((r) => r.id));
  if (publicOnly) query = query.where(publicStory("story"));
  const stories = await query.orderBy("product_story.product_id").orderBy("product_story.position").execute();
  return group(stories, (s) => ({ id: s.id, title: s.title }));
}

/** Each product's uploaded pictures in the seller's order; the first is the cover. */
export async function imagesOf(database: Pick<Db, "db">, rows: readonly { id: string }[]): Promise<ByProduct<Image>> {
  if (rows.length === 0) return new Map();
  const images = await database.db
    .selectFrom("product_image")
    .innerJoin("media", "media.id", "product_image.media_id")
    .select(["product_image.product_id", "media.id", "media.hash", "media.width", "media.height", "media.placeholder", "media.widths"])
    .where("product_image.product_id", "in", rows.map((r) => r.id))
    .orderBy("product_image.product_id")
    .orderBy("product_image.position")
    .execute();
  return group(images, imageOf);
}

export interface ProductParts {
  variants: ProductVariant[];
  stories: StoryRef[];
  images: Image[];
}

/** Variants, stories and pictures of a page of products, three queries side by side. */
export async function productPartsOf(
  database: Pick<Db, "db">,
  rows: readonly { id: string }[],
  options: { publicOnly: boolean },
): Promise<(id: string) => ProductParts> {
  const [variants, stories, images] = await Promise.all([variantsOf(database, rows), storiesOf(database, rows, options), imagesOf(database, rows)]);
  return (id) => ({ variants: variants.get(id) ?? [], stories: stories.get(id) ?? [], images: images.get(id) ?? [] });
}
