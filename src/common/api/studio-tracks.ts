/** A creator's tracks for the radio (studio → Tracks; issue 34, docs/decisions/0033). */
import { z } from "zod";
import { ImageSchema } from "./media.js";
import { WaveformSchema } from "./radio.js";
import { hasControlCharacters } from "../text.js";
import { PLAY_OUTCOMES, TRACK_DESCRIPTION_MAX, TRACK_MESSAGES as M, TRACK_STATUSES, TRACK_TITLE_MAX } from "../radio.js";

const title = z
  .string({ error: M.titleRequired })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, M.titleRequired)
  .refine((v) => v.length <= TRACK_TITLE_MAX, M.titleTooLong)
  .refine((v) => !hasControlCharacters(v, false), M.titleRequired);
const description = z
  .string()
  .transform((v) => v.trim())
  .refine((v) => v.length <= TRACK_DESCRIPTION_MAX, M.descriptionTooLong)
  .refine((v) => !hasControlCharacters(v, true), M.descriptionTooLong);

/** The details sent with an upload (as form fields) and by an edit (JSON). */
export const TrackDetailsSchema = z.object({
  title,
  description: description.default(""),
  cover_media_id: z.string().max(64).nullable().default(null).meta({ description: "An image the creator uploaded (POST /api/studio/media); null: none" }),
});
export type TrackDetailsInput = z.input<typeof TrackDetailsSchema>;
export type TrackDetails = z.output<typeof TrackDetailsSchema>;

export const PlayCountsSchema = z
  .object(Object.fromEntries(PLAY_OUTCOMES.map((o) => [o, z.number().int().min(0)])) as Record<(typeof PLAY_OUTCOMES)[number], z.ZodNumber>)
  .meta({ id: "PlayCounts", description: "Plays counted as complete (90% or more), partial and skipped (under 10%)" });
export type PlayCounts = z.infer<typeof PlayCountsSchema>;

export const StudioTrackSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    cover: z.union([ImageSchema, z.null()]).meta({ description: "An uploaded cover image; null: none" }),
    status: z.enum(TRACK_STATUSES),
    decline_note: z.string().nullable().meta({ description: "The curator's note when declined" }),
    audio_url: z.string().meta({ description: "Its audio; only its creator and staff may hear it before it is in rotation" }),
    content_type: z.string(),
    bytes: z.number().int(),
    duration_ms: z.number().int(),
    loudness_lufs: z.number().meta({ description: "Integrated loudness (EBU R128), measured on upload" }),
    true_peak_dbtp: z.number(),
    gain_db: z.number().meta({ description: "What the player applies: -16 LUFS, true peak at most -1 dBTP" }),
    waveform: WaveformSchema,
    plays: PlayCountsSchema,
    created_at: z.string().meta({ format: "date-time" }),
    updated_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "StudioTrack" });
export type StudioTrack = z.infer<typeof StudioTrackSchema>;

export const StudioTrackListSchema = z.object({ items: z.array(StudioTrackSchema).meta({ description: "Newest first" }) }).meta({ id: "StudioTrackList" });
export type StudioTrackList = z.infer<typeof StudioTrackListSchema>;
