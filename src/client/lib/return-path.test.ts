import { describe, expect, it } from "vitest";
import { safeReturnPath, withReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeReturnPath("/store?productId=prod-maybe-logo-tee")).toBe("/store?productId=prod-maybe-logo-tee");
    expect(safeReturnPath("/stories/a-story#comments")).toBe("/stories/a-story#comments");
    expect(safeReturnPath("/")).toBe("/");
  });

  it("refuses anything that could lead to another site", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/store",
      "/\\evil.example",
      "/store\\..\\evil",
      "javascript:alert(1)",
      "store",
      " /store",
      "/\t/evil.example",
      "/\n/evil.example",
      "%2F%2Fevil.example",
    ]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
  });

  it("refuses nothing at all, a path too long, and the account forms themselves", () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath("")).toBeNull();
    expect(safeReturnPath(`/store?productId=${"x".repeat(2000)}`)).toBeNull();
    expect(safeReturnPath("/subscribe?next=/store")).toBeNull();
    expect(safeReturnPath("/LOGIN/")).toBeNull();
    expect(safeReturnPath("/join")).toBeNull();
  });
});

describe("withReturnPath", () => {
  it("adds a safe return path, encoded, and leaves the path alone otherwise", () => {
    expect(withReturnPath("/subscribe", "/store?productId=a&b")).toBe("/subscribe?next=%2Fstore%3FproductId%3Da%26b");
    expect(withReturnPath("/subscribe", "https://evil.example")).toBe("/subscribe");
    expect(withReturnPath("/login", null)).toBe("/login");
  });
});
