/**
 * Nothing moves while a list page fills in (CLS 0, issue 11): the store's carousel and the
 * directory's Art Type badges hold their final size while their data is on its way. The API
 * answers are held back until the page has painted its loading state, then released, and every
 * layout shift the browser reports in between is summed.
 */
import type { Page } from "@playwright/test";
import { expect, signUpViaApi, test } from "./fixtures";

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
      await page.goto("/store");
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
      await page.goto("/creators");
      await expect(page.getByText(/creators total$/)).toBeVisible();
      const types = page.getByRole("group", { name: "Art Type" });
      // Only what is known shows while the facets load; the rest of the row is kept free.
      await expect(types.getByRole("button")).toHaveText([/^all types$/i, /^other$/i]);
      release();
      await expect(types.getByRole("button", { name: "Music" })).toBeVisible();
      expect(await shiftsOf(page)).toEqual([]);
    });
  });
}
