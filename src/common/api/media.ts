/**
 * Uploaded images (POST /api/studio/media) and how every answer shows one: the sizes to reserve,
 * a placeholder to paint until it arrives, and AVIF/WebP/JPEG variants for <picture>/srcset.
 */
import { z } from "zod";

// The zod-free constants live in media-fields.ts, so the upload form does not load zod; re-exported here.
export { MEDIA_ACCEPT, MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, MEDIA_MESSAGES, MEDIA_WIDTHS } from "../media-fields.js";

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
