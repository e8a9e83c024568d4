/**
 * Images nothing refers to any more are removed after a grace period (MEDIA_GRACE_HOURS): an
 * upload the creator never saved into a story, a replaced cover, an avatar changed. The sweep
 * runs in every instance now and then (index.ts); each step is idempotent, so instances sweeping
 * at once do no harm.
 *
 * 1. An image is referenced when a story's cover_media_id, a creator's avatar_media_id, a
 *    radio track's cover_media_id or a product's pictures (product_image) name it,
 *    or a story's body shows it (a `/media/u/{hash}/…` address in its Markdown: any row of that
 *    hash is kept, as the body names the content, not the row). A new column that names media
 *    must be added to `covers`/`avatars` below, or its images go. The body test reads every story
 *    body for each unreferenced image: fine for an hourly sweep at today's sizes; an index of
 *    body references (written on save) is the way on when it is not.
 * 2. Unreferenced images are marked orphaned (orphaned_at = now) once; referenced ones unmarked.
 * 3. Images orphaned longer than the grace period, and still unreferenced, are deleted; their
 *    variants go from storage when no other media row has the same content hash (identical
 *    uploads share their variants).
 */
import { sql, type SqlBool } from "kysely";
import type { Logger } from "pino";
import type { Db } from "../db/client.js";
import { IMAGE_FORMATS, variantKey } from "./image-view.js";
import type { MediaStore } from "./store.js";

export interface SweepOptions {
  now: Date;
  graceHours: number;
}

export interface SweepResult {
  orphaned: number;
  restored: number;
  deleted: number;
  /** Variant objects removed from storage. */
  objectsDeleted: number;
}

export async function sweepMedia(database: Db, store: MediaStore, { now, graceHours }: SweepOptions): Promise<SweepResult> {
  const { db } = database;
  const stamp = now.toISOString();
  const cutoff = new Date(now.getTime() - graceHours * 3_600_000).toISOString();
  const covers = db.selectFrom("story").select("story.cover_media_id").where("story.cover_media_id", "is not", null);
  const avatars = db.selectFrom("creator").select("creator.avatar_media_id").where("creator.avatar_media_id", "is not", null);
  const productImages = db.selectFrom("product_image").select("product_image.media_id");
  const trackCovers = db.selectFrom("track").select("track.cover_media_id").where("track.cover_media_id", "is not", null);
  const inBody = sql<SqlBool>`exists (select 1 from story where story.body like ('%/media/u/' || media.hash || '/%'))`;

  const orphaned = await db
    .updateTable("media")
    .set({ orphaned_at: stamp })
    .where("orphaned_at", "is", null)
    .where("id", "not in", covers)
    .where("id", "not in", avatars)
    .where("id", "not in", productImages)
    .where("id", "not in", trackCovers)
    .where((eb) => eb.not(inBody))
    .executeTakeFirst();
  const restored = await db
    .updateTable("media")
    .set({ orphaned_at: null })
    .where("orphaned_at", "is not", null)
    .where((eb) => eb.or([eb("id", "in", covers), eb("id", "in", avatars), eb("id", "in", productImages), eb("id", "in", trackCovers), inBody]))
    .executeTakeFirst();

  // Re-checked as they are deleted: a story may have taken one as its cover since step 2.
  const deleted = await db
    .deleteFrom("media")
    .where("orphaned_at", "<", cutoff)
    .where("id", "not in", covers)
    .where("id", "not in", avatars)
    .where("id", "not in", productImages)
    .where("id", "not in", trackCovers)
    .where((eb) => eb.not(inBody))
    .returning(["hash", "widths"])
    .execute();

  const objectsDeleted = await deleteUnusedVariants(database, store, deleted);
  return {
    orphaned: Number(orphaned.numUpdatedRows),
    restored: Number(restored.numUpdatedRows),
    deleted: deleted.length,
    objectsDeleted,
  };
}

/** How often each instance sweeps. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/** Sweeps now and then (first a minute after start-up) until stopped; never keeps the process alive. */
export function scheduleMediaSweeps(
  database: Db,
  store: MediaStore,
  options: { graceHours: number; logger: Logger; everyMs?: number },
): { stop(): void } {
  const { graceHours, logger, everyMs = SWEEP_EVERY_MS } = options;
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweepMedia(database, store, { now: new Date(), graceHours })
      .then((result) => {
        if (result.orphaned || result.restored || result.deleted) logger.info(result, "media swept");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "media sweep failed"))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(sweep, Math.min(60_000, everyMs));
  const every = setInterval(sweep, everyMs);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}

/**
 * After media rows are deleted (by the sweep, or with their owner's account): removes their
 * variants from storage unless another row has the same content hash. Returns how many objects.
 */
export async function deleteUnusedVariants(database: Db, store: MediaStore, deleted: readonly { hash: string; widths: string }[]): Promise<number> {
  let objectsDeleted = 0;
  const hashes = new Map(deleted.map((row) => [row.hash, row.widths]));
  if (hashes.size === 0) return 0;
  const stillUsed = await database.db.selectFrom("media").select("hash").distinct().where("hash", "in", [...hashes.keys()]).execute();
  for (const { hash } of stillUsed) hashes.delete(hash);
  for (const [hash, widths] of hashes) {
    const keys = (JSON.parse(widths) as number[]).flatMap((width) => IMAGE_FORMATS.map(({ ext }) => variantKey(hash, width, ext)));
    await store.delete(keys);
    objectsDeleted += keys.length;
  }
  return objectsDeleted;
}
