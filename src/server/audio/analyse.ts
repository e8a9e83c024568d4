/**
 * The radio's audio analysis (issue 34), as the upload route calls it: is the file a track we take,
 * and how long, loud and peaky is it.
 *
 * 1. Type by content (sniff.ts, music-metadata on the headers): MPEG audio layer III or Ogg Opus;
 *    anything else, whatever its name or declared type, is `not_audio`.
 * 2. The header's claimed length (header-claims.ts): over the limit is `too_long` at once, before
 *    anything is decoded or queued.
 * 3. Decoding and measuring in the analysis child (analysis-child.ts, audio-worker.ts, measure.ts),
 *    one track at a time, waiting their turn here: the duration as decoded, the integrated loudness
 *    (EBU R128), the true peak, the waveform. Refusals from there: `too_long` (decoded),
 *    `undecodable` (decoder errors, nothing decoded, much shorter than the header said), `silent`.
 * 4. The playback gain from the loudness and the peak (common/radio.ts).
 *
 * Steps 1 and 2 read a few kilobytes of the file in this process; everything that takes CPU runs
 * in the child.
 */
import { TRACK_MAX_MS, playbackGainDb } from "../../common/radio.js";
import { createLimiter } from "../media/limit.js";
import { runAnalysis, stopAnalysisChild } from "./analysis-child.js";
import { AudioRefused, type AudioFormat } from "./audio-types.js";
import { readHeaderClaim } from "./header-claims.js";
import { sniffAudioFormat } from "./sniff.js";

export { AudioRefused, type AudioFormat, type AudioRefusal } from "./audio-types.js";
export { audioWorkerPid } from "./analysis-child.js";

export interface AudioAnalysis {
  format: AudioFormat;
  contentType: "audio/mpeg" | "audio/ogg";
  /** Measured by decoding, not the header's claim. */
  durationMs: number;
  /** Integrated loudness, EBU R128 / ITU-R BS.1770-4 (gated), 2 decimals. */
  loudnessLufs: number;
  /** True peak (4× oversampled per BS.1770), 2 decimals. */
  truePeakDbtp: number;
  /** playbackGainDb(loudnessLufs, truePeakDbtp). */
  gainDb: number;
  /** WAVEFORM_POINTS values from 0 to 1: the peak of each equal slice, 3 decimals. */
  waveform: number[];
}

/** Tracks analysed at once by this server (in its one child). */
export const ANALYSES_AT_ONCE = 1;

const CONTENT_TYPES = { mp3: "audio/mpeg", opus: "audio/ogg" } as const satisfies Record<AudioFormat, AudioAnalysis["contentType"]>;

/** For tests: a lower length limit (a 10-minute track need not be made to test it) and time limit. */
export interface AnalyseOptions {
  maxMs?: number;
  timeoutMs?: number;
}

const queue = createLimiter(ANALYSES_AT_ONCE);

/**
 * Judges the file at `path` by its content and measures it; throws AudioRefused for a file that
 * is not a track we take, an Error when the analysis child fails. Runs the decoding in the
 * analysis child (never on the server's event loop). The file must stay until the promise settles.
 */
export async function analyseAudioFile(path: string, options: AnalyseOptions = {}): Promise<AudioAnalysis> {
  const maxMs = options.maxMs ?? TRACK_MAX_MS;
  // The cheap checks first, before waiting in the queue: most wrong files are refused at once.
  const format = await sniffAudioFormat(path);
  if (!format) throw new AudioRefused("not_audio");
  const claim = await readHeaderClaim(path, format);
  if (claim && (claim.samples / claim.sampleRate) * 1000 > maxMs) throw new AudioRefused("too_long");
  const measured = await queue.run(() => runAnalysis({ path, format, maxMs, claimedSamples: claim?.samples }, options.timeoutMs));
  return {
    format,
    contentType: CONTENT_TYPES[format],
    ...measured,
    gainDb: playbackGainDb(measured.loudnessLufs, measured.truePeakDbtp),
  };
}

/** Stops the child process (server shutdown, tests). */
export function stopAudioAnalysis(): Promise<void> {
  return stopAnalysisChild();
}
