/**
 * Uploaded images (POST /api/studio/media) and how every answer shows one: the sizes to reserve,
 * a placeholder to paint until it arrives, and AVIF/WebP/JPEG variants for <picture>/srcset.
 */
import { z } from "zod";

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

export const ImageSourceSchema = z.object({
  type: z.enum(["image/avif", "image/webp"]),
  srcset: z.string().meta({ example: "/media/u/3f…/320.avif 320w, /media/u/3f…/640.avif 640w" }),
});

export const ImageSchema = z
  .object({
    id: z.string().meta({ description: "The media id, as a story's cover_media_id or a profile's avatar_media_id" }),
    width: z.number().int().meta({ description: "Intrinsic width of the largest variant, after auto-orientation" }),
    height: z.number().int(),
    placeholder: z.string().meta({ description: "ThumbHash (base64) of the image: paint it until the image loads" }),
    src: z.string().meta({ description: "JPEG fallback; content-hashed URL, cached forever" }),
    srcset: z.string().meta({ description: "JPEG variants, `url 640w, …`" }),
    sources: z.array(ImageSourceSchema).meta({ description: "AVIF then WebP, for <source> elements" }),
  })
  .meta({ id: "Image" });
export type Image = z.infer<typeof ImageSchema>;
