import { describe, expect, it } from "vitest";
import { NO_LIKES, countLikes, parseLocalLikes, withLike } from "./local-likes";

describe("the visitor's likes", () => {
  it("toggle adds or removes an id in the set of its kind", () => {
    const liked = withLike(NO_LIKES, "story", "s1", true);
    expect(liked).toEqual({ stories: ["s1"], creators: [], products: [] });
    expect(withLike(liked, "story", "s1", true)).toEqual(liked);
    expect(withLike(liked, "story", "s1", false)).toEqual(NO_LIKES);
    expect(countLikes(withLike(liked, "product", "p1", true))).toBe(2);
  });

  it("reads what was saved, de-duplicated; anything else is refused", () => {
    expect(parseLocalLikes({ stories: ["a", "a"], products: ["p"] })).toEqual({ stories: ["a"], creators: [], products: ["p"] });
    for (const bad of [null, [], "x", { stories: [1] }, { creators: "a" }, { products: [""] }]) {
      expect(() => parseLocalLikes(bad)).toThrow();
    }
  });
});
