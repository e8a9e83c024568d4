/** The back office's Radio area (issue 34, docs/decisions/0033): the review queue and the rotation. */
import { z } from "zod";
import { ImageSchema } from "./media.js";
import { WaveformSchema } from "./radio.js";
import { PlayCountsSchema } from "./studio-tracks.js";
import { DECLINE_NOTE_MAX, TRACK_MESSAGES as M, TRACK_STATUSES } from "../radio.js";

export const AdminTrackSchema = z
  .object({
    id: z.string(),
    source: z.enum(["house", "upload"]),
    title: z.string(),
    artist: z.string(),
    description: z.string(),
    creator: z.object({ id: z.string(), name: z.string() }).nullable(),
    cover: z.union([ImageSchema, z.null()]).meta({ description: "An uploaded cover image; null: none" }),
    status: z.enum(TRACK_STATUSES),
    decline_note: z.string().nullable(),
    audio_url: z.string(),
    duration_ms: z.number().int().nullable(),
    loudness_lufs: z.number().nullable(),
    true_peak_dbtp: z.number().nullable(),
    gain_db: z.number(),
    waveform: WaveformSchema.nullable(),
    featured: z.boolean(),
    position: z.number().int().nullable(),
    plays: PlayCountsSchema,
    created_at: z.string().meta({ format: "date-time" }),
    reviewed_at: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "AdminTrack" });
export type AdminTrack = z.infer<typeof AdminTrackSchema>;

export const AdminRadioSchema = z
  .object({
    queue: z.array(AdminTrackSchema).meta({ description: "Tracks waiting for review, oldest first" }),
    rotation: z.array(AdminTrackSchema).meta({ description: "The rotation in the order the radio names it: featured first, then by position" }),
  })
  .meta({ id: "AdminRadio" });
export type AdminRadio = z.infer<typeof AdminRadioSchema>;

const note = z
  .string({ error: M.noteRequired })
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, M.noteRequired)
  .refine((v) => v.length <= DECLINE_NOTE_MAX, M.noteTooLong);

/** Declining a submitted track, or taking one out of rotation: the creator reads the note. */
export const DeclineTrackSchema = z.object({ note });
export type DeclineTrackInput = z.input<typeof DeclineTrackSchema>;

export const FeatureTrackSchema = z.object({ featured: z.boolean() });

/** The whole rotation, in its new order: exactly the tracks in rotation now. */
export const RotationOrderSchema = z.object({ ids: z.array(z.string().max(64)).min(1).max(1_000) });
