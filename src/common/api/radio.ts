/** The radio's tracks (spec §3, GET /api/radio/tracks). */
import { z } from "zod";

export const TrackSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z.string(),
    url: z.string().meta({
      example: "/media/audio/slow-tide.mp3?v=1a2b3c4d",
      description: "The MP3 under /media (range requests, long cache); `v` changes when the file does",
    }),
    description: z.string(),
  })
  .meta({ id: "Track" });
export type Track = z.infer<typeof TrackSchema>;

export const TrackListSchema = z
  .object({ tracks: z.array(TrackSchema).meta({ description: "The four tracks, in a fixed order; the player shuffles them" }) })
  .meta({ id: "TrackList" });
export type TrackList = z.infer<typeof TrackListSchema>;
