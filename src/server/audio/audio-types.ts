/**
 * What the server side (analyse.ts) and the analysis child (audio-worker.ts) share: the formats, the
 * refusals and the messages between them. Kept apart so the child loads neither music-metadata nor
 * the server's configuration, and the server loads no decoder.
 */

export type AudioFormat = "mp3" | "opus";

export type AudioRefusal = "not_audio" | "too_long" | "undecodable" | "silent";

/** A file that is not a track we take; `reason` says why (TRACK_MESSAGES has the words). */
export class AudioRefused extends Error {
  constructor(readonly reason: AudioRefusal) {
    super(reason);
    this.name = "AudioRefused";
  }
}

/** What decoding measures. */
export interface AudioMeasurement {
  durationMs: number;
  loudnessLufs: number;
  truePeakDbtp: number;
  waveform: number[];
}

export interface AnalysisJob {
  id: number;
  path: string;
  format: AudioFormat;
  /** Decoding stops, refused, once the track is longer than this. */
  maxMs: number;
  /** Samples the file's header says it holds (MP3's Xing/Info/VBRI, Opus's last granule), if it says. */
  claimedSamples?: number;
}

export type AnalysisReply =
  | { id: number; measurement: AudioMeasurement }
  | { id: number; refused: AudioRefusal }
  | { id: number; error: string };
