import { describe, expect, it } from "vitest";
import { NO_FAVORITES, countFavorites, parseLocalFavorites, withFavorite } from "./local-favorites";

describe("the visitor's favorites", () => {
  it("toggle adds or removes an id in the set of its kind", () => {
    const saved = withFavorite(NO_FAVORITES, "story", "s1", true);
    expect(saved).toEqual({ stories: ["s1"], creators: [], products: [] });
    expect(withFavorite(saved, "story", "s1", true)).toEqual(saved);
    expect(withFavorite(saved, "story", "s1", false)).toEqual(NO_FAVORITES);
    expect(countFavorites(withFavorite(saved, "product", "p1", true))).toBe(2);
  });

  it("reads what was saved, de-duplicated; anything else is refused", () => {
    expect(parseLocalFavorites({ stories: ["a", "a"], products: ["p"] })).toEqual({ stories: ["a"], creators: [], products: ["p"] });
    for (const bad of [null, [], "x", { stories: [1] }, { creators: "a" }, { products: [""] }]) {
      expect(() => parseLocalFavorites(bad)).toThrow();
    }
  });
});
