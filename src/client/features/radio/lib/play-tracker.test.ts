import { describe, expect, it } from "vitest";
import { PlayTracker } from "./play-tracker";

/** Plays from `from` to `to` seconds in timeupdate-sized steps, the wall clock keeping pace. */
function listen(tracker: PlayTracker, clock: { now: number }, from: number, to: number, step = 0.25) {
  for (let position = from; position <= to + 1e-9; position += step) {
    tracker.update(position, true, clock.now);
    clock.now += step * 1000;
  }
}

describe("play tracker (what was heard of a play)", () => {
  it("counts the time played, not the position reached", () => {
    const tracker = new PlayTracker();
    const clock = { now: 0 };
    tracker.begin("a");
    listen(tracker, clock, 0, 10);
    expect(tracker.heardSeconds).toBeCloseTo(10);
    expect(tracker.begin("b")).toEqual({ track_id: "a", listened_ms: 10_000 });
  });

  it("does not count a seek forward as heard, with or without the player saying so", () => {
    const tracker = new PlayTracker();
    const clock = { now: 0 };
    tracker.begin("a");
    listen(tracker, clock, 0, 5);
    // The position leaps 60 s within a quarter second: a seek nobody announced.
    listen(tracker, clock, 65, 70);
    expect(tracker.heardSeconds).toBeCloseTo(10);
    // An announced one: even a small move after it starts afresh.
    tracker.jump();
    listen(tracker, clock, 70.3, 72.3);
    expect(tracker.heardSeconds).toBeCloseTo(12);
    expect(tracker.end()).toEqual({ track_id: "a", listened_ms: 12_000 });
  });

  it("counts neither a pause nor a seek back as heard, and resumes counting after", () => {
    const tracker = new PlayTracker();
    const clock = { now: 0 };
    tracker.begin("a");
    listen(tracker, clock, 0, 4);
    tracker.update(4, false, clock.now);
    clock.now += 60_000;
    listen(tracker, clock, 4, 6);
    expect(tracker.heardSeconds).toBeCloseTo(6);
    listen(tracker, clock, 1, 3); // back to 1 s: the same seconds again are heard again
    expect(tracker.heardSeconds).toBeCloseTo(8);
  });

  it("reports a play at most once, and never one heard for 0 ms", () => {
    const tracker = new PlayTracker();
    expect(tracker.end()).toBeNull();
    expect(tracker.begin("a")).toBeNull();
    expect(tracker.begin("b")).toBeNull(); // a never started
    const clock = { now: 0 };
    listen(tracker, clock, 0, 2);
    expect(tracker.end()).toEqual({ track_id: "b", listened_ms: 2000 });
    listen(tracker, clock, 2, 4); // the page came back (bfcache): this play was sent already
    expect(tracker.end()).toBeNull();
    expect(tracker.begin("c")).toBeNull();
  });

  it("ignores positions without a track or that are not numbers", () => {
    const tracker = new PlayTracker();
    tracker.update(1, true, 0);
    tracker.update(2, true, 1000);
    expect(tracker.heardSeconds).toBe(0);
    tracker.begin("a");
    tracker.update(Number.NaN, true, 0);
    tracker.update(1, true, 1000);
    expect(tracker.heardSeconds).toBe(0);
  });
});
