/**
 * How an answer shows a stored image (common/api/media.ts ImageSchema): every variant's URL is
 * `/media/u/{hash}/{width}.{ext}`, named by the content hash of the upload, so it never changes
 * and is cached forever.
 */
import type { Image } from "../../common/api/media.js";

export const MEDIA_URL_PREFIX = "/media/u/";
export const IMAGE_FORMATS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
  { ext: "jpg", type: "image/jpeg" },
] as const;
export type ImageExt = (typeof IMAGE_FORMATS)[number]["ext"];
/** The JPEG `src` for browsers without srcset: the widest variant up to this width. */
const FALLBACK_WIDTH = 1024;

/** The media columns an answer needs (joined as `<alias>_id`, `<alias>_hash`… by the queries). */
export interface MediaView {
  id: string;
  hash: string;
  width: number;
  height: number;
  placeholder: string;
  /** JSON array of the widths stored, ascending. */
  widths: string;
}

/** The storage key of one variant (and its URL after MEDIA_URL_PREFIX). */
export function variantKey(hash: string, width: number, ext: ImageExt): string {
  return `${hash}/${width}.${ext}`;
}

export function imageOf(media: MediaView): Image {
  const widths = (JSON.parse(media.widths) as number[]).slice().sort((a, b) => a - b);
  const url = (width: number, ext: ImageExt) => MEDIA_URL_PREFIX + variantKey(media.hash, width, ext);
  const srcset = (ext: ImageExt) => widths.map((w) => `${url(w, ext)} ${w}w`).join(", ");
  const fallback = widths.filter((w) => w <= FALLBACK_WIDTH).at(-1) ?? widths[0]!;
  return {
    id: media.id,
    width: media.width,
    height: media.height,
    placeholder: media.placeholder,
    src: url(fallback, "jpg"),
    srcset: srcset("jpg"),
    sources: [
      { type: "image/avif", srcset: srcset("avif") },
      { type: "image/webp", srcset: srcset("webp") },
    ],
  };
}

/** An image from nullable joined columns: null when the row has none. */
export function optionalImageOf(media: { [K in keyof MediaView]: MediaView[K] | null }): Image | null {
  if (media.id === null || media.hash === null || media.widths === null) return null;
  return imageOf({
    id: media.id,
    hash: media.hash,
    width: media.width ?? 0,
    height: media.height ?? 0,
    placeholder: media.placeholder ?? "",
    widths: media.widths,
  });
}

/** A story's cover as queries select it, joined as `media as cover` (catalog and studio queries). */
export const COVER_COLUMNS = [
  "cover.id as cover_id",
  "cover.hash as cover_hash",
  "cover.width as cover_width",
  "cover.height as cover_height",
  "cover.placeholder as cover_placeholder",
  "cover.widths as cover_widths",
] as const;

interface CoverRow {
  cover_id: string | null;
  cover_hash: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_placeholder: string | null;
  cover_widths: string | null;
}

export function coverOf(row: CoverRow): Image | null {
  return optionalImageOf({
    id: row.cover_id,
    hash: row.cover_hash,
    width: row.cover_width,
    height: row.cover_height,
    placeholder: row.cover_placeholder,
    widths: row.cover_widths,
  });
}
