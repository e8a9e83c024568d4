import { describe, expect, it } from "vitest";
import { canMove, moveById, moveItem } from "./rotation-order";

const track = (id: string, featured = false) => ({ id, featured });
const ids = (list: { id: string }[] | null) => list?.map((t) => t.id) ?? null;

describe("moveItem", () => {
  it("moves an item up, down, to either end, and leaves the list it was given alone", () => {
    const list = ["a", "b", "c", "d"];
    expect(moveItem(list, 2, 1)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(list, 1, 2)).toEqual(["a", "c", "b", "d"]);
    expect(moveItem(list, 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(list, 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(moveItem(list, 1, 1)).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d"]);
  });

  it("refuses a place outside the list rather than inventing an item", () => {
    expect(() => moveItem(["a"], 0, 1)).toThrow(RangeError);
    expect(() => moveItem(["a"], -1, 0)).toThrow(RangeError);
    expect(() => moveItem([], 0, 0)).toThrow(RangeError);
  });
});

describe("canMove and moveById", () => {
  const rotation = [track("f1", true), track("f2", true), track("a"), track("b"), track("c")];

  it("moves a track one place within its group", () => {
    expect(ids(moveById(rotation, "b", -1))).toEqual(["f1", "f2", "b", "a", "c"]);
    expect(ids(moveById(rotation, "b", 1))).toEqual(["f1", "f2", "a", "c", "b"]);
    expect(ids(moveById(rotation, "f2", -1))).toEqual(["f2", "f1", "a", "b", "c"]);
  });

  it("does not move past either end, nor across the line between featured and the rest", () => {
    expect(canMove(rotation, 0, -1)).toBe(false);
    expect(canMove(rotation, 4, 1)).toBe(false);
    expect(canMove(rotation, 1, 1)).toBe(false);
    expect(canMove(rotation, 2, -1)).toBe(false);
    expect(moveById(rotation, "a", -1)).toBeNull();
    expect(moveById(rotation, "f2", 1)).toBeNull();
    expect(moveById(rotation, "missing", 1)).toBeNull();
    expect(canMove([track("only")], 0, 1)).toBe(false);
  });
});
