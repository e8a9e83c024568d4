/**
 * The image pipeline (docs/decisions/0018): an upload's bytes in, every stored variant out.
 *
 * - The type is judged by content: the first bytes must be JPEG, PNG, GIF, WebP or AVIF, and
 *   libvips must read the same format from the header; the file's name and declared type count
 *   for nothing. SVG, HEIC, TIFF and the rest never reach a decoder.
 * - Decompression bombs are refused from the header alone: an image of more than
 *   MEDIA_MAX_PIXELS is never decoded (and sharp's own limitInputPixels stops a lying header).
 * - Auto-oriented by EXIF, then every output is written without metadata: no EXIF, no GPS, no
 *   ICC profile (pixels are converted to sRGB), no XMP.
 * - Decoded once, shrunk to the largest width (JPEG shrinks while decoding), then AVIF, WebP and
 *   JPEG at each of MEDIA_WIDTHS up to the image's own width, plus a ThumbHash placeholder.
 * - One image at a time per process, its encodes on at most two libuv threads, so that uploads
 *   never take every core and every pool thread from the site's other answers.
 *
 * sharp is loaded on the first upload, not at start-up (it costs ~120 ms and ~30 MB).
 */
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Sharp, SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { MEDIA_MAX_PIXELS, MEDIA_WIDTHS, type MEDIA_MESSAGES } from "../../common/api/media.js";
import { IMAGE_FORMATS, variantKey, type ImageExt } from "./image-view.js";
import { createLimiter } from "./limit.js";

export type ImageProblem = keyof Pick<typeof MEDIA_MESSAGES, "notImage" | "tooManyPixels" | "unreadable">;

/** An upload that is not an image we take; `problem` names the message (MEDIA_MESSAGES). */
export class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export interface Variant {
  key: string;
  bytes: Buffer;
  contentType: string;
}

export interface ProcessedImage {
  /** Size of the largest variant, after auto-orientation. */
  width: number;
  height: number;
  /** Widths stored, ascending; each in AVIF, WebP and JPEG. */
  widths: number[];
  /** ThumbHash, base64. */
  placeholder: string;
  variants: Variant[];
}

export type UploadFormat = "jpeg" | "png" | "gif" | "webp" | "avif";

/** The variants' height is capped too: AVIF and WebP stop at 16,383 px, and a tall strip is no page image. */
export const MAX_VARIANT_HEIGHT = 4096;
/** Images processed at once in this process. */
export const IMAGES_AT_ONCE = 1;
/** Encodes of one image run at once (libuv threads; libvips itself runs one thread per encode). */
export const ENCODE_LANES = Math.min(2, availableParallelism());

const AVIF = { quality: 50, effort: 2 } as const;
const WEBP = { quality: 75, effort: 4 } as const;
const JPEG = { quality: 78, mozjpeg: true } as const;
/** What a placeholder is made from: ThumbHash takes at most 100 × 100. */
const PLACEHOLDER_SIDE = 100;

const INPUT: SharpOptions = {
  limitInputPixels: MEDIA_MAX_PIXELS,
  // Benign warnings (stray bytes after a JPEG's end, say) pass; truncated or corrupt data does not.
  failOn: "error",
  sequentialRead: true,
};

/** sha256 of the uploaded bytes, first 32 hex digits: the storage prefix of every variant. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");

/** The format the first bytes say, or undefined when they are not one we take. */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  const gif = ascii(bytes, 0, 6);
  if (gif === "GIF87a" || gif === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: major brand at 8, compatible brands from 16 to the end of the box.
    const boxEnd = Math.min(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return undefined;
}

/** The widths stored for an image of this oriented size, ascending; at least one. */
export function variantWidths(width: number, height: number): number[] {
  const heightAt = (w: number) => Math.round((height * w) / width);
  const chosen = MEDIA_WIDTHS.filter((w) => w <= width && heightAt(w) <= MAX_VARIANT_HEIGHT);
  if (chosen.length > 0) return chosen;
  // Smaller than the smallest width, or a very tall strip: one variant, as wide as fits.
  return [Math.max(1, Math.min(width, Math.floor((MAX_VARIANT_HEIGHT * width) / height)))];
}

type SharpFunction = (typeof import("sharp"))["default"];
let loading: Promise<SharpFunction> | undefined;

function loadSharp(): Promise<SharpFunction> {
  return (loading ??= import("sharp").then((module) => {
    const sharp = module.default;
    // No cache of decoded images between uploads (each is seen once), and one libvips thread per
    // operation: the cores are shared with the site's other answers (ENCODE_LANES above).
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

const queue = createLimiter(IMAGES_AT_ONCE);

/** Images waiting or being processed in this process. */
export function imagesInQueue(): number {
  return queue.size;
}

/**
 * Checks the upload and makes every variant, waiting its turn behind other uploads. Throws
 * ImageRefused for anything that is not an image we take.
 */
export async function processImage(bytes: Buffer, hash: string): Promise<ProcessedImage> {
  // The cheap check first, before waiting in the queue: most wrong files are refused at once.
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRefused("notImage");
  return queue.run(() => processNow(bytes, hash, format));
}

async function processNow(bytes: Buffer, hash: string, format: UploadFormat): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // The header only; the pixel limit is checked below, after orientation, with its own answer.
  const metadata = await sharp(bytes, { ...INPUT, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRefused("unreadable");
    });
  const decoded = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
  if (decoded !== format) throw new ImageRefused("notImage");
  // Orientation swaps the sides of EXIF-rotated photos; the header's sizes are all we have read.
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new ImageRefused("unreadable");
  if (width * height > MEDIA_MAX_PIXELS) throw new ImageRefused("tooManyPixels");

  const widths = variantWidths(width, height);
  const largest = widths.at(-1)!;
  // Decoded once: oriented, shrunk to the largest width, as 8-bit sRGB pixels.
  const base = await sharp(bytes, INPUT)
    .rotate()
    .resize({ width: largest })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new ImageRefused(/pixel limit/i.test(String(error)) ? "tooManyPixels" : "unreadable");
    });
  const { width: baseWidth, height: baseHeight, channels } = base.info;
  const fromBase = (): Sharp => sharp(base.data, { raw: { width: baseWidth, height: baseHeight, channels } });

  const placeholder = await thumbHash(fromBase());

  // Largest first and AVIF (the slowest) first of each width, so the lanes finish together.
  const jobs: (() => Promise<Variant>)[] = [];
  for (const w of [...widths].reverse()) {
    for (const { ext, type } of IMAGE_FORMATS) {
      jobs.push(async () => {
        const image = w === baseWidth ? fromBase() : fromBase().resize({ width: w });
        return { key: variantKey(hash, w, ext), bytes: await encode(image, ext).toBuffer(), contentType: type };
      });
    }
  }
  const variants: Variant[] = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) variants.push(await jobs[next++]!());
  };
  await Promise.all(Array.from({ length: ENCODE_LANES }, lane));
  return { width: baseWidth, height: baseHeight, widths, placeholder, variants };
}

/** No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP or ICC unless told to. */
function encode(image: Sharp, ext: ImageExt): Sharp {
  switch (ext) {
    case "avif":
      return image.avif(AVIF);
    case "webp":
      return image.webp(WEBP);
    case "jpg":
      // JPEG has no transparency: transparent pixels become white, as on the site's pages.
      return image.flatten({ background: "#ffffff" }).jpeg(JPEG);
  }
}

async function thumbHash(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: PLACEHOLDER_SIDE, height: PLACEHOLDER_SIDE, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
