/**
 * The radio's four tracks (spec §3 Track, DECISIONS.md 15). The audio is ours: scripts/generate-audio.ts
 * synthesises each file from code into media/audio/<id>.mp3 (`npm run assets:audio`), reading the
 * ids below, so the list and the files cannot drift apart.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { MEDIA_DIR } from "../../lib/static.js";

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

/**
 * /media is served with a year-long immutable cache, so each URL carries a digest of its file:
 * regenerated audio gets a new URL. A missing file keeps the bare URL (the player reports it and
 * skips the track). Read once per file: the files change only with a new release.
 */
const versions = new Map<string, Promise<string>>();
export function houseTrackUrl(id: string, mediaDir = MEDIA_DIR): Promise<string> {
  const key = `${mediaDir}\n${id}`;
  let url = versions.get(key);
  if (!url) {
    url = readFile(join(mediaDir, AUDIO_DIR, `${id}.mp3`)).then(
      (bytes) => `${trackPath(id)}?v=${createHash("sha256").update(bytes).digest("hex").slice(0, 10)}`,
      () => trackPath(id),
    );
    versions.set(key, url);
  }
  return url;
}

export interface HouseMeasures {
  duration_ms: number;
  loudness_lufs: number;
  true_peak_dbtp: number;
  waveform: number[];
}

