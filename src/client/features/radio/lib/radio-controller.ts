/**
 * Runs the radio's state machine (playlist.ts) against one audio element: the reducer decides,
 * this class makes the element follow (source, play, pause, seek, mute) and turns the element's
 * events back into state-machine events. React reads it through useSyncExternalStore.
 */
import type { Track } from "../../../../common/api/radio";
import { ALL_FAILED_MESSAGE, initialRadioState, radioReducer, type RadioEvent, type RadioState } from "./playlist";

/** The part of HTMLAudioElement the radio uses (a fake in unit tests). */
export interface AudioLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly ended: boolean;
  muted: boolean;
  volume: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RadioControllerOptions {
  random?: () => number;
  clock?: Clock;
  /** How long a skip message stays, in ms. */
  messageMs?: number;
}

const defaultClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RadioController {
  private state: RadioState = initialRadioState;
  private readonly listeners = new Set<() => void>();
  private audio: AudioLike | null = null;
  private readonly random: () => number;
  private readonly clock: Clock;
  private readonly messageMs: number;
  private messageTimer: unknown = null;

  constructor(options: RadioControllerOptions = {}) {
    this.random = options.random ?? Math.random;
    this.clock = options.clock ?? defaultClock;
    this.messageMs = options.messageMs ?? 5000;
  }

  // ------------------------------------------------------------------ store (useSyncExternalStore)

  getState = (): RadioState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  // ---------------------------------------------------------------------------------- commands

  /** The track list arrived: shuffled once; later calls change nothing. */
  setTracks(tracks: readonly Track[]): void {
    this.dispatch({ type: "tracks-loaded", tracks, random: this.random });
  }

  /** The player opened: from now on the audio element fetches the current track. */
  arm(): void {
    this.dispatch({ type: "arm" });
  }

  toggle = (): void => this.dispatch({ type: "toggle" });
  play = (): void => this.dispatch({ type: "play" });
  pause = (): void => this.dispatch({ type: "pause" });
  next = (): void => this.dispatch({ type: "next" });
  previous = (): void => this.dispatch({ type: "previous" });
  toggleMute = (): void => this.dispatch({ type: "toggle-mute" });
  seek = (position: number): void => this.dispatch({ type: "seek", position });
  /** Plays the track at this place in the play order, from the start. */
  select = (index: number): void => this.dispatch({ type: "select", index });

  /** The connected audio element, for what the player adds to it (loudness, play counting). */
  element = (): AudioLike | null => this.audio;

  // ------------------------------------------------------------------------------ the element

  /** Connects an audio element; returns the function that disconnects it. */
  attach(audio: AudioLike): () => void {
    this.audio = audio;
    const on: [string, () => void][] = [
      ["canplay", () => this.dispatch({ type: "can-play" })],
      ["loadedmetadata", () => this.dispatch({ type: "duration", duration: audio.duration })],
      ["durationchange", () => this.dispatch({ type: "duration", duration: audio.duration })],
      ["timeupdate", () => this.dispatch({ type: "time", position: audio.currentTime })],
      ["ended", () => this.dispatch({ type: "ended" })],
      ["error", () => this.state.armed && this.dispatch({ type: "failed" })],
      // Paused or started from outside (the browser's own controls): follow it. The pause that
      // comes with a track's end, and any during a track change, are not the listener's choice.
      ["pause", () => !audio.ended && this.state.loaded && this.dispatch({ type: "pause" })],
      ["play", () => this.state.loaded && this.dispatch({ type: "play" })],
    ];
    for (const [type, listener] of on) audio.addEventListener(type, listener);
    audio.muted = this.state.muted;
    audio.volume = this.state.volume;
    if (this.state.armed) this.load(audio);
    return () => {
      for (const [type, listener] of on) audio.removeEventListener(type, listener);
      audio.pause();
      if (this.audio === audio) this.audio = null;
    };
  }

  /** A ref callback for <audio>, with React 19's cleanup. */
  audioRef = (element: HTMLAudioElement | null): (() => void) | undefined => (element ? this.attach(element) : undefined);

  // -------------------------------------------------------------------------------- internals

  private dispatch(event: RadioEvent): void {
    const prev = this.state;
    const next = radioReducer(prev, event);
    if (next === prev) return;
    this.state = next;
    this.follow(prev, next, event);
    if (next.error !== prev.error) this.scheduleDismiss(next.error);
    for (const listener of this.listeners) listener();
  }

  /** Makes the element match the new state. */
  private follow(prev: RadioState, next: RadioState, event: RadioEvent): void {
    const audio = this.audio;
    if (!audio) return;
    if (next.muted !== prev.muted) audio.muted = next.muted;
    if (next.volume !== prev.volume) audio.volume = next.volume;
    if (next.armed && next.loadId !== prev.loadId) {
      this.load(audio);
      return;
    }
    if (event.type === "seek") audio.currentTime = next.position;
    if (next.playing && !prev.playing) this.start(audio);
    else if (!next.playing && prev.playing) audio.pause();
  }

  private load(audio: AudioLike): void {
    const track = this.state.tracks[this.state.index];
    if (!track) return;
    // A new source starts at 0 and fires canplay once enough of it is in.
    audio.src = track.url;
    if (this.state.playing) this.start(audio);
  }

  private start(audio: AudioLike): void {
    const loadId = this.state.loadId;
    audio.play().catch((error: unknown) => {
      // A newer track or a pause superseded this play; a broken source is reported by `error`.
      const name = error && typeof error === "object" && "name" in error ? error.name : undefined;
      if (loadId !== this.state.loadId || name !== "NotAllowedError") return;
      this.dispatch({ type: "play-blocked" });
    });
  }

  private scheduleDismiss(error: string | null): void {
    if (this.messageTimer !== null) this.clock.clearTimeout(this.messageTimer);
    this.messageTimer = null;
    if (error === null || error === ALL_FAILED_MESSAGE) return;
    this.messageTimer = this.clock.setTimeout(() => {
      this.messageTimer = null;
      this.dispatch({ type: "dismiss-error" });
    }, this.messageMs);
  }
}
