/** The radio's rotation and its listeners' plays (spec §3, issue 34, docs/decisions/0033). */
import { z } from "zod";
import { PLAY_OUTCOMES, TRACK_MAX_MS, WAVEFORM_POINTS } from "../radio.js";

export const WaveformSchema = z
  .array(z.number().min(0).max(1))
  .meta({ description: `${WAVEFORM_POINTS} points, each the peak of an equal slice of the track from 0 to 1: the seek bar draws them` });

export const TrackSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z.string().meta({ description: "The house's name for its tracks; a creator's track, the creator's name" }),
    url: z.string().meta({
      example: "/media/audio/slow-tide.mp3?v=1a2b3c4d",
      description: "The audio under /media (range requests, long cache); the URL changes when the file does",
    }),
    description: z.string(),
    creator: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "The creator whose track it is (the strip links to their page); null for the house's" }),
    duration_ms: z.number().int().nullable().meta({ description: "Measured on upload; null when not known" }),
    gain_db: z.number().meta({ description: "The gain the player applies so every track plays at -16 LUFS without its true peak passing -1 dBTP" }),
    waveform: WaveformSchema.nullable(),
    featured: z.boolean().meta({ description: "Featured by the curators" }),
  })
  .meta({ id: "Track" });
export type Track = z.infer<typeof TrackSchema>;

export const TrackListSchema = z
  .object({
    tracks: z.array(TrackSchema).meta({ description: "The rotation: the house's tracks and creators' approved ones, featured first, in the curators' order; the player shuffles them" }),
  })
  .meta({ id: "TrackList" });
export type TrackList = z.infer<typeof TrackListSchema>;

/** POST /api/radio/plays: how long a listener heard a track; the server decides what kind of play it was. */
export const PlayInputSchema = z.object({
  track_id: z.string().min(1).max(64),
  listened_ms: z
    .number()
    .int()
    .min(0)
    .max(TRACK_MAX_MS * 2)
    .meta({ description: "Milliseconds of the track heard before it ended, was skipped or the page was left" }),
});
export type PlayInput = z.infer<typeof PlayInputSchema>;

export const PlayCountedSchema = z
  .object({ outcome: z.enum(PLAY_OUTCOMES).meta({ description: "complete (90% or more), partial, or skipped (under 10%), as Bandcamp counts" }) })
  .meta({ id: "PlayCounted" });
export type PlayCounted = z.infer<typeof PlayCountedSchema>;

/** GET /api/me/radio/recent. */
export const RecentPlaysSchema = z
  .object({
    items: z.array(z.object({ track: TrackSchema, played_at: z.string().meta({ format: "date-time" }) })).meta({
      description: "The member's last tracks, newest first, each once; only tracks still in rotation",
    }),
  })
  .meta({ id: "RecentPlays" });
export type RecentPlays = z.infer<typeof RecentPlaysSchema>;
