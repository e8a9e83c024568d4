/**
 * The server-rendered public pages in the browser (docs/decisions/0022): with JavaScript on they
 * hydrate without a console error, a hydration warning or a CSP report, and keep working; with
 * JavaScript off they still show their content. Screens are checked at 1280 and 390 px.
 */
import type { Page } from "@playwright/test";
import { addProduct, addStory, expect, openInApp, signUpViaApi, test, watchConsole } from "./fixtures";

const PUBLIC_PAGES = ["/", "/about", "/contact", "/stories", "/creators", "/store"] as const;

/** What each page shows first, read from the server's HTML or the hydrated page alike. */
async function expectContent(page: Page, path: string) {
  const main = page.locator("main");
  switch (path) {
    case "/":
      await expect(page.getByRole("link", { name: "SUBSCRIBE" })).toBeVisible();
      return;
    case "/about":
      await expect(main.getByText("amplify unconventional trailblazers")).toBeVisible();
      return;
    case "/contact":
      await expect(main.getByRole("link", { name: /@/ }).first()).toBeVisible();
      return;
    case "/stories":
      await expect(main.getByRole("heading", { name: "The Neon Bakery After Midnight" })).toBeVisible();
      return;
    case "/creators":
      await expect(main.getByText(/\d+ creators? total/)).toBeVisible();
      return;
    case "/store":
      await expect(page.getByRole("heading", { name: "Unlock Store Access" })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Featured Artifcats" })).toBeAttached();
  }
}

test.describe("with JavaScript", () => {
  test("every public page hydrates with no console error, hydration warning or CSP report", async ({ page }) => {
    const story = await addStory({ title: "Hydrated Story", body: "## Hello\n\nFrom the server." });
    const watched = await watchConsole(page);
    for (const path of [...PUBLIC_PAGES, `/stories/${story.id}`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      if (path.startsWith("/stories/")) await expect(page.getByRole("heading", { level: 1, name: "Hydrated Story" })).toBeVisible();
      else await expectContent(page, path);
      await watched.settle();
    }
    const creator = page.locator("main a[href^='/creators/']").first();
    await page.goto("/creators");
    const href = await creator.getAttribute("href");
    await page.goto(href!);
    await expect(page.locator("main h1")).toBeVisible();
    await watched.settle();
    expect(watched.messages).toEqual([]);
  });

  test("a shared story keeps the server's body: its renderer is never downloaded; opened inside the app, it renders", async ({ page }) => {
    const story = await addStory({ title: "Kept Story", body: "## Kept\n\nA [link](/about) in **bold**." });
    const watched = await watchConsole(page);
    const renderer: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/markdown-[^/]*\.js$/.test(new URL(request.url()).pathname)) renderer.push(request.url());
    });
    await page.goto(`/stories/${story.id}`);
    const body = page.locator("article .markdown");
    await expect(body.getByRole("heading", { level: 2, name: "Kept" })).toBeVisible();
    await expect(body.locator("strong")).toHaveText("bold");
    expect(renderer).toEqual([]);
    // The kept HTML is the page's: its link works.
    await body.getByRole("link", { name: "link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is MAYBE?");
    expect(renderer).toEqual([]);
    await page.goBack();
    await expect(body.getByRole("heading", { level: 2, name: "Kept" })).toBeVisible();

    // Opened inside the app, the page renders the body itself, downloading the renderer.
    await openInApp(page, `/stories/${story.id}`, "/stories");
    await expect(body.getByRole("heading", { level: 2, name: "Kept" })).toBeVisible();
    expect(renderer.length).toBeGreaterThan(0);
    await watched.settle();
    expect(watched.messages).toEqual([]);
  });

  test("a hydrated page works: a client-side navigation, a like, the application modal", async ({ page }) => {
    const watched = await watchConsole(page);
    await page.goto("/stories");
    const heart = page.getByRole("button", { name: "Like The Neon Bakery After Midnight" });
    await heart.click();
    await expect(page.getByText(/added to favorites!/)).toBeVisible();
    // The footer's Become a Creator opens the application modal, which only a hydrated page can do.
    await page.getByRole("button", { name: "Become a Creator" }).click();
    await expect(page.getByRole("dialog")).toContainText("CREATOR APPLICATION");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await watched.settle();
    expect(watched.messages).toEqual([]);
  });

  test("an unknown path is the 404 page; a store link to a product that is gone says so", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    await signUpViaApi(page);
    const gone = await addProduct({ stock: 1, name: "Gone Sticker" });
    await page.goto(`/store?productId=${gone.id}-missing`);
    await expect(page.getByText("That item is no longer available.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a signed-in member who opens / lands on /home, sent there by the server", async ({ page }) => {
    await signUpViaApi(page);
    const res = await page.goto("/");
    expect(res?.url()).toMatch(/\/home$/);
    await expect(page.getByRole("link", { name: "Stories" }).first()).toBeVisible();
  });

  test("a rendered page is painted before the app is fetched; a client-rendered one loads it at once", async ({ page }) => {
    // The first animation frame runs as the browser renders the page for the first time.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
      });
    });
    /** When the page was first rendered, and when the app's file started downloading. */
    const timings = () =>
      page.evaluate(() => {
        const app = document.querySelector<HTMLScriptElement>("script[data-app]")!.dataset.app!;
        const fetched = performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === app);
        return { appFetchedAt: fetched?.startTime, firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt };
      });
    for (const path of ["/stories", "/creators"]) {
      await page.goto(path);
      const { appFetchedAt, firstFrameAt } = await timings();
      expect(firstFrameAt, path).toBeDefined();
      expect(appFetchedAt, path).toBeGreaterThan(firstFrameAt!);
    }
    // /login has nothing to paint before the app, which loads at once and renders the form.
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    expect((await timings()).appFetchedAt).toBeDefined();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [1280, 390]) {
    test(`every public page shows its content at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of PUBLIC_PAGES) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expectContent(page, path);
        await expect(page.getByText("MAYBE needs JavaScript")).toHaveCount(0);
        await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W+/g, "_") || "landing"}-${width}.png`), fullPage: false });
      }
      const res = await page.goto("/no-such-page");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    });
  }
});
