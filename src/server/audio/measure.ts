/**
 * Decodes a track as a stream and measures it on the way: the file is read in CHUNK_BYTES pieces,
 * each piece decoded (mpg123-decoder for MP3, ogg-opus-decoder for Ogg Opus; WebAssembly) and its
 * PCM fed to the loudness meter, the true-peak meter and the waveform, then dropped. Nothing grows
 * with the track but the meters' 100 ms steps and 10 ms peaks, so a 10-minute track (about 200 MB
 * as float PCM) is measured with a few megabytes of state: the child's peak RSS for a 5-minute MP3
 * is about 110 MB, most of it Node's own.
 *
 * Runs in the analysis child (audio-worker.ts), never on the server's event loop: the decoders are
 * synchronous WebAssembly and take the CPU for seconds.
 */
import { open, type FileHandle } from "node:fs/promises";
import { MPEGDecoder } from "mpg123-decoder";
import { OggOpusDecoder } from "ogg-opus-decoder";
import { WAVEFORM_POINTS } from "../../common/radio.js";
import { AudioRefused, type AudioFormat, type AudioMeasurement } from "./audio-types.js";
import { LoudnessMeter, ABSOLUTE_GATE_LUFS } from "./loudness.js";
import { TruePeakMeter, amplitudeToDb } from "./true-peak.js";
import { PeakEnvelope } from "./waveform.js";

const CHUNK_BYTES = 64 * 1024;
/** A track that decodes to less than this share of what its header claims was cut short. */
export const MIN_SHARE_OF_CLAIM = 0.9;
/** Both decoders give two channels: MP3 always, Opus asked to (forceStereo), mono as two equal ones. */
const CHANNELS = 2;

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: unknown[];
}

interface StreamDecoder {
  decode(bytes: Uint8Array): Promise<Decoded>;
  /** What the decoder still holds at the end of the file. */
  flush(): Promise<Decoded>;
  free(): void;
}

const nothing: Decoded = { channelData: [], samplesDecoded: 0, sampleRate: 0, errors: [] };

async function openDecoder(format: AudioFormat): Promise<StreamDecoder> {
  if (format === "mp3") {
    // Gapless: the encoder's delay and padding (from LAME's tag) are trimmed, so the duration is the music's.
    const mp3 = new MPEGDecoder({ enableGapless: true });
    await mp3.ready;
    return { decode: async (bytes) => mp3.decode(bytes), flush: async () => nothing, free: () => mp3.free() };
  }
  // Multichannel Opus is mixed down to stereo: measured as it is heard on two speakers.
  const opus = new OggOpusDecoder({ forceStereo: true });
  await opus.ready;
  // The typings say decode is synchronous; it returns a promise (Ogg pages are parsed first).
  return { decode: (bytes) => Promise.resolve(opus.decode(bytes)), flush: () => opus.flush(), free: () => opus.free() };
}

/** The meters, made when the first samples tell the rate. */
class Meters {
  readonly loudness: LoudnessMeter;
  readonly truePeak = new TruePeakMeter(CHANNELS);
  readonly envelope: PeakEnvelope;
  samples = 0;

  constructor(readonly rate: number) {
    this.loudness = new LoudnessMeter(rate, CHANNELS);
    this.envelope = new PeakEnvelope(rate);
  }

  add(channels: Float32Array[], length: number): void {
    this.loudness.add(channels, length);
    this.truePeak.add(channels, length);
    this.envelope.add(channels, length);
    this.samples += length;
  }
}

export interface MeasureOptions {
  maxMs: number;
  claimedSamples?: number;
}

/** Decodes and measures the file; throws AudioRefused for a track that is too long, undecodable or silent. */
export async function measureAudioFile(path: string, format: AudioFormat, options: MeasureOptions): Promise<AudioMeasurement> {
  const decoder = await openDecoder(format);
  let file: FileHandle | undefined;
  let meters: Meters | undefined;
  const take = (decoded: Decoded) => {
    // Any error is a damaged stream: mpg123 would go on past it, leaving a gap in the music.
    if (decoded.errors.length > 0) throw new AudioRefused("undecodable");
    const length = decoded.samplesDecoded;
    if (length === 0) return;
    meters ??= new Meters(decoded.sampleRate);
    // MP3 frames of another rate later on: a spliced file, which no player plays right.
    if (decoded.sampleRate !== meters.rate || decoded.channelData.length !== CHANNELS) throw new AudioRefused("undecodable");
    // Stopped as soon as it is too long, not after decoding all of a long file.
    if (((meters.samples + length) / meters.rate) * 1000 > options.maxMs) throw new AudioRefused("too_long");
    meters.add(decoded.channelData, length);
  };
  try {
    file = await open(path, "r");
    for (;;) {
      // A new buffer each time: the Ogg parser may keep a reference to the bytes of a page it has not finished.
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      take(await decodeOrRefuse(() => decoder.decode(chunk.subarray(0, bytesRead))));
    }
    take(await decodeOrRefuse(() => decoder.flush()));
  } finally {
    await file?.close();
    try {
      decoder.free();
    } catch {
      // A decoder that trapped may not free cleanly; its memory goes with the child's, and the
      // answer stays the one already thrown.
    }
  }
  if (!meters) throw new AudioRefused("undecodable");
  if (options.claimedSamples && meters.samples < options.claimedSamples * MIN_SHARE_OF_CLAIM) throw new AudioRefused("undecodable");
  const loudness = meters.loudness.integrated();
  if (!(loudness > ABSOLUTE_GATE_LUFS)) throw new AudioRefused("silent");
  return {
    durationMs: Math.round((meters.samples / meters.rate) * 1000),
    loudnessLufs: round(loudness, 2),
    truePeakDbtp: round(amplitudeToDb(meters.truePeak.peak), 2),
    waveform: meters.envelope.points(WAVEFORM_POINTS),
  };
}

/** A decoder that throws (a WebAssembly trap on hostile data, say) has met a file it cannot decode. */
async function decodeOrRefuse(decode: () => Promise<Decoded>): Promise<Decoded> {
  try {
    return await decode();
  } catch {
    throw new AudioRefused("undecodable");
  }
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
