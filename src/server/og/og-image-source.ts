/**
 * A card's picture, from this site only: an uploaded image's variant from the media store
 * (`/media/u/{hash}/{width}.{ext}`) or a file of the sample content under media/
 * (`/media/stories/x.svg`). Anything else — another host, a path outside those — gives no picture:
 * nothing is fetched from elsewhere. sharp crops it to the card's box (no stretching) and encodes
 * a small JPEG, which satori takes as a data: URL.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MEDIA_URL_PREFIX } from "../media/image-view.js";
import { isVariantKey, type MediaStore } from "../media/store.js";
import type { OgImageBox } from "./og-card.js";

/** Larger sources are not ours to draw (uploads are at most 1600 px wide, seed files a few KB). */
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
/** A sample-content file: one folder, one plain name, an image extension; never `..` or a slash more. */
const SEED_PATH = /^\/media\/([a-z0-9_-]+\/[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:svg|png|jpe?g|webp))$/;

export interface ImageSourceOptions {
  /** Uploaded images' variants. */
  media: MediaStore;
  /** The sample content's media directory (media/ of the repository). */
  seedDir: string;
}

/** Whether the path is one this site serves itself, so a card may show it. */
export function isLocalImagePath(path: string): boolean {
  if (path.startsWith(MEDIA_URL_PREFIX)) return isVariantKey(path.slice(MEDIA_URL_PREFIX.length));
  return SEED_PATH.test(path) && !path.includes("..");
}

async function sourceBytes(path: string, { media, seedDir }: ImageSourceOptions): Promise<Uint8Array | undefined> {
  if (path.startsWith(MEDIA_URL_PREFIX)) {
    const key = path.slice(MEDIA_URL_PREFIX.length);
    if (!isVariantKey(key)) return undefined;
    const object = await media.get(key);
    if (!object) return undefined;
    if (object.size > MAX_SOURCE_BYTES) {
      await object.body.cancel();
      return undefined;
    }
    return new Uint8Array(await new Response(object.body).arrayBuffer());
  }
  const seed = SEED_PATH.exec(path)?.[1];
  if (!seed || seed.includes("..")) return undefined;
  try {
    const bytes = await readFile(join(seedDir, seed));
    return bytes.length > MAX_SOURCE_BYTES ? undefined : bytes;
  } catch {
    return undefined;
  }
}

/**
 * The picture at `path`, sized to the box (cropped to it, centred, or scaled to fit within it) and
 * encoded as JPEG; undefined when
 * the path is not this site's, the file is gone or it is not an image sharp can read.
 */
export async function loadCardImage(path: string, box: OgImageBox, options: ImageSourceOptions): Promise<Uint8Array | undefined> {
  const bytes = await sourceBytes(path, options);
  if (!bytes) return undefined;
  // Loaded with the first card's picture, not at start-up (as og-card.ts's renderers).
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    // A vector drawing is rasterised at a density that gives at least the box's size.
    const scale = meta.format === "svg" && meta.width && meta.height ? Math.max(box.width / meta.width, box.height / meta.height) : 1;
    const density = meta.format === "svg" ? Math.min(600, Math.max(72, Math.ceil(72 * scale))) : undefined;
    const output = await sharp(bytes, { limitInputPixels: 40_000_000, ...(density ? { density } : {}) })
      .rotate()
      .resize(box.width, box.height, { fit: box.fit, position: "centre" })
      .flatten({ background: "#faf7f2" })
      .jpeg({ quality: 82 })
      .toBuffer();
    return new Uint8Array(output);
  } catch {
    return undefined;
  }
}
