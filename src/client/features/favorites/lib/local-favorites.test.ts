// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { FAVORITES_STORAGE_KEY, NO_FAVORITES, countFavorites, localFavorites, parseLocalFavorites, saveLocalFavorites, withFavorite } from "./local-favorites";

afterEach(() => localStorage.clear());

describe("the visitor's favorites", () => {
  it("toggle adds or removes an id in the set of its kind", () => {
    const saved = withFavorite(NO_FAVORITES, "story", "s1", true);
    expect(saved).toEqual({ stories: ["s1"], creators: [], products: [], tracks: [] });
    expect(withFavorite(saved, "story", "s1", true)).toEqual(saved);
    expect(withFavorite(saved, "story", "s1", false)).toEqual(NO_FAVORITES);
    expect(countFavorites(withFavorite(saved, "product", "p1", true))).toBe(2);
    expect(countFavorites(withFavorite(saved, "track", "t1", true))).toBe(2);
  });

  it("reads what was saved, de-duplicated; anything else is refused", () => {
    expect(parseLocalFavorites({ stories: ["a", "a"], products: ["p"] })).toEqual({ stories: ["a"], creators: [], products: ["p"], tracks: [] });
    expect(parseLocalFavorites({ tracks: ["t", "t"] })).toEqual({ stories: [], creators: [], products: [], tracks: ["t"] });
    for (const bad of [null, [], "x", { stories: [1] }, { creators: "a" }, { products: [""] }, { tracks: "t" }]) {
      expect(() => parseLocalFavorites(bad)).toThrow();
    }
  });

  it("reads a value saved before tracks were a kind, and saves spec §3's three groups until a track is liked", () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify({ stories: ["s1"], creators: [], products: ["p1"] }));
    expect(localFavorites.get()).toEqual({ stories: ["s1"], creators: [], products: ["p1"], tracks: [] });

    saveLocalFavorites(withFavorite(localFavorites.get(), "creator", "c1", true));
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY)!)).toEqual({ stories: ["s1"], creators: ["c1"], products: ["p1"] });
    saveLocalFavorites(withFavorite(localFavorites.get(), "track", "t1", true));
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY)!)).toEqual({ stories: ["s1"], creators: ["c1"], products: ["p1"], tracks: ["t1"] });
    expect(localFavorites.get().tracks).toEqual(["t1"]);
    saveLocalFavorites(withFavorite(localFavorites.get(), "track", "t1", false));
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY)!)).not.toHaveProperty("tracks");
  });
});
