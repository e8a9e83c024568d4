/**
 * The radio's state machine (spec §4 Radio), pure so it can be tested without audio:
 * playing/paused, muted/unmuted, audio loaded or not. Play/pause works only once the audio is
 * loaded; next wraps last → first and previous first → last; a track's end starts the next; a
 * track change resets the position and keeps playing if it was; seeking sets the position.
 * The tracks are shuffled once, when they first arrive (once per page load), however many the
 * rotation has; choosing one (from 'Recently played') plays it from the start.
 */
import type { Track } from "../../../../common/api/radio";

export interface RadioState {
  /** The tracks in play order (shuffled once). */
  tracks: readonly Track[];
  index: number;
  /** The player has been opened, so the audio element may fetch the current track. */
  armed: boolean;
  /** Changes whenever the current track has to be (re)loaded into the audio element. */
  loadId: number;
  /** The current track's audio can play. */
  loaded: boolean;
  /** Whether the listener wants music: kept across track changes. */
  playing: boolean;
  muted: boolean;
  /** 0-1; muting leaves it alone, so unmuting restores the level. */
  volume: number;
  /** Seconds into the current track. */
  position: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** A short message after an audio error, or null. */
  error: string | null;
  /** Tracks that failed in a row; stops the skipping once every track has failed. */
  failures: number;
}

export const initialRadioState: RadioState = {
  tracks: [],
  index: 0,
  armed: false,
  loadId: 0,
  loaded: false,
  playing: false,
  muted: false,
  volume: 1,
  position: 0,
  duration: 0,
  error: null,
  failures: 0,
};

export type RadioEvent =
  | { type: "tracks-loaded"; tracks: readonly Track[]; random: () => number }
  | { type: "arm" }
  | { type: "toggle" }
  | { type: "play" }
  | { type: "pause" }
  | { type: "next" }
  | { type: "previous" }
  | { type: "select"; index: number }
  | { type: "ended" }
  | { type: "can-play" }
  | { type: "time"; position: number }
  | { type: "duration"; duration: number }
  | { type: "seek"; position: number }
  | { type: "toggle-mute" }
  | { type: "volume"; volume: number }
  | { type: "failed" }
  | { type: "play-blocked" }
  | { type: "dismiss-error" };

export const ALL_FAILED_MESSAGE = "The radio can't play right now. Please try again later.";

export function skipMessage(track: Track): string {
  return `Couldn't play "${track.title}". Skipping to the next track.`;
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function currentTrack(state: RadioState): Track | undefined {
  return state.tracks[state.index];
}

/** The scrolling strip of the player: 'title • artist', or 'No Track'. */
export function nowPlayingText(state: RadioState): string {
  const track = currentTrack(state);
  return track ? `${track.title} • ${track.artist}` : "No Track";
}

/** 75 → '1:15'; unknown → '0:00'. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function changeTrack(state: RadioState, index: number): RadioState {
  return { ...state, index, position: 0, duration: 0, loaded: false, loadId: state.loadId + 1 };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function radioReducer(state: RadioState, event: RadioEvent): RadioState {
  const count = state.tracks.length;
  switch (event.type) {
    case "tracks-loaded":
      if (count > 0 || event.tracks.length === 0) return state;
      return { ...state, tracks: shuffle(event.tracks, event.random), index: 0, loadId: state.loadId + 1 };
    case "arm":
      return state.armed ? state : { ...state, armed: true, loadId: state.loadId + 1 };
    case "toggle":
      return state.loaded ? { ...state, playing: !state.playing } : state;
    case "play":
      return state.loaded && !state.playing ? { ...state, playing: true } : state;
    case "pause":
      return state.playing ? { ...state, playing: false } : state;
    case "next":
    case "ended":
      return count === 0 ? state : changeTrack(state, (state.index + 1) % count);
    case "previous":
      return count === 0 ? state : changeTrack(state, (state.index - 1 + count) % count);
    case "select":
      return state.tracks[event.index] ? { ...changeTrack(state, event.index), playing: true } : state;
    case "can-play": {
      // A track that plays again ends the "nothing plays" message; a skip message runs its course.
      const error = state.error === ALL_FAILED_MESSAGE ? null : state.error;
      return state.loaded && state.failures === 0 && error === state.error ? state : { ...state, loaded: true, failures: 0, error };
    }
    case "time":
      return Number.isFinite(event.position) && event.position !== state.position ? { ...state, position: Math.max(0, event.position) } : state;
    case "duration": {
      const duration = Number.isFinite(event.duration) && event.duration > 0 ? event.duration : 0;
      return duration === state.duration ? state : { ...state, duration };
    }
    case "seek":
      if (!state.loaded || state.duration <= 0) return state;
      return { ...state, position: clamp(event.position, 0, state.duration) };
    case "toggle-mute":
      return { ...state, muted: !state.muted };
    case "volume":
      return { ...state, volume: clamp(event.volume, 0, 1) };
    case "failed": {
      const track = currentTrack(state);
      if (!track) return state;
      const failures = state.failures + 1;
      if (failures >= count) return { ...state, failures, loaded: false, playing: false, error: ALL_FAILED_MESSAGE };
      return { ...changeTrack(state, (state.index + 1) % count), failures, error: skipMessage(track) };
    }
    case "play-blocked":
      return state.playing ? { ...state, playing: false } : state;
    case "dismiss-error":
      return state.error === null ? state : { ...state, error: null };
  }
}
