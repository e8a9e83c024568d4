import { describe, expect, it } from "vitest";
import { FADE_PER_FRAME, MAX_DOTS, TRAIL_COLORS, Trail } from "./trail";

describe("cursor trail dots", () => {
  it("keeps at most 30 dots, dropping the oldest", () => {
    const trail = new Trail();
    for (let i = 0; i < 100; i++) trail.add(i, i);
    expect(trail.size).toBe(MAX_DOTS);
    expect(trail.dots[0]!.x).toBe(70);
    expect(trail.dots.at(-1)!.x).toBe(99);
  });

  it("cycles five colours", () => {
    const trail = new Trail();
    for (let i = 0; i < 7; i++) trail.add(i, 0);
    expect(TRAIL_COLORS).toHaveLength(5);
    expect(trail.dots.map((d) => d.color)).toEqual([...TRAIL_COLORS, TRAIL_COLORS[0], TRAIL_COLORS[1]]);
  });

  it("fades each dot by 0.02 per frame and drops it after 50 frames", () => {
    const trail = new Trail();
    trail.add(1, 1);
    trail.step();
    expect(trail.dots[0]!.alpha).toBeCloseTo(1 - FADE_PER_FRAME, 10);
    for (let frame = 2; frame < 50; frame++) trail.step();
    expect(trail.size).toBe(1);
    expect(trail.dots[0]!.alpha).toBeCloseTo(0.02, 10);
    trail.step();
    expect(trail.size).toBe(0);
  });

  it("culls old dots while keeping newer ones", () => {
    const trail = new Trail();
    trail.add(0, 0);
    for (let frame = 0; frame < 30; frame++) trail.step();
    trail.add(5, 5);
    for (let frame = 0; frame < 20; frame++) trail.step();
    expect(trail.dots.map((d) => d.x)).toEqual([5]);
  });
});
