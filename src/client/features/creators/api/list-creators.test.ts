import { describe, expect, it } from "vitest";
import { creatorListSearch } from "./list-creators";

describe("creatorListSearch", () => {
  it("leaves out empty filters", () => {
    expect(creatorListSearch({})).toBe("");
    expect(creatorListSearch({ q: "  ", city: "", story: "" })).toBe("");
  });

  it("sends the filters, the cursor and the page size", () => {
    expect(creatorListSearch({ q: " maya lopez ", discipline: "visual_art", city: "Los Angeles", story: "story-x", limit: 12 }, "abc")).toBe(
      "?q=maya+lopez&discipline=visual_art&city=Los+Angeles&story=story-x&cursor=abc&limit=12",
    );
  });
});
