/**
 * What the player adds to the radio once it has been opened (issue 34): loudness matching and
 * counting plays. Both follow the controller and its <audio> element for the rest of the page's
 * life, whether the dialog is open or not (music plays on with it closed); nothing plays before
 * the player has first opened, so nothing is missed by starting then.
 */
import type { Track } from "../../../../common/api/radio";
import { Loudness } from "./loudness";
import { PlayTracker, type PlayReport } from "./play-tracker";
import { currentTrack, type RadioState } from "./playlist";
import type { AudioLike, RadioController } from "./radio-controller";

/** Sends a finished play; `leaving`: the page is going away. */
export type SendPlay = (report: PlayReport, leaving: boolean) => void;

const heard = (state: RadioState) => state.playing && state.loaded;

/**
 * Counts what the listener heard of each play of a track (play-tracker.ts) and sends it when the
 * play ends: the track ends or is skipped, or the page is left (pagehide). A hidden tab does not
 * end a play: the radio plays on in the background. Returns the function that disconnects.
 */
export function connectPlayCounting(
  controller: RadioController,
  audio: AudioLike,
  send: SendPlay,
  options: { now?: () => number; target?: Pick<Window, "addEventListener" | "removeEventListener"> } = {},
): () => void {
  const now = options.now ?? (() => performance.now());
  const target = options.target ?? window;
  const tracker = new PlayTracker();
  let loadId = -1;
  let playing = false;

  const follow = () => {
    const state = controller.getState();
    if (state.armed && state.loadId !== loadId) {
      loadId = state.loadId;
      const report = tracker.begin(currentTrack(state)?.id ?? null);
      if (report) send(report, false);
    }
    // Counting starts where playing starts, and stops at a pause.
    if (heard(state) !== playing) {
      playing = heard(state);
      tracker.update(audio.currentTime, playing, now());
    }
  };
  const onTime = () => tracker.update(audio.currentTime, heard(controller.getState()), now());
  const onSeeking = () => tracker.jump();
  const onLeave = () => {
    const report = tracker.end();
    if (report) send(report, true);
  };

  follow();
  const unsubscribe = controller.subscribe(follow);
  audio.addEventListener("timeupdate", onTime);
  audio.addEventListener("seeking", onSeeking);
  target.addEventListener("pagehide", onLeave);
  return () => {
    unsubscribe();
    audio.removeEventListener("timeupdate", onTime);
    audio.removeEventListener("seeking", onSeeking);
    target.removeEventListener("pagehide", onLeave);
  };
}

/** Keeps the gain of the current track (and the mute) on the loudness graph, and wakes it as the music starts. */
export function connectLoudness(controller: RadioController, loudness: Pick<Loudness, "set" | "wake">): () => void {
  let shown: [Track | undefined, boolean] | null = null;
  let playing = false;
  const follow = () => {
    const state = controller.getState();
    if (state.playing !== playing) {
      playing = state.playing;
      if (playing) loudness.wake();
    }
    const track = currentTrack(state);
    if (shown && shown[0] === track && shown[1] === state.muted) return;
    shown = [track, state.muted];
    loudness.set(track?.gain_db ?? 0, state.muted);
  };
  follow();
  return controller.subscribe(follow);
}

export interface PlayerExtras {
  /** Call from a click that starts playback (the Web Audio graph needs a gesture). */
  unlock(): void;
}

const connected = new WeakMap<RadioController, PlayerExtras>();

/** The controller's extras, connected the first time the player asks (once per page). */
export function playerExtras(controller: RadioController, send: SendPlay): PlayerExtras {
  const found = connected.get(controller);
  if (found) return found;
  const audio = controller.element();
  let loudness: Loudness | null = null;
  if (audio && typeof window !== "undefined") {
    connectPlayCounting(controller, audio, send);
    if (typeof AudioContext === "function" && audio instanceof HTMLMediaElement) {
      loudness = new Loudness(audio);
      connectLoudness(controller, loudness);
    }
  }
  const extras: PlayerExtras = { unlock: () => loudness?.unlock() };
  // Without an element yet there is nothing to follow: try again next time.
  if (audio) connected.set(controller, extras);
  return extras;
}
