/**
 * Integrated loudness per ITU-R BS.1770-4 / EBU R128, fed in chunks of decoded PCM so a track is
 * measured while it decodes and never held whole.
 *
 * - K-weighting: the pre-filter's high shelf, then the RLB high-pass, each a biquad whose
 *   coefficients are computed for the actual sample rate from the analogue prototypes, as
 *   libebur128 does (the standard's table is for 48 kHz only; MP3s come at 32, 44.1 or 48 kHz).
 * - The weighted energy is summed per 100 ms step; a 400 ms gating block is four consecutive
 *   steps (75% overlap). Only the steps are kept: 6,000 numbers for a 10-minute track.
 * - Gating: the absolute gate at -70 LUFS, then the relative gate 10 LU below the loudness of the
 *   blocks that passed it.
 * - Every channel weighs 1 (left and right; the decoders hand us stereo).
 */

/** Below this a block is not counted at all; a track with no block above it is silent. */
export const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const STEPS_PER_BLOCK = 4;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The two stages of the K-weighting filter at `rate` Hz (libebur128's derivation). */
export function kWeighting(rate: number): [Biquad, Biquad] {
  // Stage 1: the high shelf (+4 dB above ~1.7 kHz) that models the head.
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  // Stage 2: the RLB high-pass (~38 Hz); its numerator is 1, -2, 1 unnormalised, as in the standard.
  const f1 = 38.13547087602444;
  const q1 = 0.5003270373238773;
  const k1 = Math.tan((Math.PI * f1) / rate);
  const d = 1 + k1 / q1 + k1 * k1;
  const highPass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k1 * k1 - 1)) / d, a2: (1 - k1 / q1 + k1 * k1) / d };
  return [shelf, highPass];
}

/** Loudness (LUFS) of a mean square energy, summed over channels. */
export function energyToLufs(energy: number): number {
  return energy > 0 ? -0.691 + 10 * Math.log10(energy) : -Infinity;
}

const lufsToEnergy = (lufs: number) => 10 ** ((lufs + 0.691) / 10);

export class LoudnessMeter {
  /** Samples per 100 ms step, rounded as libebur128 does, so 11.025 kHz still has whole steps. */
  private readonly stepLength: number;
  private readonly stages: [Biquad, Biquad];
  /** Per channel, the two transposed-direct-form states of each stage. */
  private readonly state: Float64Array[];
  /** Weighted energy (sum of squares over channels) of each completed step. */
  private steps = new Float64Array(1024);
  private stepCount = 0;
  private stepEnergy = 0;
  private stepFill = 0;

  constructor(rate: number, channels: number) {
    this.stepLength = Math.round(rate / 10);
    this.stages = kWeighting(rate);
    this.state = Array.from({ length: channels }, () => new Float64Array(4));
  }

  /** Adds `length` samples of each channel (planar, as the decoders give them). */
  add(channels: readonly Float32Array[], length: number): void {
    let at = 0;
    while (at < length) {
      const end = Math.min(length, at + this.stepLength - this.stepFill);
      for (let c = 0; c < this.state.length; c++) this.stepEnergy += this.filterSquares(channels[c]!, this.state[c]!, at, end);
      this.stepFill += end - at;
      at = end;
      if (this.stepFill === this.stepLength) this.closeStep();
    }
  }

  /** Runs the K-weighting over samples [from, to) of one channel; the sum of the squares of its output. */
  private filterSquares(x: Float32Array, s: Float64Array, from: number, to: number): number {
    const [p, h] = this.stages;
    let p1 = s[0]!;
    let p2 = s[1]!;
    let h1 = s[2]!;
    let h2 = s[3]!;
    let sum = 0;
    for (let i = from; i < to; i++) {
      const input = x[i]!;
      const y = p.b0 * input + p1;
      p1 = p.b1 * input - p.a1 * y + p2;
      p2 = p.b2 * input - p.a2 * y;
      const z = h.b0 * y + h1;
      h1 = h.b1 * y - h.a1 * z + h2;
      h2 = h.b2 * y - h.a2 * z;
      sum += z * z;
    }
    // Flushed to zero: a decaying state would otherwise linger in subnormal numbers, which are slow.
    s[0] = Math.abs(p1) < 1e-30 ? 0 : p1;
    s[1] = Math.abs(p2) < 1e-30 ? 0 : p2;
    s[2] = Math.abs(h1) < 1e-30 ? 0 : h1;
    s[3] = Math.abs(h2) < 1e-30 ? 0 : h2;
    return sum;
  }

  private closeStep(): void {
    if (this.stepCount === this.steps.length) {
      const grown = new Float64Array(this.steps.length * 2);
      grown.set(this.steps);
      this.steps = grown;
    }
    this.steps[this.stepCount++] = this.stepEnergy;
    this.stepEnergy = 0;
    this.stepFill = 0;
  }

  /** The mean square energy of each 400 ms gating block so far (the last incomplete one left out). */
  private blockEnergies(): Float64Array {
    const count = Math.max(0, this.stepCount - STEPS_PER_BLOCK + 1);
    const blocks = new Float64Array(count);
    const blockLength = this.stepLength * STEPS_PER_BLOCK;
    for (let b = 0; b < count; b++) {
      let sum = 0;
      for (let s = 0; s < STEPS_PER_BLOCK; s++) sum += this.steps[b + s]!;
      blocks[b] = sum / blockLength;
    }
    return blocks;
  }

  /** Integrated (gated) loudness in LUFS; -Infinity when no block passes the absolute gate. */
  integrated(): number {
    const blocks = this.blockEnergies();
    const meanAbove = (threshold: number) => {
      let sum = 0;
      let count = 0;
      for (const energy of blocks) {
        if (energy > threshold) {
          sum += energy;
          count += 1;
        }
      }
      return count > 0 ? sum / count : 0;
    };
    const absolute = lufsToEnergy(ABSOLUTE_GATE_LUFS);
    const ungated = meanAbove(absolute);
    if (ungated === 0) return -Infinity;
    const relative = Math.max(absolute, lufsToEnergy(energyToLufs(ungated) + RELATIVE_GATE_LU));
    return energyToLufs(meanAbove(relative));
  }
}
