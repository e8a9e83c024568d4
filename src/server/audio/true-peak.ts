/**
 * True peak per ITU-R BS.1770-4 Annex 2: each channel upsampled 4× by the Annex's 48-tap
 * polyphase FIR (4 phases of 12 taps), the largest absolute value of the interpolated signal or
 * of the samples themselves (as libebur128 reports it), fed in chunks like the loudness meter.
 *
 * The interpolation is the costly part of the analysis (a third of it for an MP3), so it is
 * skipped where it cannot raise the peak: an interpolated value is at most the window's
 * largest sample times the phase's sum of absolute taps, and a stretch whose bound stays under
 * the peak found so far (a quiet passage) needs no filtering.
 */

/**
 * The Annex's table: phase p interpolates p/4 of a sample period into the 12-sample window. Phases
 * 2 and 3 are phases 1 and 0 reversed, so only two are written out.
 */
const PHASE_0 = [0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625, 0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125];
const PHASE_1 = [-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.16650390625, 0.465087890625, 0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375];
const TAPS = 12;
const HALF = TAPS / 2;
const HISTORY = TAPS - 1;
/**
 * A phase h and its mirror h' applied to a window: with s_k = x_k + x_(11-k), d_k = x_k - x_(11-k),
 * h·x = E·s + O·d and h'·x = E·s - O·d, where E and O are h's even and odd halves; the larger of
 * the two magnitudes is |E·s| + |O·d|. Half the multiplications of the four phases one by one.
 */
const even = (phase: number[]) => Float64Array.from({ length: HALF }, (_, k) => (phase[k]! + phase[TAPS - 1 - k]!) / 2);
const odd = (phase: number[]) => Float64Array.from({ length: HALF }, (_, k) => (phase[k]! - phase[TAPS - 1 - k]!) / 2);
const EVEN_0 = even(PHASE_0);
const ODD_0 = odd(PHASE_0);
const EVEN_1 = even(PHASE_1);
const ODD_1 = odd(PHASE_1);
/** The largest gain any phase can give a window: the bound of the skip test. */
const MAX_GAIN = Math.max(...[PHASE_0, PHASE_1].map((phase) => phase.reduce((sum, tap) => sum + Math.abs(tap), 0)));
/** Samples judged together by the skip test. */
const STRETCH = 512;

export function amplitudeToDb(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

export class TruePeakMeter {
  /** Per channel: the last HISTORY samples, then the chunk being measured. */
  private windows: Float32Array[];
  private peakValue = 0;

  constructor(channels: number) {
    this.windows = Array.from({ length: channels }, () => new Float32Array(HISTORY + 4096));
  }

  /** The true peak so far, linear (1 is full scale). */
  get peak(): number {
    return this.peakValue;
  }

  add(channels: readonly Float32Array[], length: number): void {
    for (let c = 0; c < this.windows.length; c++) {
      let window = this.windows[c]!;
      if (window.length < HISTORY + length) {
        const grown = new Float32Array(HISTORY + length);
        grown.set(window.subarray(0, HISTORY));
        window = this.windows[c] = grown;
      }
      window.set(channels[c]!.subarray(0, length), HISTORY);
      this.measure(window, length);
      window.copyWithin(0, length, length + HISTORY);
    }
  }

  /** The windows ending at window[HISTORY .. HISTORY + length). */
  private measure(window: Float32Array, length: number): void {
    for (let start = 0; start < length; start += STRETCH) {
      const end = Math.min(length, start + STRETCH);
      let largest = 0;
      for (let i = start; i < end + HISTORY; i++) largest = Math.max(largest, Math.abs(window[i]!));
      this.peakValue = Math.max(this.peakValue, largest);
      if (largest * MAX_GAIN > this.peakValue) this.peakValue = Math.max(this.peakValue, interpolatedPeak(window, start, end));
    }
  }
}

/** The largest absolute value of the four phases over the windows starting at [from, to). */
function interpolatedPeak(w: Float32Array, from: number, to: number): number {
  let peak = 0;
  for (let i = from; i < to; i++) {
    let e0 = 0;
    let o0 = 0;
    let e1 = 0;
    let o1 = 0;
    for (let k = 0; k < HALF; k++) {
      const a = w[i + k]!;
      const b = w[i + HISTORY - k]!;
      const sum = a + b;
      const difference = a - b;
      e0 += EVEN_0[k]! * sum;
      o0 += ODD_0[k]! * difference;
      e1 += EVEN_1[k]! * sum;
      o1 += ODD_1[k]! * difference;
    }
    peak = Math.max(peak, Math.abs(e0) + Math.abs(o0), Math.abs(e1) + Math.abs(o1));
  }
  return peak;
}
