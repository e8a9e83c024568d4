import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gainOf, Loudness } from "./loudness";
import type { PlayReport } from "./play-tracker";
import { connectLoudness, connectPlayCounting } from "./player-extras";
import { RadioController, type AudioLike } from "./radio-controller";
import { track } from "./tracks.fixtures";

class FakeAudio extends EventTarget implements AudioLike {
  src = "";
  currentTime = 0;
  duration = 80;
  ended = false;
  muted = false;
  volume = 1;
  play = () => Promise.resolve();
  pause = () => undefined;
  ready() {
    this.dispatchEvent(new Event("durationchange"));
    this.dispatchEvent(new Event("canplay"));
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

const TRACKS = [track("a", { gain_db: -3.5 }), track("b", { gain_db: 2 }), track("c")];

describe("counting plays", () => {
  let audio: FakeAudio;
  let radio: RadioController;
  let page: EventTarget;
  let sent: Array<[PlayReport, boolean]>;
  let clock: number;
  let disconnect: () => void;

  /** Plays on from the current position for `seconds`, as timeupdate does. */
  function playFor(seconds: number) {
    for (let i = 0; i < seconds * 4; i++) {
      clock += 250;
      audio.currentTime += 0.25;
      audio.fire("timeupdate");
    }
  }

  beforeEach(() => {
    audio = new FakeAudio();
    radio = new RadioController({ random: () => 0.999 });
    radio.attach(audio);
    radio.setTracks(TRACKS);
    page = new EventTarget();
    sent = [];
    clock = 0;
    disconnect = connectPlayCounting(radio, audio, (report, leaving) => sent.push([report, leaving]), {
      now: () => clock,
      target: page as unknown as Window,
    });
    radio.arm();
    audio.ready();
  });
  afterEach(() => disconnect());

  it("sends what was heard when the track ends", () => {
    radio.play();
    playFor(20);
    audio.ended = true;
    audio.fire("ended");
    expect(sent).toEqual([[{ track_id: "a", listened_ms: 20_000 }, false]]);
  });

  it("sends a skipped track on next and previous, but not a track never started", () => {
    radio.next(); // a: loaded, never played
    audio.currentTime = 0;
    audio.ready();
    radio.play();
    playFor(3);
    radio.previous();
    expect(sent).toEqual([[{ track_id: "b", listened_ms: 3000 }, false]]);
  });

  it("does not count a seek forward, nor time paused", () => {
    radio.play();
    playFor(5);
    radio.seek(60);
    audio.currentTime = 60;
    audio.fire("seeking");
    audio.fire("timeupdate"); // the browser's, at the new position
    playFor(5);
    radio.pause();
    clock += 30_000;
    audio.fire("timeupdate");
    radio.play();
    playFor(2);
    radio.next();
    expect(sent).toEqual([[{ track_id: "a", listened_ms: 12_000 }, false]]);
  });

  it("sends the play on pagehide as the page leaves, once", () => {
    radio.play();
    playFor(7);
    page.dispatchEvent(new Event("pagehide"));
    page.dispatchEvent(new Event("pagehide"));
    playFor(3); // back from the back/forward cache: this play was counted already
    radio.next();
    expect(sent).toEqual([[{ track_id: "a", listened_ms: 7000 }, true]]);
  });

  it("stops listening once disconnected", () => {
    radio.play();
    playFor(2);
    disconnect();
    radio.next();
    page.dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([]);
  });
});

/** Enough of an AudioContext for the loudness graph, recording what was built. */
function fakeContext(state: AudioContextState = "running") {
  const gain = { gain: { value: 1 }, connect: vi.fn((node: unknown) => node) };
  const source = { connect: vi.fn(() => gain) };
  const context = {
    state,
    destination: { destination: true },
    createGain: vi.fn(() => gain),
    createMediaElementSource: vi.fn(() => source),
    resume: vi.fn(() => Promise.resolve()),
    close: vi.fn(() => Promise.resolve()),
  };
  return { context, gain, source, create: vi.fn(() => context as unknown as AudioContext) };
}

function fakeElement() {
  return { dataset: {} as DOMStringMap } as HTMLMediaElement;
}

describe("loudness matching", () => {
  it("turns dB into a gain factor", () => {
    expect(gainOf(0)).toBe(1);
    expect(gainOf(-6)).toBeCloseTo(0.501, 3);
    expect(gainOf(6)).toBeCloseTo(1.995, 3);
    expect(gainOf(Number.NaN)).toBe(1);
  });

  it("builds the graph once, on the gesture, and applies each track's gain, 0 while muted", () => {
    const element = fakeElement();
    const ctx = fakeContext();
    const loudness = new Loudness(element, ctx.create);
    loudness.set(-3.5, false);
    expect(ctx.create).not.toHaveBeenCalled();
    expect(element.dataset.gainDb).toBeUndefined();

    loudness.unlock();
    loudness.unlock();
    expect(ctx.create).toHaveBeenCalledTimes(1);
    expect(ctx.context.createMediaElementSource).toHaveBeenCalledWith(element);
    expect(ctx.source.connect).toHaveBeenCalledWith(ctx.gain);
    expect(ctx.gain.connect).toHaveBeenCalledWith(ctx.context.destination);
    expect(ctx.gain.gain.value).toBeCloseTo(gainOf(-3.5));
    expect(element.dataset.gainDb).toBe("-3.5");

    loudness.set(2, true);
    expect(ctx.gain.gain.value).toBe(0);
    loudness.set(2, false);
    expect(ctx.gain.gain.value).toBeCloseTo(gainOf(2));
    expect(element.dataset.gainDb).toBe("2");
  });

  it("resumes a suspended graph on the next gesture or start, and plays on without Web Audio if it fails", () => {
    const ctx = fakeContext("suspended");
    const loudness = new Loudness(fakeElement(), ctx.create);
    loudness.wake(); // no graph yet: nothing to resume
    expect(ctx.context.resume).not.toHaveBeenCalled();
    loudness.unlock();
    expect(ctx.context.resume).toHaveBeenCalledTimes(1);
    loudness.wake();
    expect(ctx.context.resume).toHaveBeenCalledTimes(2);

    const element = fakeElement();
    const broken = new Loudness(element, () => {
      throw new Error("no audio device");
    });
    expect(() => broken.unlock()).not.toThrow();
    broken.set(-2, false);
    expect(element.dataset.gainDb).toBeUndefined();
  });

  it("follows the radio: the current track's gain and the mute, and wakes the graph as the music starts", () => {
    const radio = new RadioController({ random: () => 0.999 });
    const set = vi.fn();
    const wake = vi.fn();
    const stop = connectLoudness(radio, { set, wake });
    expect(set).toHaveBeenLastCalledWith(0, false);
    radio.setTracks(TRACKS);
    expect(set).toHaveBeenLastCalledWith(-3.5, false);
    radio.next();
    expect(set).toHaveBeenLastCalledWith(2, false);
    radio.toggleMute();
    expect(set).toHaveBeenLastCalledWith(2, true);
    const calls = set.mock.calls.length;
    radio.arm();
    expect(set).toHaveBeenCalledTimes(calls);
    expect(wake).not.toHaveBeenCalled();
    const audio = new FakeAudio();
    radio.attach(audio);
    audio.ready();
    radio.play(); // a media key, say: no click to start the graph with
    expect(wake).toHaveBeenCalledTimes(1);
    radio.seek(10);
    expect(wake).toHaveBeenCalledTimes(1);
    stop();
    radio.next();
    expect(set).toHaveBeenCalledTimes(calls);
  });
});
