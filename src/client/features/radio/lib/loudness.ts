/**
 * Loudness matching (issue 34, docs/decisions/0033): every track carries the gain that brings it
 * to the radio's loudness, applied here with a Web Audio GainNode between the <audio> element and
 * the speakers, so a change of track does not jump in volume, and a quiet track can be raised as
 * well as a loud one lowered. The graph is built on the first click that starts playback (browsers
 * let only a gesture start an AudioContext), never at import or on the server. The applied gain
 * is shown on the element as `data-gain-db`.
 */

/** dB → the factor a GainNode multiplies by. */
export function gainOf(db: number): number {
  return Number.isFinite(db) ? 10 ** (db / 20) : 1;
}

export class Loudness {
  private context: AudioContext | null = null;
  private node: GainNode | null = null;
  private failed = false;
  private db = 0;
  private muted = false;

  constructor(
    private readonly element: HTMLMediaElement,
    private readonly createContext: () => AudioContext = () => new AudioContext(),
  ) {}

  /**
   * Called from the click that starts playback: builds the graph the first time, and resumes it
   * if the browser has suspended it since. Without Web Audio the music plays at the file's level.
   */
  unlock(): void {
    if (this.failed) return;
    if (!this.context) {
      let context: AudioContext | undefined;
      try {
        context = this.createContext();
        const node = context.createGain();
        context.createMediaElementSource(this.element).connect(node).connect(context.destination);
        this.context = context;
        this.node = node;
      } catch {
        this.failed = true;
        void context?.close().catch(() => undefined);
        return;
      }
      this.apply();
    }
    this.wake();
  }

  /**
   * Resumes a graph the browser has suspended or interrupted since (a call, another app's audio),
   * whenever the music starts, a media key included: the element plays through it or not at all.
   */
  wake(): void {
    if (this.context && this.context.state !== "running") void this.context.resume().catch(() => undefined);
  }

  /** The current track's gain (dB) and the mute switch (muted: no sound through the graph either). */
  set(db: number, muted: boolean): void {
    this.db = db;
    this.muted = muted;
    this.apply();
  }

  private apply(): void {
    if (!this.node) return;
    this.node.gain.value = this.muted ? 0 : gainOf(this.db);
    this.element.dataset.gainDb = String(this.db);
  }
}
