import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RadioController, type AudioLike } from "./radio-controller";
import { track } from "./tracks.fixtures";

const TRACKS = ["a", "b", "c", "d"].map((id) => track(id));

/**
 * A fake <audio>: records what the controller asks of it, and lets the test fire the events a
 * browser would (canplay, timeupdate, ended, error, pause).
 */
class FakeAudio extends EventTarget implements AudioLike {
  src = "";
  currentTime = 0;
  duration = Number.NaN;
  ended = false;
  muted = false;
  volume = 1;
  paused = true;
  plays = 0;
  playResult: () => Promise<void> = () => Promise.resolve();

  play(): Promise<void> {
    this.plays += 1;
    this.paused = false;
    return this.playResult();
  }
  pause(): void {
    this.paused = true;
  }
  /** The browser has enough of the current source to play. */
  becomeReady(duration = 80): void {
    this.duration = duration;
    this.dispatchEvent(new Event("durationchange"));
    this.dispatchEvent(new Event("canplay"));
  }
  tick(seconds: number): void {
    this.currentTime = seconds;
    this.dispatchEvent(new Event("timeupdate"));
  }
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}

let audio: FakeAudio;
let radio: RadioController;
let detach: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  audio = new FakeAudio();
  // Math.random ≈ 1 keeps the order a b c d, so the test knows which track comes next.
  radio = new RadioController({ random: () => 0.999, messageMs: 5000 });
  detach = radio.attach(audio);
  radio.setTracks(TRACKS);
});
afterEach(() => {
  detach();
  vi.useRealTimers();
});

const title = () => radio.getState().tracks[radio.getState().index]?.title;

describe("radio controller with an audio element", () => {
  it("fetches nothing until the player opens, then loads the first track", () => {
    expect(audio.src).toBe("");
    radio.arm();
    expect(audio.src).toBe("/media/audio/a.mp3");
    expect(radio.getState().loaded).toBe(false);
    audio.becomeReady(80);
    expect(radio.getState()).toMatchObject({ loaded: true, duration: 80 });
  });

  it("plays only once loaded, and follows the position", () => {
    radio.arm();
    radio.toggle();
    expect(audio.plays).toBe(0);
    audio.becomeReady();
    radio.toggle();
    expect(audio.plays).toBe(1);
    expect(radio.getState().playing).toBe(true);
    audio.tick(12.5);
    expect(radio.getState().position).toBe(12.5);
    radio.toggle();
    expect(audio.paused).toBe(true);
    expect(radio.getState().playing).toBe(false);
  });

  it("moves on to the next track at the end and keeps playing it", () => {
    radio.arm();
    audio.becomeReady();
    radio.toggle();
    audio.tick(79.9);
    audio.ended = true;
    audio.fire("pause"); // the browser pauses at the end; that is not the listener's pause
    audio.fire("ended");
    expect(title()).toBe("Title b");
    expect(audio.src).toBe("/media/audio/b.mp3");
    expect(audio.plays).toBe(2);
    expect(radio.getState()).toMatchObject({ playing: true, position: 0, loaded: false });
  });

  it("wraps next and previous, and a paused radio stays paused across a change", () => {
    radio.arm();
    audio.becomeReady();
    radio.previous();
    expect(audio.src).toBe("/media/audio/d.mp3");
    audio.becomeReady();
    radio.next();
    expect(audio.src).toBe("/media/audio/a.mp3");
    expect(audio.plays).toBe(0);
  });

  it("plays a chosen track (from 'Recently played') and exposes its element", () => {
    radio.arm();
    audio.becomeReady();
    radio.select(2);
    expect(audio.src).toBe("/media/audio/c.mp3");
    expect(audio.plays).toBe(1);
    expect(radio.getState()).toMatchObject({ index: 2, playing: true });
    expect(radio.element()).toBe(audio);
  });

  it("seeks the element", () => {
    radio.arm();
    audio.becomeReady(80);
    radio.seek(61);
    expect(audio.currentTime).toBe(61);
    expect(radio.getState().position).toBe(61);
  });

  it("mutes the element without touching its volume", () => {
    audio.volume = 0.5;
    radio.toggleMute();
    expect(audio).toMatchObject({ muted: true, volume: 0.5 });
    radio.toggleMute();
    expect(audio).toMatchObject({ muted: false, volume: 0.5 });
  });

  it("follows a pause from outside (the browser's own controls)", () => {
    radio.arm();
    audio.becomeReady();
    radio.toggle();
    audio.fire("pause");
    expect(radio.getState().playing).toBe(false);
  });

  it("shows a short message on an audio error, skips to the next track and clears the message later", () => {
    radio.arm();
    audio.becomeReady();
    radio.toggle();
    radio.next();
    audio.fire("error");
    expect(radio.getState().error).toBe('Couldn\'t play "Title b". Skipping to the next track.');
    expect(audio.src).toBe("/media/audio/c.mp3");
    expect(radio.getState().playing).toBe(true);
    audio.becomeReady();
    vi.advanceTimersByTime(4999);
    expect(radio.getState().error).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(radio.getState().error).toBeNull();
  });

  it("never gets stuck: after every track fails it stops and says so", () => {
    radio.arm();
    for (let i = 0; i < 4; i++) audio.fire("error");
    expect(radio.getState()).toMatchObject({ playing: false, failures: 4 });
    expect(radio.getState().error).toMatch(/can't play right now/);
    vi.advanceTimersByTime(60_000);
    expect(radio.getState().error).toMatch(/can't play right now/);
  });

  it("drops the playing state when the browser refuses to start", async () => {
    radio.arm();
    audio.becomeReady();
    audio.playResult = () => Promise.reject(Object.assign(new Error("no gesture"), { name: "NotAllowedError" }));
    radio.toggle();
    await vi.runAllTimersAsync();
    expect(radio.getState().playing).toBe(false);
  });

  it("ignores a play superseded by a track change", async () => {
    radio.arm();
    audio.becomeReady();
    audio.playResult = () => Promise.reject(Object.assign(new Error("interrupted"), { name: "AbortError" }));
    radio.toggle();
    radio.next();
    await vi.runAllTimersAsync();
    expect(radio.getState().playing).toBe(true);
  });

  it("notifies subscribers on each change and stops after unsubscribing", () => {
    const seen: boolean[] = [];
    const stop = radio.subscribe(() => seen.push(radio.getState().playing));
    radio.arm();
    audio.becomeReady();
    radio.toggle();
    stop();
    radio.toggle();
    expect(seen.at(-1)).toBe(true);
  });
});
