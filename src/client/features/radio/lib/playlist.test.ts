import { describe, expect, it } from "vitest";
import {
  ALL_FAILED_MESSAGE,
  formatTime,
  initialRadioState,
  nowPlayingText,
  radioReducer,
  shuffle,
  type RadioEvent,
  type RadioState,
} from "./playlist";
import { track } from "./tracks.fixtures";

const TRACKS = ["a", "b", "c", "d"].map((id) => track(id));
/** A "random" that always answers 0: Fisher-Yates then rotates [a b c d] into [b c d a]. */
const zero = () => 0;

function run(events: RadioEvent[], from: RadioState = initialRadioState): RadioState {
  return events.reduce(radioReducer, from);
}

/** Tracks in order a b c d (random ≈ 1 keeps every element in place), armed and loaded. */
function ready(extra: RadioEvent[] = []): RadioState {
  return run([
    { type: "tracks-loaded", tracks: TRACKS, random: () => 0.999 },
    { type: "arm" },
    { type: "duration", duration: 90 },
    { type: "can-play" },
    ...extra,
  ]);
}

const ids = (s: RadioState) => s.tracks.map((t) => t.id).join("");

describe("shuffle", () => {
  it("is a permutation, decided by the random source", () => {
    expect(shuffle(TRACKS, zero).map((t) => t.id)).toEqual(["b", "c", "d", "a"]);
    expect(shuffle(TRACKS, () => 0.999).map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
    expect(TRACKS.map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("radio state machine", () => {
  it("shuffles once, when the tracks first arrive", () => {
    const first = run([{ type: "tracks-loaded", tracks: TRACKS, random: zero }]);
    expect(ids(first)).toBe("bcda");
    const again = radioReducer(first, { type: "tracks-loaded", tracks: TRACKS, random: () => 0.999 });
    expect(again).toBe(first);
  });

  it("says 'No Track' until there are tracks, then 'title • artist'", () => {
    expect(nowPlayingText(initialRadioState)).toBe("No Track");
    expect(nowPlayingText(ready())).toBe("Title a • Artist a");
  });

  it("plays and pauses only once the audio is loaded", () => {
    const loading = run([{ type: "tracks-loaded", tracks: TRACKS, random: zero }, { type: "arm" }]);
    expect(radioReducer(loading, { type: "toggle" })).toBe(loading);
    expect(radioReducer(loading, { type: "play" })).toBe(loading);
    const playing = radioReducer(ready(), { type: "toggle" });
    expect(playing.playing).toBe(true);
    expect(radioReducer(playing, { type: "toggle" }).playing).toBe(false);
  });

  it("wraps next from last to first and previous from first to last", () => {
    const start = ready();
    expect(run([{ type: "next" }, { type: "next" }, { type: "next" }], start).index).toBe(3);
    expect(run([{ type: "next" }, { type: "next" }, { type: "next" }, { type: "next" }], start).index).toBe(0);
    expect(radioReducer(start, { type: "previous" }).index).toBe(3);
  });

  it("starts the next track when one ends, still playing", () => {
    const end = ready([{ type: "toggle" }, { type: "time", position: 89.9 }, { type: "ended" }]);
    expect(end.index).toBe(1);
    expect(end.playing).toBe(true);
    expect(end.position).toBe(0);
    const fromLast = run([{ type: "previous" }, { type: "can-play" }, { type: "ended" }], ready());
    expect(fromLast.index).toBe(0);
  });

  it("resets the position on a track change and keeps playing only if it was", () => {
    const playing = ready([{ type: "toggle" }, { type: "time", position: 42 }]);
    const next = radioReducer(playing, { type: "next" });
    expect(next).toMatchObject({ index: 1, position: 0, duration: 0, loaded: false, playing: true });
    expect(next.loadId).toBe(playing.loadId + 1);

    const paused = ready([{ type: "time", position: 42 }]);
    expect(radioReducer(paused, { type: "previous" })).toMatchObject({ index: 3, position: 0, playing: false });
  });

  it("seeks within the track once loaded", () => {
    const start = ready();
    expect(radioReducer(start, { type: "seek", position: 30 }).position).toBe(30);
    expect(radioReducer(start, { type: "seek", position: 500 }).position).toBe(90);
    expect(radioReducer(start, { type: "seek", position: -3 }).position).toBe(0);
    const loading = radioReducer(start, { type: "next" });
    expect(radioReducer(loading, { type: "seek", position: 30 })).toBe(loading);
  });

  it("mutes and unmutes without losing the volume", () => {
    const quiet = ready([{ type: "volume", volume: 0.4 }]);
    const muted = radioReducer(quiet, { type: "toggle-mute" });
    expect(muted).toMatchObject({ muted: true, volume: 0.4 });
    expect(radioReducer(muted, { type: "toggle-mute" })).toMatchObject({ muted: false, volume: 0.4 });
  });

  it("skips a track that fails with a short message, and stops once every track has failed", () => {
    const playing = ready([{ type: "toggle" }]);
    const skipped = radioReducer(playing, { type: "failed" });
    expect(skipped).toMatchObject({ index: 1, playing: true, failures: 1, error: 'Couldn\'t play "Title a". Skipping to the next track.' });
    const allFailed = run([{ type: "failed" }, { type: "failed" }, { type: "failed" }], skipped);
    expect(allFailed).toMatchObject({ playing: false, failures: 4, error: ALL_FAILED_MESSAGE });
    // A track that loads again clears the failure count and the "nothing plays" message.
    const recovered = run([{ type: "next" }, { type: "can-play" }], allFailed);
    expect(recovered).toMatchObject({ failures: 0, error: null, loaded: true });
  });

  it("shuffles and wraps a rotation of any size, once per page load", () => {
    const many = ["a", "b", "c", "d", "e", "f", "g"].map((id) => track(id));
    const loaded = run([{ type: "tracks-loaded", tracks: many, random: zero }, { type: "arm" }, { type: "can-play" }]);
    expect(ids(loaded)).toBe("bcdefga");
    expect(radioReducer(loaded, { type: "tracks-loaded", tracks: many.slice(0, 4), random: () => 0.999 })).toBe(loaded);
    const atLast = run(Array.from({ length: 6 }, () => ({ type: "next" }) as const), loaded);
    expect(atLast.index).toBe(6);
    expect(radioReducer(atLast, { type: "next" }).index).toBe(0);
    expect(radioReducer(loaded, { type: "previous" }).index).toBe(6);
    expect(nowPlayingText(loaded)).toBe("Title b • Artist b");
  });

  it("plays a chosen track from the start", () => {
    const paused = ready([{ type: "time", position: 42 }]);
    const chosen = radioReducer(paused, { type: "select", index: 2 });
    expect(chosen).toMatchObject({ index: 2, position: 0, loaded: false, playing: true, loadId: paused.loadId + 1 });
    expect(radioReducer(paused, { type: "select", index: 0 })).toMatchObject({ index: 0, position: 0, playing: true, loadId: paused.loadId + 1 });
    expect(radioReducer(paused, { type: "select", index: 9 })).toBe(paused);
  });

  it("formats times as m:ss", () => {
    expect(formatTime(0)).toBe("0:00");
    expect(formatTime(75.9)).toBe("1:15");
    expect(formatTime(Number.NaN)).toBe("0:00");
    expect(formatTime(Infinity)).toBe("0:00");
  });
});
