import { describe, expect, it } from "vitest";
import { safeLink } from "./links.js";

describe("safeLink", () => {
  it("keeps http(s) links and paths on this site", () => {
    for (const link of ["https://example.com/a.png", "http://example.com", "/media/creators/maya.svg"]) expect(safeLink(link)).toBe(link);
  });

  it("drops every other scheme, protocol-relative and odd paths, and empty values", () => {
    const hostile = ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "jav&#x61;script:alert(1)", "data:text/html,x", "vbscript:msgbox(1)", "//evil.example/x", "/\\evil.example", "/a b", "\u0001/x", "", null, undefined];
    for (const link of hostile) expect(safeLink(link)).toBeNull();
  });
});
