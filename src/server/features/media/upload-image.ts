/**
 * Storing an upload: the content hash names it; identical bytes uploaded before reuse the stored
 * variants (when they are all still there), anything else goes through the image pipeline
 * (server/media/process.ts) and every variant into the media store, before the row is written —
 * so a row never names variants that are not stored. Each upload gets its own row (its own owner).
 */
import type { Db } from "../../db/client.js";
import { IMAGE_FORMATS, variantKey, type MediaView } from "../../media/image-view.js";
import { contentHash, contentHashOf, processImage } from "../../media/process.js";
import type { MediaStore } from "../../media/store.js";
import { findMediaByHash, insertMediaRow, newMediaId } from "./media.queries.js";

/** Variants written to the store at once. */
const PUT_PARALLEL = 4;

/** `sha256` (hex) of the bytes when already known; computed otherwise. */
export async function uploadImage(database: Db, store: MediaStore, ownerId: string, bytes: Buffer, sha256?: string): Promise<MediaView> {
  const hash = sha256 ? contentHashOf(sha256) : contentHash(bytes);
  const known = await findMediaByHash(database, hash);
  let image: Omit<MediaView, "id" | "hash">;
  if (known && (await allStored(store, known))) {
    image = known;
  } else {
    const processed = await processImage(bytes, hash);
    const queue = [...processed.variants];
    const worker = async () => {
      for (let v = queue.shift(); v; v = queue.shift()) await store.put(v.key, v.bytes, v.contentType);
    };
    await Promise.all(Array.from({ length: PUT_PARALLEL }, worker));
    image = { ...processed, widths: JSON.stringify(processed.widths) };
  }
  return insertMediaRow(database, {
    id: newMediaId(),
    owner_id: ownerId,
    hash,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    widths: image.widths,
    bytes: bytes.length,
    created_at: new Date().toISOString(),
    orphaned_at: null,
  });
}

async function allStored(store: MediaStore, media: MediaView): Promise<boolean> {
  const keys = (JSON.parse(media.widths) as number[]).flatMap((w) => IMAGE_FORMATS.map(({ ext }) => variantKey(media.hash, w, ext)));
  const found = await Promise.all(keys.map((key) => store.head(key)));
  return found.every(Boolean);
}
