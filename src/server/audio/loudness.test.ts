/**
 * The loudness meter on generated PCM, no codec in between: EBU Tech 3341's minimum-requirement
 * cases for integrated loudness (1 to 5) and the K-weighting against BS.1770's own table.
 */
import { describe, expect, it } from "vitest";
import { signal, type Pcm, type Section } from "./audio.fixtures.js";
import { LoudnessMeter, kWeighting } from "./loudness.js";

/** Fed in uneven chunks, as a decoder hands them over. */
function integrated(pcm: Pcm, chunk = 4099): number {
  const meter = new LoudnessMeter(pcm.rate, 2);
  const [left, right] = pcm.channels;
  for (let at = 0; at < left.length; at += chunk) {
    const end = Math.min(left.length, at + chunk);
    meter.add([left.subarray(at, end), right.subarray(at, end)], end - at);
  }
  return meter.integrated();
}

describe("kWeighting", () => {
  it("matches BS.1770-4's coefficients at 48 kHz", () => {
    const [shelf, highPass] = kWeighting(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe("LoudnessMeter (EBU Tech 3341, integrated)", () => {
  // A stereo 1 kHz sine at L dBFS is L LUFS by the standard's definition (the K-weighting gives
  // +0.691 dB at 1 kHz, which the -0.691 offset cancels; a sine's mean square is half its peak's,
  // which the two channels make up).
  const sine = (db: number, seconds = 20): Section => ({ seconds, db });

  it.each([48_000, 44_100, 32_000])("case 1: a stereo 1 kHz sine at -23 dBFS is -23.0 LUFS (at %i Hz)", (rate) => {
    expect(integrated(signal(rate, [sine(-23)]))).toBeCloseTo(-23, 1);
  });

  it("case 2: at -33 dBFS, -33.0 LUFS", () => {
    expect(integrated(signal(48_000, [sine(-33)]))).toBeCloseTo(-33, 1);
  });

  it("case 3: the relative gate leaves out the quiet parts (-36, -23, -36 dBFS for 10, 60, 10 s)", () => {
    expect(integrated(signal(48_000, [sine(-36, 10), sine(-23, 60), sine(-36, 10)]))).toBeCloseTo(-23, 1);
  });

  it("case 4: the absolute gate leaves out what is below -70 LUFS (-72, -36, -23, -36, -72 dBFS)", () => {
    expect(integrated(signal(48_000, [sine(-72, 10), sine(-36, 10), sine(-23, 60), sine(-36, 10), sine(-72, 10)]))).toBeCloseTo(-23, 1);
  });

  it("case 5: equal times at -26 and -20 dBFS are -23.0 LUFS (-26, -20, -26 for 20, 20.1, 20 s)", () => {
    expect(integrated(signal(48_000, [sine(-26, 20), sine(-20, 20.1), sine(-26, 20)]))).toBeCloseTo(-23, 1);
  });

  it("counts silence in between for nothing, and silence alone as -Infinity", () => {
    // Each part is 50 steps of 100 ms: 47 whole blocks, and the 3 blocks on each edge hold 3/4, 1/2
    // and 1/4 of the tone (all above the relative gate); the silent blocks count for nothing.
    const share = (2 * 47 + 2 * (3 / 4 + 1 / 2 + 1 / 4)) / (2 * 47 + 6);
    expect(integrated(signal(44_100, [sine(-23, 5), { seconds: 5, silence: true }, sine(-23, 5)]))).toBeCloseTo(-23 + 10 * Math.log10(share), 1);
    expect(integrated(signal(44_100, [{ seconds: 5, silence: true }]))).toBe(-Infinity);
    expect(integrated(signal(44_100, [sine(-80, 5)]))).toBe(-Infinity);
    // Shorter than one 400 ms block: nothing to gate.
    expect(integrated(signal(44_100, [sine(-10, 0.3)]))).toBe(-Infinity);
  });

  it("weighs frequencies as the K-curve does: low ones less, high ones more than 1 kHz", () => {
    const at = (hz: number) => integrated(signal(48_000, [{ seconds: 5, db: -20, hz }]));
    expect(at(1000)).toBeCloseTo(-20, 1);
    expect(at(20)).toBeLessThan(-30); // the RLB high-pass
    expect(at(5000)).toBeGreaterThan(-17); // the +4 dB shelf
  });

  it("gives the same result whatever the chunk size", () => {
    const pcm = signal(44_100, [sine(-30, 3), { seconds: 2, db: -18, noise: true }, sine(-25, 4)]);
    const reference = integrated(pcm, pcm.channels[0].length);
    for (const chunk of [1, 1151, 4410, 65_536]) expect(integrated(pcm, chunk)).toBeCloseTo(reference, 9);
  });
});
