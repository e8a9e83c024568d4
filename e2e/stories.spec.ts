import { allowConsoleErrors, expect, expectNoAxeViolations, loadAll, openInApp, signUpViaApi, test } from "./fixtures";

const card = (page: import("@playwright/test").Page, title: string) =>
  page.getByRole("article", { name: title });

test.describe("stories", () => {
  test("shows 'Loading stories...' and then the cards, newest first, undated last", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/stories?*", async (route) => {
      await held;
      await route.continue();
    });
    await openInApp(page, "/stories");
    await expect(page.getByRole("heading", { level: 1, name: "Stories" })).toBeVisible();
    await expect(page.getByText("Loading stories...")).toBeVisible();
    release();
    await expect(page.getByText("Loading stories...")).toBeHidden();

    const articles = page.getByRole("article");
    await expect(articles.first()).toBeVisible();
    expect(await articles.count()).toBeGreaterThanOrEqual(12);
    // The undated story comes last and says so: past the first page once the other specs have
    // added their stories, so every page is loaded first.
    const more = page.getByRole("button", { name: "Load more stories" });
    await loadAll(articles, more);
    const count = await articles.count();
    const last = articles.nth(count - 1);
    await expect(last.getByRole("heading")).toHaveText("The Unfinished Mural");
    await expect(last.getByText("No date")).toBeVisible();
    await expect(last.getByText("Miami")).toBeVisible();
  });

  test("each card has a like heart, 'Coming Soon', city, title, description and month-year", async ({ page }) => {
    const res = await page.request.get("/api/stories?limit=1");
    const [story] = ((await res.json()) as { items: { title: string; description: string; city: string; date: string }[] }).items;
    await page.goto("/stories");
    const first = card(page, story!.title);
    await expect(first.getByRole("button", { name: `Like ${story!.title}` })).toHaveAttribute("aria-pressed", "false");
    await expect(first.getByText("Coming Soon")).toBeVisible();
    await expect(first.getByText(story!.city)).toBeVisible();
    await expect(first.getByText(story!.description)).toBeVisible();
    const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(story!.date),
    );
    await expect(first.getByText(monthYear)).toBeVisible();
  });

  test("says 'No stories found.' when there are none, and when loading fails", async ({ page }) => {
    allowConsoleErrors(page, /status of 500\b/, /Stories failed to load ApiError: boom/); // the read this test fails on purpose
    await page.route("**/api/stories?*", (route) => route.fulfill({ json: { items: [], next_cursor: null } }));
    await openInApp(page, "/stories");
    await expect(page.getByText("No stories found.")).toBeVisible();

    await page.unroute("**/api/stories?*");
    await page.route("**/api/stories?*", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    // A new page load, so nothing is cached from the first answer.
    await openInApp(page, "/stories");
    await expect(page.getByText("No stories found.")).toBeVisible();
  });

  test("liking shows the notice for about 2.5 s, and unliking says so too", async ({ page }) => {
    await page.clock.install();
    // The newest story: on the first page whatever the other specs have added.
    const res = await page.request.get("/api/stories?limit=1");
    const title = ((await res.json()) as { items: { title: string }[] }).items[0]!.title;
    await page.goto("/stories");
    const heart = page.getByRole("button", { name: `Like ${title}` });
    await expect(heart).toBeVisible();
    // From here on the page's time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(`${title} added to favorites!`)).toBeVisible();
    await page.clock.runFor(2400);
    await expect(page.getByText(`${title} added to favorites!`)).toBeVisible();
    await page.clock.runFor(200);
    await expect(page.getByText(`${title} added to favorites!`)).toBeHidden();

    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText(`${title} removed from favorites!`)).toBeVisible();
  });

  test("a signed-in user's like is kept with the account", async ({ page }) => {
    await signUpViaApi(page);
    const res = await page.request.get("/api/stories?limit=1");
    const title = ((await res.json()) as { items: { title: string }[] }).items[0]!.title;
    await page.goto("/stories");
    await page.getByRole("button", { name: `Like ${title}` }).click();
    await expect(page.getByText(`${title} added to favorites!`)).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get("/api/me/favorites")).json()) as { stories: string[] }).stories.length)
      .toBe(1);
    await page.reload();
    await expect(page.getByRole("button", { name: `Like ${title}` })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: /Open favorites/ })).toContainText("1");
  });

  test("has no axe violations", async ({ page }) => {
    await page.goto("/stories");
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
