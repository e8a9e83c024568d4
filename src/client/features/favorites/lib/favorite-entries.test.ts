import { describe, expect, it } from "vitest";
import { creatorName, preview, toEntries } from "./favorite-entries";

const PATHS = { stories: "/stories", creators: "/creators", store: "/store", favorites: "/likes" };

describe("favorite entries", () => {
  it("cuts previews at 50 characters", () => {
    const long = "a".repeat(49) + "bcdef";
    expect(preview(long)).toBe(`${"a".repeat(49)}b…`);
    expect(preview("  short bio ")).toBe("short bio");
  });

  it("names a creator by first and last name, then artist name, then 'Unknown Creator'", () => {
    expect(creatorName({ first_name: "Ada", last_name: "Lane", artist_name: "X" })).toBe("Ada Lane");
    expect(creatorName({ first_name: "", last_name: "", artist_name: "Ada Lane Studio" })).toBe("Ada Lane Studio");
    expect(creatorName({ first_name: " ", last_name: "", artist_name: "" })).toBe("Unknown Creator");
  });

  it("links stories, creators and products to where they live, with price as a product's subtext", () => {
    const sections = toEntries(
      {
        stories: [
          { id: "s1", title: "Night Market", description: "Lanterns", city: "Austin", date: null, image_url: null, cover: null, has_page: false, creator: null, comment_count: 0 },
          { id: "s 2", title: "Read Me", description: "Words", city: "Austin", date: null, image_url: null, cover: null, has_page: true, creator: null, comment_count: 0 },
        ],
        creators: [
          {
            id: "c1", first_name: "Ada", last_name: "Lane", artist_name: "Ada Lane", bio: "Paints", city: "", state: "",
            disciplines: [], story_ids: [], stories: [], profile_image_url: null, portfolio_url: null, instagram: null,
            website: null, joined: "2025-01-01T00:00:00.000Z", approved: true, avatar: null,
          },
        ],
        products: [
          {
            id: "p 1", kind: "artifact", title: "Print", name: "Print", description: "", category: "art", price_cents: 2800,
            price: "$28.00", stock: 1, stock_count: 1, limited_edition: false, image_url: null, images: [], story: null, stories: [], creator: null,
            drops_at: null, limit_per_buyer: null, edition_size: null, variants: [{ id: "p 1", size: null, stock: 1 }],
          },
        ],
        tracks: [],
      },
      PATHS,
    );
    // A story with a page opens it; one without (a sample card) can only be seen on /stories.
    expect(sections.stories[0]).toMatchObject({ href: "/stories", subtext: "Lanterns" });
    expect(sections.stories[1]).toMatchObject({ href: "/stories/s%202" });
    expect(sections.creators[0]).toMatchObject({ href: "/creators/c1", name: "Ada Lane", image_url: null });
    expect(sections.products[0]).toMatchObject({ href: "/store?productId=p%201", subtext: "$28.00" });
  });

  it("names a track by its title with its artist, links a creator's, and says whether the radio plays it", () => {
    const { tracks } = toEntries(
      {
        stories: [],
        creators: [],
        products: [],
        tracks: [
          { id: "t1", title: "Harbour at Dawn", artist: "Rhea Tidewell", creator: { id: "c 1", name: "Rhea Tidewell" }, on_radio: true },
          { id: "slow-tide", title: "Slow Tide", artist: "Harbor Lights", creator: null, on_radio: false },
        ],
      },
      PATHS,
    );
    expect(tracks[0]).toMatchObject({
      kind: "track",
      name: "Harbour at Dawn",
      subtext: "Rhea Tidewell",
      meta: "On the radio",
      href: "/likes",
      track: { artist: "Rhea Tidewell", artistHref: "/creators/c%201", onRadio: true },
    });
    // The house's tracks have no creator's page; one taken off the radio says so.
    expect(tracks[1]).toMatchObject({ meta: "Off the radio", track: { artistHref: null, onRadio: false } });
  });
});
