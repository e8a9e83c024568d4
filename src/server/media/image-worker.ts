/**
 * The image worker: a child process of the server (process.ts forks it on the first upload and
 * stops it when idle) that runs the sharp pipeline, one image at a time. Decoding untrusted files
 * happens here, not in the server: libvips' memory (a few hundred MB of allocator arenas after
 * large photos) goes back to the system when the worker exits, the worker runs at a lower CPU
 * priority than the server, and a crash in a decoder costs one upload, not the site.
 *
 * - Decompression bombs are refused from the header alone: an image of more than
 *   MEDIA_MAX_PIXELS is never decoded (and sharp's own limitInputPixels stops a lying header).
 * - The format libvips reads must be the one the first bytes said (process.ts sniffs them).
 * - Auto-oriented by EXIF, then every output is written without metadata: no EXIF, no GPS, no
 *   XMP, no ICC profile (pixels are converted to sRGB).
 * - Decoded once, shrunk to the largest width (JPEG shrinks while decoding), then AVIF, WebP and
 *   JPEG at each width, one after another, plus a ThumbHash placeholder.
 *
 * Protocol (IPC, advanced serialization): WorkerJob in, WorkerReply out, per job.
 */
import sharp, { type Sharp, type SharpOptions } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { MEDIA_MAX_PIXELS } from "../../common/api/media.js";
import { IMAGE_FORMATS, variantKey, type ImageExt } from "./image-view.js";
import { ImageRefused, variantWidths, type ProcessedImage, type UploadFormat, type Variant, type WorkerJob, type WorkerReply } from "./process.js";

/**
 * Effort 0 (libaom's fastest speed): measured on photos, files as small as at effort 2 and within
 * 1 dB PSNR of it, for a fifth of the CPU time (0.28 s against 1.5 s for the four widths of a 12 MP photo).
 */
const AVIF = { quality: 50, effort: 0 } as const;
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

// No cache of decoded images between uploads (each is seen once), and one libvips thread: the
// server's answers keep the other core.
sharp.cache(false);
sharp.concurrency(1);

export async function runPipeline(bytes: Buffer, hash: string, format: UploadFormat): Promise<ProcessedImage> {
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
  const variants: Variant[] = [];
  for (const w of [...widths].reverse()) {
    for (const { ext, type } of IMAGE_FORMATS) {
      const image = w === baseWidth ? fromBase() : fromBase().resize({ width: w });
      variants.push({ key: variantKey(hash, w, ext), bytes: await encode(image, ext).toBuffer(), contentType: type });
    }
  }
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

// As a child process: serve jobs from the server until it goes away.
if (process.send) {
  process.on("message", (job: WorkerJob) => {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    runPipeline(bytes, job.hash, job.format).then(
      (image) => process.send!({ id: job.id, image } satisfies WorkerReply),
      (error: unknown) =>
        process.send!(
          error instanceof ImageRefused
            ? ({ id: job.id, refused: error.problem } satisfies WorkerReply)
            : ({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies WorkerReply),
        ),
    );
  });
  // The server exited or stopped us: nothing more will come.
  process.on("disconnect", () => process.exit(0));
}
