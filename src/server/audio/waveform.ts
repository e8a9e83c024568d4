/**
 * The seek bar's waveform: the peak (0 to 1, all channels) of each of WAVEFORM_POINTS equal slices
 * of the track. The track's length is known only at its end, so the decoded audio is kept as the
 * peak of every 10 ms (60,000 numbers for 10 minutes) and reduced to the points at the end; a slice
 * is then exact to 10 ms.
 */
const BINS_PER_SECOND = 100;

export class PeakEnvelope {
  private readonly binLength: number;
  private bins = new Float32Array(4096);
  private binCount = 0;
  private binPeak = 0;
  private binFill = 0;
  private total = 0;

  constructor(rate: number) {
    this.binLength = Math.max(1, Math.round(rate / BINS_PER_SECOND));
  }

  add(channels: readonly Float32Array[], length: number): void {
    let at = 0;
    while (at < length) {
      const end = Math.min(length, at + this.binLength - this.binFill);
      let peak = this.binPeak;
      for (const channel of channels) {
        for (let i = at; i < end; i++) {
          const value = Math.abs(channel[i]!);
          if (value > peak) peak = value;
        }
      }
      this.binPeak = peak;
      this.binFill += end - at;
      at = end;
      if (this.binFill === this.binLength) this.closeBin();
    }
    this.total += length;
  }

  private closeBin(): void {
    if (this.binCount === this.bins.length) {
      const grown = new Float32Array(this.bins.length * 2);
      grown.set(this.bins);
      this.bins = grown;
    }
    this.bins[this.binCount++] = this.binPeak;
    this.binPeak = 0;
    this.binFill = 0;
  }

  /** `count` points, each the peak of its slice clamped to 1 (a decoder may overshoot full scale), to 3 decimals. */
  points(count: number): number[] {
    if (this.binFill > 0) this.closeBin();
    const points: number[] = [];
    for (let p = 0; p < count; p++) {
      const from = Math.floor((p * this.total) / count);
      const to = Math.floor(((p + 1) * this.total) / count);
      let peak = 0;
      // Every bin that overlaps the slice [from, to); an empty slice (a track shorter than
      // `count` samples) takes the bin it falls in.
      const last = Math.min(this.binCount - 1, Math.floor((Math.max(from, to - 1)) / this.binLength));
      for (let b = Math.floor(from / this.binLength); b <= last; b++) peak = Math.max(peak, this.bins[b]!);
      points.push(Math.round(Math.min(1, peak) * 1000) / 1000);
    }
    return points;
  }
}
