import { describe, expect, it } from "vitest";
import { resolveRange } from "./byte-range.js";

describe("one range of bytes (RFC 9110 §14)", () => {
  it("reads the three forms a player sends", () => {
    expect(resolveRange("bytes=0-99", 1000)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(resolveRange("bytes=500-", 1000)).toEqual({ kind: "part", start: 500, end: 999 });
    expect(resolveRange("bytes=-100", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(resolveRange("BYTES=1-1", 1000)).toEqual({ kind: "part", start: 1, end: 1 });
  });

  it("cuts a range at the last byte; the last n of fewer bytes is all of them", () => {
    expect(resolveRange("bytes=900-5000", 1000)).toEqual({ kind: "part", start: 900, end: 999 });
    expect(resolveRange("bytes=-5000", 1000)).toEqual({ kind: "part", start: 0, end: 999 });
    expect(resolveRange(`bytes=0-${"9".repeat(400)}`, 1000)).toEqual({ kind: "part", start: 0, end: 999 });
  });

  it("finds no byte past the end, in a suffix of none, or in an empty object", () => {
    for (const [header, size] of [
      ["bytes=1000-", 1000],
      ["bytes=1000-2000", 1000],
      ["bytes=-0", 1000],
      ["bytes=0-", 0],
      ["bytes=-10", 0],
      [`bytes=${"9".repeat(400)}-`, 1000],
    ] as const) {
      expect(resolveRange(header, size), header).toEqual({ kind: "unsatisfiable" });
    }
  });

  it("ignores what is not one range of bytes: the whole object", () => {
    for (const header of [undefined, "", "bytes=", "bytes=-", "bytes=5-2", "bytes=0-1,5-6", "items=0-1", "0-1", "bytes=a-b", "bytes=-1-2"]) {
      expect(resolveRange(header, 1000), String(header)).toEqual({ kind: "whole" });
    }
  });
});
