/** Tracks for the radio's tests: a house track by default, with every field the API sends. */
import type { Track } from "../../../../common/api/radio";

export function track(id: string, extra: Partial<Track> = {}): Track {
  return {
    id,
    title: `Title ${id}`,
    artist: `Artist ${id}`,
    url: `/media/audio/${id}.mp3`,
    description: "",
    creator: null,
    duration_ms: null,
    gain_db: 0,
    waveform: null,
    featured: false,
    ...extra,
  };
}
