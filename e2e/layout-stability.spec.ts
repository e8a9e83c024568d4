/**
 * Nothing moves while a list page fills in (CLS 0, issue 11): the store's carousel and the
 * directory's Art Type badges hold their final size while their data is on its way. The API
 * answers are held back until the page has painted its loading state, then released, and every
 * layout shift the browser reports in between is summed.
 */
import type { Page } from "@playwright/test";
import { rgbaToThumbHash } from "thumbhash";
import { expect, openInApp, signUpViaApi, test } from "./fixtures";

/** Records layout shifts from the first paint on (buffered), per page load. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; nodes: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      const where = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        // What moved, from where to where, so a failure names its cause.
        const nodes = (entry.sources ?? []).map((s) => {
          const name = s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node?.textContent ?? s.node);
          return `${name} ${where(s.previousRect)} → ${where(s.currentRect)}`;
        });
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), nodes });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; at: number; nodes: string[] }[] }).__shifts);

/** Holds every answer of `pattern` until `release()`. */
async function holdBack(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the store does not move when the featured tees and the items arrive", async ({ page }) => {
      await signUpViaApi(page);
      await recordShifts(page);
      const release = await holdBack(page, "**/api/products?*");
      // Inside the app: opened directly, the page arrives rendered with its items.
      await openInApp(page, "/store");
      await expect(page.getByRole("heading", { name: "Featured Tees of the Week" })).toBeVisible();
      await expect(page.getByText("Loading items...")).toBeVisible();
      release();
      await expect(page.getByRole("group", { name: /^1 of \d+$/ })).toBeVisible();
      await expect(page.getByRole("button", { name: "Next slide" })).toBeVisible();
      expect(await shiftsOf(page)).toEqual([]);
    });

    test("the creators directory does not move when the Art Type badges arrive", async ({ page }) => {
      await signUpViaApi(page);
      await recordShifts(page);
      const release = await holdBack(page, "**/api/creators/facets*");
      await openInApp(page, "/creators");
      await expect(page.getByText(/creators total$/)).toBeVisible();
      const types = page.getByRole("group", { name: "Art Type" });
      // Only what is known shows while the facets load; the rest of the row is kept free.
      await expect(types.getByRole("button")).toHaveText([/^all types$/i, /^other$/i]);
      release();
      await expect(types.getByRole("button", { name: "Music" })).toBeVisible();
      expect(await shiftsOf(page)).toEqual([]);
    });

    test("a story's page does not move when its cover and body arrive", async ({ page }) => {
      // A story with an uploaded cover, answered here so the picture can be held back: its box
      // is reserved from width and height, and the ThumbHash placeholder fills it meanwhile.
      const pixels = new Uint8Array(32 * 20 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
      const placeholder = Buffer.from(rgbaToThumbHash(32, 20, pixels)).toString("base64");
      const src = "/media/stories/story-basement-press.svg";
      const story = {
        id: "layout-story",
        title: "Held Back",
        description: "A story whose cover arrives late.",
        city: "Chicago",
        date: "2001-05-04T12:00:00.000Z",
        image_url: src,
        cover: { id: "m1", width: 800, height: 500, placeholder, src, srcset: `${src} 800w`, sources: [] },
        has_page: true,
        creator: { id: "maya_lopez", artist_name: "Maya Lopez" },
        body: "## First\n\nWords.\n\n## Second\n\nMore words.",
        published_at: "2001-05-04T12:00:00.000Z",
      };
      await page.route("**/api/stories/layout-story", (route) => route.fulfill({ json: story }));
      await recordShifts(page);
      const release = await holdBack(page, `**${src}`);
      // The story exists only in this test's answer: the browser must ask for it.
      await openInApp(page, "/stories/layout-story");
      await expect(page.getByRole("heading", { level: 1, name: "Held Back" })).toBeVisible();
      const cover = page.getByTestId("story-cover");
      await expect(cover.locator("img[data-placeholder]")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Second" })).toBeVisible();
      release();
      await expect(cover).toHaveAttribute("data-loaded", "true");
      await expect(cover.locator("img[data-placeholder]")).toHaveCount(0);
      expect(await shiftsOf(page)).toEqual([]);
    });
  });
}
