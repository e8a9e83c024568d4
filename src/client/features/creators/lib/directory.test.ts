import { describe, expect, it } from "vitest";
import {
  artTypeBadges,
  avatarLetter,
  cardBio,
  cardName,
  creatorLinks,
  DEFAULT_BIO,
  hasActiveFilter,
  instagramUrl,
  NO_FILTERS,
  readFilters,
  resultsText,
  storyOptions,
  storyTags,
  withCurrent,
  writeFilters,
} from "./directory";

describe("filters in the URL", () => {
  it("reads q, type, city and story; an unknown type means All Types", () => {
    expect(readFilters(new URLSearchParams("q=maya&type=visual_art&city=Los+Angeles&story=story-x"))).toEqual({
      q: "maya",
      type: "visual_art",
      city: "Los Angeles",
      story: "story-x",
    });
    expect(readFilters(new URLSearchParams(""))).toEqual(NO_FILTERS);
    expect(readFilters(new URLSearchParams("type=sculpture")).type).toBeNull();
    expect(readFilters(new URLSearchParams(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
  });

  it("writes changes, dropping empty values and keeping other parameters", () => {
    const params = new URLSearchParams("type=music&utm=x");
    expect(writeFilters(params, { q: "  june ", city: "Austin" }).toString()).toBe("type=music&utm=x&q=june&city=Austin");
    expect(writeFilters(params, { type: null }).toString()).toBe("utm=x");
    expect(writeFilters(new URLSearchParams("q=a&type=music&city=b&story=c"), NO_FILTERS).toString()).toBe("");
    // The input is left alone.
    expect(params.toString()).toBe("type=music&utm=x");
  });

  it("round-trips", () => {
    const filters = { q: "tape loops", type: "music" as const, city: "New Orleans", story: "story-brass" };
    expect(readFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it("knows when a filter is active", () => {
    expect(hasActiveFilter(NO_FILTERS)).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, q: "  " })).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, q: "x" })).toBe(true);
    expect(hasActiveFilter({ ...NO_FILTERS, type: "other" })).toBe(true);
    expect(hasActiveFilter({ ...NO_FILTERS, city: "Miami" })).toBe(true);
    expect(hasActiveFilter({ ...NO_FILTERS, story: "s" })).toBe(true);
  });
});

describe("resultsText", () => {
  it("says found with a filter and total without, in the singular for one", () => {
    expect(resultsText(0, false)).toBe("0 creators total");
    expect(resultsText(1, false)).toBe("1 creator total");
    expect(resultsText(16, false)).toBe("16 creators total");
    expect(resultsText(1, true)).toBe("1 creator found");
    expect(resultsText(3, true)).toBe("3 creators found");
  });
});

describe("artTypeBadges", () => {
  it("lists the disciplines present in the fixed order, with Other always", () => {
    expect(artTypeBadges(["music", "writing"], null)).toEqual(["writing", "music", "other"]);
    expect(artTypeBadges([], null)).toEqual(["other"]);
    expect(artTypeBadges(["other", "design"], null)).toEqual(["design", "other"]);
  });

  it("keeps the selected type even when nobody has it", () => {
    expect(artTypeBadges(["music"], "film")).toEqual(["music", "film", "other"]);
  });
});

describe("select options", () => {
  it("keep the current value when the facets lack it", () => {
    expect(withCurrent(["Austin", "Miami"], "")).toEqual(["Austin", "Miami"]);
    expect(withCurrent(["Austin", "Miami"], "Miami")).toEqual(["Austin", "Miami"]);
    expect(withCurrent(["Austin"], "Boise")).toEqual(["Boise", "Austin"]);
    const stories = [{ id: "a", title: "A" }];
    expect(storyOptions(stories, "a")).toEqual(stories);
    expect(storyOptions(stories, "gone")).toEqual([{ id: "gone", title: "Selected story" }, ...stories]);
  });
});

describe("card contents", () => {
  it("shows two story tags, then +N more", () => {
    const s = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, title: `S${i}` }));
    expect(storyTags(s(0))).toEqual({ shown: [], more: 0 });
    expect(storyTags(s(2))).toEqual({ shown: s(2), more: 0 });
    expect(storyTags(s(4))).toEqual({ shown: s(2), more: 2 });
  });

  it("falls back to the default bio and a name", () => {
    expect(cardBio("  ")).toBe(DEFAULT_BIO);
    expect(cardBio(" Painter. ")).toBe("Painter.");
    expect(cardName({ artist_name: "Maya Lopez", first_name: "Maya", last_name: "Lopez" })).toBe("Maya Lopez");
    expect(cardName({ artist_name: "", first_name: "Maya", last_name: "" })).toBe("Maya");
    expect(cardName({ artist_name: " ", first_name: "", last_name: "" })).toBe("Unknown Creator");
  });

  it("takes the avatar letter from the name", () => {
    expect(avatarLetter("maya lopez")).toBe("M");
    expect(avatarLetter(" élodie")).toBe("É");
    expect(avatarLetter("")).toBe("?");
  });

  it("links the portfolio, Instagram with @ and a website only when it differs", () => {
    expect(
      creatorLinks({ portfolio_url: "https://example.com/m", instagram: "maya.paints", website: "https://example.com/m" }),
    ).toEqual([
      { kind: "portfolio", label: "Portfolio", href: "https://example.com/m" },
      { kind: "instagram", label: "@maya.paints", href: "https://instagram.com/maya.paints" },
    ]);
    expect(creatorLinks({ portfolio_url: "https://a.example", instagram: null, website: "http://b.example" })).toEqual([
      { kind: "portfolio", label: "Portfolio", href: "https://a.example" },
      { kind: "website", label: "Website", href: "http://b.example" },
    ]);
    expect(creatorLinks({ portfolio_url: null, instagram: "@x", website: null })).toEqual([
      { kind: "instagram", label: "@x", href: "https://instagram.com/x" },
    ]);
    expect(creatorLinks({ portfolio_url: null, instagram: null, website: null })).toEqual([]);
  });

  it("never renders a link that is not http(s)", () => {
    expect(creatorLinks({ portfolio_url: "javascript:alert(1)", instagram: null, website: "data:text/html,x" })).toEqual([]);
    expect(instagramUrl("a/b?c")).toBe("https://instagram.com/a%2Fb%3Fc");
  });
});
