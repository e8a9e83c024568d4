/**
 * The analysis end to end, through the analysis child and the real decoders, on files made here:
 * MP3 from lamejs and Ogg Opus from libopus (audio.fixtures.ts). Loudness references come from the
 * generated signal, measured before encoding by the meter that loudness.test.ts holds to EBU Tech
 * 3341 on raw PCM.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEAK_CEILING_DBTP, TARGET_LUFS, WAVEFORM_POINTS, playbackGainDb } from "../../common/radio.js";
import { AudioRefused, analyseAudioFile, audioWorkerPid, stopAudioAnalysis, type AudioAnalysis } from "./analyse.js";
import { countFrames, dbToAmplitude, encodeMp3, encodeOggOpus, encodeWav, oggVorbisHeader, signal, withInfoTag, type Pcm, type Section } from "./audio.fixtures.js";
import { readHeaderClaim } from "./header-claims.js";
import { LoudnessMeter } from "./loudness.js";

let dir: string;
let files = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "maybe-audio-"));
});

afterAll(async () => {
  await stopAudioAnalysis();
  rmSync(dir, { recursive: true, force: true });
});

function save(bytes: Buffer, ext = "mp3"): string {
  const path = join(dir, `upload-${++files}.${ext}`);
  writeFileSync(path, bytes);
  return path;
}

/** The refusal's reason, "accepted", or the error's message. */
function outcome(analysis: Promise<AudioAnalysis>): Promise<string> {
  return analysis.then(
    () => "accepted",
    (error: unknown) => (error instanceof AudioRefused ? error.reason : `error: ${String(error)}`),
  );
}

/** The reference: the signal's integrated loudness before any codec. */
function loudnessOf(pcm: Pcm): number {
  const meter = new LoudnessMeter(pcm.rate, 2);
  meter.add(pcm.channels, pcm.channels[0].length);
  return meter.integrated();
}

/** Resolves once `condition` holds, checking at every turn of the event loop (no fixed sleep). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const tone = (db: number, seconds = 10, hz = 1000): Section => ({ seconds, db, hz });

describe("analyseAudioFile: MP3", () => {
  it("measures a stereo 1 kHz sine at -23 dBFS as -23 LUFS after the MP3 round trip", async () => {
    const pcm = signal(44_100, [tone(-23, 6)]);
    const reference = loudnessOf(pcm);
    expect(reference).toBeCloseTo(-23, 1);
    const analysis = await analyseAudioFile(save(encodeMp3(pcm)));
    expect(analysis.format).toBe("mp3");
    expect(analysis.contentType).toBe("audio/mpeg");
    // lamejs writes no LAME tag, so the encoder's delay and padding (under 50 ms) stay in.
    expect(analysis.durationMs).toBeGreaterThanOrEqual(6_000);
    expect(analysis.durationMs).toBeLessThan(6_100);
    expect(Math.abs(analysis.loudnessLufs - reference)).toBeLessThan(0.5);
    expect(Math.abs(analysis.truePeakDbtp - -23)).toBeLessThan(0.5);
    // Quiet, with room to spare under the ceiling: lifted to the target.
    expect(analysis.gainDb).toBe(Math.round((TARGET_LUFS - analysis.loudnessLufs) * 100) / 100);
    expect(analysis.gainDb).toBe(playbackGainDb(analysis.loudnessLufs, analysis.truePeakDbtp));
    expect(analysis.waveform).toHaveLength(WAVEFORM_POINTS);
    for (const point of analysis.waveform.slice(1, -1)) expect(point).toBeCloseTo(dbToAmplitude(-23), 2);
    expect(Number.isInteger(analysis.loudnessLufs * 100)).toBe(true);
  });

  it("measures -33 dBFS as -33 LUFS, at 48 kHz too", async () => {
    const pcm = signal(48_000, [tone(-33, 4)]);
    const analysis = await analyseAudioFile(save(encodeMp3(pcm)));
    expect(loudnessOf(pcm)).toBeCloseTo(-33, 1);
    expect(Math.abs(analysis.loudnessLufs - loudnessOf(pcm))).toBeLessThan(0.5);
  });

  it("gates like the meter: level changes, silences, noise", async () => {
    // Tech 3341's case 4 in short (-72, -36, -23, -36, -72 dBFS), then silence and a noisy part.
    const pcm = signal(44_100, [tone(-72, 1), tone(-36, 1), tone(-23, 6), tone(-36, 1), tone(-72, 1), { seconds: 2, silence: true }, { seconds: 3, db: -20, noise: true }]);
    // At 256 kbps: at 128, lamejs's own error on this signal (about 0.45 LU) is near the tolerance.
    const analysis = await analyseAudioFile(save(encodeMp3(pcm, 256)));
    expect(Math.abs(analysis.loudnessLufs - loudnessOf(pcm))).toBeLessThan(0.5);
  });

  it("holds the gain to the peak ceiling when the target would lift the peaks past it", async () => {
    // One cycle of 1 kHz at -3 dBFS every 100 ms: about -23 LUFS, which would want +7 dB, while
    // the peaks allow about +2 (a crest far above the 15 dB between the target and the ceiling).
    const pulse: Section[] = [tone(-3, 0.001), { seconds: 0.099, silence: true }];
    const pcm = signal(44_100, Array.from({ length: 30 }, () => pulse).flat());
    const analysis = await analyseAudioFile(save(encodeMp3(pcm)));
    expect(analysis.truePeakDbtp).toBeGreaterThan(-6);
    expect(analysis.gainDb).toBe(Math.round((PEAK_CEILING_DBTP - analysis.truePeakDbtp) * 100) / 100);
    expect(analysis.gainDb).toBeLessThan(TARGET_LUFS - analysis.loudnessLufs);
    expect(analysis.gainDb).toBe(playbackGainDb(analysis.loudnessLufs, analysis.truePeakDbtp));
  });

  it("draws the waveform from the envelope: loud first half, quiet second half", async () => {
    const analysis = await analyseAudioFile(save(encodeMp3(signal(44_100, [tone(-10, 4, 440), tone(-40, 4, 440)]))));
    const { waveform } = analysis;
    expect(waveform).toHaveLength(100);
    // Each point is 80 ms. The first holds the codec's onset overshoot, and its delay (about 25 ms)
    // may carry the loud part into point 50.
    for (const point of waveform.slice(1, 49)) expect(point).toBeCloseTo(dbToAmplitude(-10), 1);
    for (const point of waveform.slice(52)) expect(point).toBeLessThan(0.02);
    for (const point of waveform) expect(Math.round(point * 1000) / 1000).toBe(point);
  });

  it("takes an MP3 with an Info tag (as LAME writes), the tag's frame not counted as audio", async () => {
    const mp3 = encodeMp3(signal(44_100, [tone(-20, 3)]));
    const tagged = save(withInfoTag(mp3));
    expect(await readHeaderClaim(tagged, "mp3")).toEqual({ samples: countFrames(mp3) * 1152, sampleRate: 44_100 });
    const analysis = await analyseAudioFile(tagged);
    expect(analysis.durationMs).toBeGreaterThanOrEqual(3_000);
    expect(analysis.durationMs).toBeLessThan(3_100);
  });
});

describe("analyseAudioFile: Ogg Opus", () => {
  it("takes Ogg Opus as opus, audio/ogg, with its exact length and its loudness", async () => {
    const pcm = signal(48_000, [tone(-23, 5)]);
    const opus = save(encodeOggOpus(pcm), "opus");
    expect(await readHeaderClaim(opus, "opus")).toEqual({ samples: 5 * 48_000, sampleRate: 48_000 });
    const analysis = await analyseAudioFile(opus);
    expect(analysis.format).toBe("opus");
    expect(analysis.contentType).toBe("audio/ogg");
    expect(analysis.durationMs).toBe(5_000);
    expect(Math.abs(analysis.loudnessLufs - loudnessOf(pcm))).toBeLessThan(0.5);
    expect(analysis.waveform).toHaveLength(WAVEFORM_POINTS);
  });
});

describe("analyseAudioFile: refusals", () => {
  it("judges by content, not name: a text file, a PNG, a WAV and Ogg Vorbis named .mp3 are not_audio", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123" } }).png().toBuffer();
    const uploads = [
      Buffer.from("This is not a song, only a text file with a new name.\n".repeat(200)),
      png,
      encodeWav(signal(44_100, [tone(-20, 1)])),
      oggVorbisHeader(),
      Buffer.alloc(0),
    ];
    for (const bytes of uploads) expect(await outcome(analyseAudioFile(save(bytes, "mp3")))).toBe("not_audio");
  });

  it("refuses an MP3 cut short (40% of its bytes, its Info tag kept) as undecodable", async () => {
    const mp3 = withInfoTag(encodeMp3(signal(44_100, [tone(-20, 5)])));
    expect(await outcome(analyseAudioFile(save(mp3.subarray(0, Math.floor(mp3.length * 0.4)))))).toBe("undecodable");
  });

  it("refuses from the header, before the child is started: an MP3 whose Info tag claims 30 minutes, an Opus file whose last page is past the limit", async () => {
    await stopAudioAnalysis();
    const thirtyMinutes = Math.ceil((30 * 60 * 44_100) / 1152);
    const mp3 = withInfoTag(encodeMp3(signal(44_100, [tone(-20, 2)])), thirtyMinutes);
    expect(await outcome(analyseAudioFile(save(mp3)))).toBe("too_long");
    const opus = save(encodeOggOpus(signal(48_000, [tone(-20, 4)])), "opus");
    expect(await outcome(analyseAudioFile(opus, { maxMs: 3_000 }))).toBe("too_long");
    expect(audioWorkerPid()).toBeUndefined();
  });

  it("refuses a track longer than the limit once decoding passes it (no header claim to go by)", async () => {
    const path = save(encodeMp3(signal(44_100, [tone(-20, 3)])));
    expect(await outcome(analyseAudioFile(path, { maxMs: 2_000 }))).toBe("too_long");
    expect(await outcome(analyseAudioFile(path, { maxMs: 4_000 }))).toBe("accepted");
  });

  it("refuses silence, and a track below the absolute gate, as silent", async () => {
    expect(await outcome(analyseAudioFile(save(encodeMp3(signal(44_100, [{ seconds: 2, silence: true }])))))).toBe("silent");
    expect(await outcome(analyseAudioFile(save(encodeMp3(signal(44_100, [tone(-85, 2)])))))).toBe("silent");
  });

  it("refuses an MP3 that decodes to nothing, or to errors, as undecodable", async () => {
    const mp3 = encodeMp3(signal(44_100, [tone(-20, 2)]));
    // Its Info frame alone: an MP3 by its header, no audio.
    const infoOnly = withInfoTag(mp3).subarray(0, withInfoTag(mp3).length - mp3.length);
    expect(await outcome(analyseAudioFile(save(infoOnly)))).toBe("undecodable");
    // A good start, then bytes that are no MPEG at all.
    const junk = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919 + (i >> 3)) & 0xff));
    expect(await outcome(analyseAudioFile(save(Buffer.concat([mp3.subarray(0, 2_000), junk]))))).toBe("undecodable");
  });
});

describe("the analysis child", () => {
  it("loses only the analysis in hand when it dies, and the next one gets a new child", async () => {
    const path = save(encodeMp3(signal(44_100, [tone(-20, 3)])));
    await stopAudioAnalysis();
    const inFlight = outcome(analyseAudioFile(path));
    await until(() => audioWorkerPid() !== undefined);
    const first = audioWorkerPid()!;
    process.kill(first, "SIGKILL");
    expect(await inFlight).toMatch(/^error: .*stopped/);
    expect(await outcome(analyseAudioFile(path))).toBe("accepted");
    expect(audioWorkerPid()).not.toBe(first);
  });

  it("stops a job past its time limit with an error, and goes on with the next", async () => {
    const path = save(encodeMp3(signal(44_100, [tone(-20, 3)])));
    expect(await outcome(analyseAudioFile(path, { timeoutMs: 1 }))).toMatch(/^error: .*no answer after 1 ms/);
    expect(await outcome(analyseAudioFile(path))).toBe("accepted");
  });

  it("runs one analysis at a time, in order, each with its own answer", async () => {
    const quiet = save(encodeMp3(signal(44_100, [tone(-30, 2)])));
    const loud = save(encodeMp3(signal(44_100, [tone(-15, 2)])));
    const [a, b, c] = await Promise.all([analyseAudioFile(quiet), analyseAudioFile(loud), analyseAudioFile(quiet)]);
    expect(a!.loudnessLufs).toBeCloseTo(-30, 0);
    expect(b!.loudnessLufs).toBeCloseTo(-15, 0);
    expect(c).toEqual(a);
  });
});
