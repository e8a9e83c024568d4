/**
 * The radio's four tracks (spec §3 Track, DECISIONS.md 15). The audio is ours: scripts/generate-audio.ts
 * synthesises each file from code into media/audio/<id>.mp3 (`npm run assets:audio`), reading the
 * ids below, so the list and the files cannot drift apart.
 */
export interface TrackSource {
  /** Stable id; also the file name under media/audio. */
  id: string;
  title: string;
  artist: string;
  description: string;
}

export const AUDIO_DIR = "audio";

export const TRACKS: readonly TrackSource[] = [
  {
    id: "paper-lanterns",
    title: "Paper Lanterns",
    artist: "Juniper Fog",
    description: "Late-night lo-fi: dusty electric piano over a lazy, swung beat, for reading and slow scrolling.",
  },
  {
    id: "night-bus-home",
    title: "Night Bus Home",
    artist: "Vela Static",
    description: "Synthwave for the last ride across town: pulsing bass, glassy arpeggios and a big gated snare.",
  },
  {
    id: "garage-parade",
    title: "Garage Parade",
    artist: "The Second Liners",
    description: "Four-on-the-floor house with a brass-band strut: offbeat hats, funky bass and a horn riff that will not quit.",
  },
  {
    id: "slow-tide",
    title: "Slow Tide",
    artist: "Harbor Lights",
    description: "Dream-pop drift: warm pads, soft brushes and a bell melody that comes and goes like the water.",
  },
];

/** The path the file of a track is served at (registerStatic serves media/ under /media). */
export function trackPath(id: string): string {
  return `/media/${AUDIO_DIR}/${id}.mp3`;
}
