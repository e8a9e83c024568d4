/** The true-peak meter and the waveform envelope on generated PCM. */
import { describe, expect, it } from "vitest";
import { dbToAmplitude, signal } from "./audio.fixtures.js";
import { TruePeakMeter, amplitudeToDb } from "./true-peak.js";
import { PeakEnvelope } from "./waveform.js";

function truePeak(channels: [Float32Array, Float32Array], chunk = 1000): number {
  const meter = new TruePeakMeter(2);
  for (let at = 0; at < channels[0].length; at += chunk) {
    const end = Math.min(channels[0].length, at + chunk);
    meter.add([channels[0].subarray(at, end), channels[1].subarray(at, end)], end - at);
  }
  return meter.peak;
}

const samplePeak = (channel: Float32Array) => channel.reduce((max, v) => Math.max(max, Math.abs(v)), 0);

describe("TruePeakMeter", () => {
  it("finds the peak between the samples: a sine at a quarter of the rate, sampled 45° off its crests", () => {
    // Every sample is ±0.707 of the amplitude; the crests fall halfway between two samples.
    const rate = 48_000;
    const amplitude = dbToAmplitude(-6);
    const left = Float32Array.from({ length: rate }, (_, n) => amplitude * Math.sin((Math.PI / 2) * n + Math.PI / 4));
    const sampleDb = amplitudeToDb(samplePeak(left));
    expect(sampleDb).toBeCloseTo(-6 - 3.01, 1);
    // Tech 3341's tolerance for true peak is +0.2/-0.4 dB.
    const measured = amplitudeToDb(truePeak([left, new Float32Array(rate)]));
    expect(measured).toBeGreaterThan(-6 - 0.4);
    expect(measured).toBeLessThan(-6 + 0.2);
  });

  it("is the sample peak where the signal has no peak between samples (a slow sine, a single full-scale sample)", () => {
    const slow = signal(44_100, [{ seconds: 1, db: -3, hz: 100 }]);
    expect(amplitudeToDb(truePeak(slow.channels))).toBeCloseTo(-3, 1);
    const click = new Float32Array(44_100);
    click[20_000] = -0.5;
    expect(truePeak([new Float32Array(44_100), click])).toBeGreaterThanOrEqual(0.5);
  });

  it("does not lose a peak after a quiet passage or across chunk boundaries", () => {
    const pcm = signal(48_000, [{ seconds: 2, db: -40 }, { seconds: 0.01, db: -6, hz: 12_000 }, { seconds: 2, db: -40 }]);
    const reference = truePeak(pcm.channels, pcm.channels[0].length);
    expect(amplitudeToDb(reference)).toBeGreaterThan(-6.4);
    for (const chunk of [1, 11, 12, 513, 4096]) expect(truePeak(pcm.channels, chunk)).toBeCloseTo(reference, 6);
  });
});

describe("PeakEnvelope", () => {
  function points(channels: [Float32Array, Float32Array], rate: number, count = 100): number[] {
    const envelope = new PeakEnvelope(rate);
    for (let at = 0; at < channels[0].length; at += 777) {
      const end = Math.min(channels[0].length, at + 777);
      envelope.add([channels[0].subarray(at, end), channels[1].subarray(at, end)], end - at);
    }
    return envelope.points(count);
  }

  it("gives each equal slice its peak, to 3 decimals", () => {
    // Loud first half, quiet second half.
    const pcm = signal(44_100, [{ seconds: 5, db: -10 }, { seconds: 5, db: -40 }]);
    const wave = points(pcm.channels, 44_100);
    expect(wave).toHaveLength(100);
    for (const value of wave.slice(0, 50)) expect(value).toBeCloseTo(dbToAmplitude(-10), 2);
    for (const value of wave.slice(50)) expect(value).toBeCloseTo(dbToAmplitude(-40), 2);
    for (const value of wave) expect(Math.round(value * 1000) / 1000).toBe(value);
  });

  it("takes the louder channel, clamps at 1 and has points even for a track shorter than them", () => {
    const left = new Float32Array(50).fill(0.25);
    const right = new Float32Array(50).fill(-1.2);
    right[0] = 0;
    const wave = points([left, right], 44_100);
    expect(wave).toHaveLength(100);
    expect(new Set(wave)).toEqual(new Set([1]));
  });
});
