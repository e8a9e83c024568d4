/** Upload limits and messages without the image schema (api/media.ts builds zod schemas when loaded). */

/** Largest upload accepted, in bytes. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image decoded, in pixels (width × height): a decompression bomb stops here. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** Widths stored, each in AVIF, WebP and JPEG; those wider than the image are left out. */
export const MEDIA_WIDTHS = [320, 640, 1024, 1600] as const;
/** The `accept` of the file input: what the server decodes (it judges by content, not by this). */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export const MEDIA_MESSAGES = {
  missing: "Please choose an image to upload",
  tooLarge: "Images must be 10 MB or smaller",
  notImage: "Please choose a JPEG, PNG, WebP, AVIF or GIF image",
  tooManyPixels: "This image is too large to process. Please use one under 40 megapixels.",
  unreadable: "This image could not be read. Please try another file.",
} as const;
