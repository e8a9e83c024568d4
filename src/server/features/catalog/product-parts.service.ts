/**
 * The one writer of a product's stories and pictures (product_story, product_image), called by
 * every form that saves a product, inside its transaction. The lead story is also kept in
 * `product.story_id` and the cover's JPEG in `product.image_url`, so the lists, cart lines,
 * creator pages and share images that read one column show them (docs/decisions/0028). `trx` is
 * the caller's transaction.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { imageOf, MEDIA_URL_PREFIX } from "../../media/image-view.js";

export async function setProductStories(trx: Kysely<Database>, productId: string, storyIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("product_story").where("product_id", "=", productId).execute();
  if (storyIds.length > 0) {
    await trx
      .insertInto("product_story")
      .values(storyIds.map((story_id, position) => ({ product_id: productId, story_id, position })))
      .execute();
  }
  await trx.updateTable("product").set({ story_id: storyIds[0] ?? null }).where("id", "=", productId).execute();
}

/**
 * Shows these uploads, in this order; the first is the cover. Without any, a product keeps the
 * picture it came with (the sample products'), but not a cover it no longer shows.
 */
export async function setProductImages(trx: Kysely<Database>, productId: string, mediaIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("product_image").where("product_id", "=", productId).execute();
  if (mediaIds.length > 0) {
    await trx
      .insertInto("product_image")
      .values(mediaIds.map((media_id, position) => ({ product_id: productId, media_id, position })))
      .execute();
  }
  const cover = mediaIds[0]
    ? await trx.selectFrom("media").select(["id", "hash", "width", "height", "placeholder", "widths"]).where("id", "=", mediaIds[0]).executeTakeFirst()
    : undefined;
  const { image_url: current } = await trx.selectFrom("product").select("image_url").where("id", "=", productId).executeTakeFirstOrThrow();
  const imageUrl = cover ? imageOf(cover).src : current?.startsWith(MEDIA_URL_PREFIX) ? null : current;
  if (imageUrl !== current) await trx.updateTable("product").set({ image_url: imageUrl }).where("id", "=", productId).execute();
}
