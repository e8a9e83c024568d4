/**
 * What a counted page is about (docs/decisions/0034): only the server-rendered public pages count;
 * a story's and a creator's page are theirs, the store's `?productId=` is the product's, every other
 * public page is itself (its path); the studio, the back office and unknown paths are nothing.
 */
import { describe, expect, it } from "vitest";
import { itemOfPage } from "./items.js";

describe("itemOfPage", () => {
  it("names the story, the creator and the product a public page shows", () => {
    expect(itemOfPage("/stories/s-1", "")).toEqual({ kind: "story", id: "s-1" });
    expect(itemOfPage("/creators/c_1", "?tab=shop")).toEqual({ kind: "creator", id: "c_1" });
    expect(itemOfPage("/store", "?productId=p-9")).toEqual({ kind: "product", id: "p-9" });
    expect(itemOfPage("/store", "productId=p-9&utm_source=x")).toEqual({ kind: "product", id: "p-9" });
    // A percent-encoded id is the id itself.
    expect(itemOfPage("/stories/caf%C3%A9%20noir", "")).toEqual({ kind: "story", id: "café noir" });
    expect(itemOfPage("/store", "?productId=a%2Fb")).toEqual({ kind: "product", id: "a/b" });
  });

  it("counts every other public page as itself, by its path", () => {
    expect(itemOfPage("/", "")).toEqual({ kind: "page", id: "/" });
    expect(itemOfPage("/store", "")).toEqual({ kind: "page", id: "/store" });
    expect(itemOfPage("/store", "?productId=")).toEqual({ kind: "page", id: "/store" });
    expect(itemOfPage("/stories", "?q=sea")).toEqual({ kind: "page", id: "/stories" });
    expect(itemOfPage("/creators", "")).toEqual({ kind: "page", id: "/creators" });
    expect(itemOfPage("/about", "")).toEqual({ kind: "page", id: "/about" });
  });

  it("leaves out the studio, the back office, the member's own screens and unknown paths", () => {
    for (const path of [
      "/studio",
      "/studio/stats",
      "/studio/stories/s-1",
      "/admin",
      "/admin/stats",
      "/likes",
      "/login",
      "/orders/o-1",
      "/api/products",
      "/stories/s-1/extra",
      "/nowhere",
      "/store/p-1",
      // Not a percent-encoding: no such id, no guess.
      "/stories/%E0%A4%A",
    ]) {
      expect(itemOfPage(path, ""), path).toBeUndefined();
    }
  });
});
