import { describe, expect, it } from "vitest";
import { pageAt, PAGES, type PageEntry } from "./pages";

const idAt = (path: string) => pageAt(path)?.id;

describe("the page table", () => {
  it("finds a page by its path, an item page by its pattern, and nothing for another shape", () => {
    expect(idAt("/")).toBe("landing");
    expect(idAt("/stories")).toBe("stories");
    expect(idAt("/stories/abc")).toBe("story");
    expect(idAt("/stories/abc/more")).toBeUndefined();
    expect(idAt("/creators/maya-lopez")).toBe("creator");
    expect(idAt("/likes")).toBe("favorites");
    expect(idAt("/nowhere")).toBeUndefined();
    expect(idAt("/home/more")).toBeUndefined();
  });

  it("gives a page's own row before the row of a page it is below", () => {
    expect(idAt("/studio")).toBe("studio");
    expect(idAt("/studio/profile")).toBe("studioProfile");
    expect(idAt("/studio/stories/new")).toBe("studioStory");
    expect(idAt("/studio/anything/else")).toBe("studio");
    expect(idAt("/orders/MB-1")).toBe("order");
    expect(idAt("/orders/MB-1/invoice")).toBe("invoice");
    expect(idAt("/orders/MB-1/invoice/x")).toBe("orders");
    expect(idAt("/admin")).toBe("admin");
    expect(idAt("/admin/orders/MB-1/slip")).toBe("admin");
  });

  it("gives every server-rendered page a head, and only those", () => {
    for (const [id, page] of Object.entries(PAGES) as [string, PageEntry][]) {
      expect(page.head !== undefined, id).toBe(page.render === "server");
      if (page.sitemap) expect(page.render, id).toBe("server");
    }
  });
});
