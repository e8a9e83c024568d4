/**
 * Stats (issue 35, docs/decisions/0034) against the real server: a creator publishes a story;
 * two visitors' browsers (each its own user agent: the test browser's own "HeadlessChrome" is a
 * bot to the counter, so the rest of the suite counts nothing) load its page, one of them twice
 * and from a link on another site; the creator's Studio → Stats then shows 3 views, 2 visitors and
 * the source, in its tables, reached and switched by keyboard alone. A third browser that sends
 * Sec-GPC is not counted. axe and screenshots at 1280 and 390 px.
 */
import type { Browser, Page } from "@playwright/test";
import { becomeCreator, expect, expectNoAxeViolations, expectNoSidewaysScroll, tabTo, test } from "./fixtures";

const chrome = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;

/** A visitor's own browser: its own cookies (none) and user agent. */
async function visit(browser: Browser, userAgent: string, path: string, { referer, gpc = false }: { referer?: string; gpc?: boolean } = {}) {
  const context = await browser.newContext({ userAgent, extraHTTPHeaders: gpc ? { "sec-gpc": "1" } : {} });
  try {
    const page = await context.newPage();
    const response = await page.goto(path, { referer });
    expect(response?.status()).toBe(200);
    return page;
  } finally {
    await context.close();
  }
}

async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("views of a creator's story show in their stats, by day, item and source, by keyboard", async ({ page, browser }) => {
  test.slow(); // three browsers, a batch of counts written every 2 s, axe at two widths
  await becomeCreator(page, { first: "Ada", last: "Counts" });
  const title = `Counted ${Date.now().toString(36)}`;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const made = await page.request.post("/api/studio/stories", {
    data: { title, city: "Chicago", date: "2001-05-05", description: "A story to be read.", body: "Some words." },
    headers: { origin },
  });
  expect(made.status(), await made.text()).toBe(201);
  const story = (await made.json()) as { id: string; version: number };
  const published = await page.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers: { origin } });
  expect(published.status()).toBe(200);

  const storyPath = `/stories/${story.id}`;
  await visit(browser, chrome(131), storyPath, { referer: "https://news.example.com/some/thread?id=1" });
  await visit(browser, chrome(131), storyPath);
  await visit(browser, chrome(130), storyPath);
  await visit(browser, chrome(129), storyPath, { gpc: true });

  // The counts are written in a batch every 2 s: wait for them to be readable, then look.
  await expect
    .poll(async () => ((await (await page.request.get("/api/studio/stats?days=7")).json()) as { totals: { views: number } }).totals.views, { timeout: 15_000 })
    .toBe(3);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/studio/stats");
    await expect(page).toHaveTitle(/^Your Stats · Studio/);
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Stats" })).toHaveAttribute("aria-current", "page");

    // By keyboard: the last 7 days, then the table behind the chart.
    const sevenDays = page.getByRole("group", { name: "Period" }).getByRole("button", { name: "7 days" });
    await tabTo(page, sevenDays);
    await page.keyboard.press("Enter");
    await expect(sevenDays).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/days=7/);
    const showTable = page.getByText("Show table", { exact: true });
    await tabTo(page, showTable);
    await page.keyboard.press("Enter");
    const byDay = page.getByRole("table", { name: /by day$/ });
    await expect(byDay).toBeVisible();
    // Seven days, today last, with the views and visitors counted.
    await expect(byDay.locator("tbody tr")).toHaveCount(7);
    await expect(byDay.locator("tbody tr").last().locator("td")).toHaveText(["3", "2"]);

    const items = page.getByRole("table", { name: "Top items" });
    const row = items.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await expect(row.getByRole("cell")).toHaveText(["Story", "3", "2", "0", "0", "0", "0", "$0.00", "0"]);
    const sources = page.getByRole("table", { name: "Top sources" });
    await expect(sources.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "news.example.com" }) }).getByRole("cell")).toHaveText(["1", "1", "0"]);
    await expect(sources.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Direct / none" }) }).getByRole("cell")).toHaveText(["2", "2", "0"]);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /\/api\/studio\/stats\.csv\?days=7/);

    await expect(page.getByTestId("stats-chart-box").locator("canvas").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `studio-stats-${width}`);
  }
});
