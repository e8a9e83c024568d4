/**
 * Reports (issue 19, docs/decisions/0019) against the real server: a subscriber reports a story
 * from its page, a product from the store's modal and a creator from their page; a curator works
 * the queue at /admin/reports (hide, dismiss, a second curator too late); the audit log keeps each
 * resolution; the hidden story leaves /stories, the site search and the reporter's favorites.
 * Every story here is the test's own (e2e fixtures), so hiding one changes no other spec's pages.
 */
import type { Browser, Page } from "@playwright/test";
import { addStory, expect, expectNoAxeViolations, loadAll, loadUntil, openE2eDatabase, signUpViaApi, test, uniqueAccount, expectNoSidewaysScroll } from "./fixtures";

const TEXT = {
  thanks: "Thanks for telling us. A curator will look at it.",
  already: "You have already reported this. A curator will look at it.",
  rateLimited: "You have sent a lot of reports in a short time. Please wait a while and try again.",
  reasonRequired: "Please choose a reason",
};
/** REPORT_RATE_LIMIT's default: the e2e server runs with it. */
const REPORT_LIMIT = 10;

// ------------------------------------------------------------------------------------ helpers

function originOf(page: Page): string {
  return new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!).origin;
}

/** Makes the account a curator (or admin), as `npm run admin -- grant` would. */
function grantRole(email: string, role: "curator" | "admin") {
  const db = openE2eDatabase();
  try {
    const changed = db.prepare(`update "user" set role = ? where email = ?`).run(role, email.toLowerCase()).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

/** A signed-in curator in a browser context of their own. */
async function curatorPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const account = await signUpViaApi(page, uniqueAccount("curator"));
  grantRole(account.email, "curator");
  return { page, account, close: () => context.close() };
}

/** The audit log's entries about these targets, oldest first (read from the database: the audit log's own route is not in this build). */
function auditEntries(...targetIds: string[]) {
  const db = openE2eDatabase();
  try {
    const marks = targetIds.map(() => "?").join(", ");
    return db
      .prepare(`select action, actor_email, target_kind, target_id, before, after, note from audit_log where target_id in (${marks}) order by created_at, id`)
      .all(...targetIds) as { action: string; actor_email: string; target_kind: string; target_id: string; before: string | null; after: string | null; note: string }[];
  } finally {
    db.close();
  }
}

async function reportViaApi(page: Page, kind: "story" | "product" | "creator", itemId: string, reason = "spam", note = "") {
  const res = await page.request.post("/api/reports", {
    data: { kind, item_id: itemId, reason, note },
    headers: { origin: originOf(page) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** Loads every page of /stories (the button goes once the last page is in). */
async function loadAllStories(page: Page) {
  await loadAll(page.getByRole("article"), page.getByRole("button", { name: "Load more stories" }));
}

/** The queue's card of an item, loading more of the queue until it shows. */
async function queueCard(page: Page, title: string) {
  const card = page.getByRole("article", { name: title });
  await loadUntil(card.first(), page.getByRole("article"), page.getByRole("button", { name: "Load more" }));
  return card;
}

async function firstItems(page: Page) {
  const get = async (path: string) => ((await (await page.request.get(path)).json()) as { items: { id: string; name?: string; title?: string }[] }).items;
  return { stories: await get("/api/stories?limit=24"), products: await get("/api/products?limit=24"), creators: await get("/api/creators?limit=24") };
}

// ------------------------------------------------------------------------------- the scenario

test.describe("a reported story", () => {
  test("a subscriber likes a story and reports it from its page; a curator hides it from the queue; the audit log records it", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow(); // two accounts, a dozen pages and axe three times
    const reporter = await signUpViaApi(page);
    // The page is in the server's cache before the story is added: a row written past the write
    // routes must still show (the fixtures drop the test server's cache after writing).
    await page.goto("/stories");
    await expect(page.getByRole("article").first()).toBeVisible();
    const story = await addStory({ title: `Reported Story ${Date.now().toString(36)}` });

    // The subscriber likes it on /stories.
    await page.goto("/stories");
    const card = page.getByRole("article", { name: story.title });
    await loadUntil(card, page.getByRole("article"), page.getByRole("button", { name: "Load more stories" }));
    await card.getByRole("button", { name: `Like ${story.title}` }).click();
    await expect(page.getByText(`${story.title} added to favorites!`)).toBeVisible();

    // …and reports it from its page.
    await page.goto(`/stories/${story.id}`);
    await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
    const reportButton = page.getByRole("button", { name: "Report this story" });
    await reportButton.click();
    const dialog = page.getByRole("dialog", { name: "Report this story" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Tell the curators what is wrong with “${story.title}”.`)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Spam or advertising" })).toBeFocused();

    // No reason: said beside the choices, nothing sent.
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await expect(dialog.getByText(TEXT.reasonRequired)).toBeVisible();
    await expectNoAxeViolations(page);

    const note = "Slurs in the second paragraph.";
    await dialog.getByRole("radio", { name: "Offensive or hateful" }).check();
    await expect(dialog.getByText(TEXT.reasonRequired)).toHaveCount(0);
    await dialog.getByLabel(/Anything they should know/).fill(note);
    await expect(dialog.getByText(`${note.length} of 500 characters`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("report-dialog-1280.png") });
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await expect(dialog.getByRole("status")).toHaveText(TEXT.thanks);
    await expect(dialog.getByRole("button", { name: "Done" })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath("report-thanks-1280.png") });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(reportButton).toBeFocused();

    // Again: the server says it is already reported; the choice and the note stay.
    await reportButton.click();
    await dialog.getByRole("radio", { name: "Something else" }).check();
    await dialog.getByLabel(/Anything they should know/).fill("And more.");
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(TEXT.already);
    await expect(dialog.getByRole("radio", { name: "Something else" })).toBeChecked();
    await expect(dialog.getByLabel(/Anything they should know/)).toHaveValue("And more.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // The curator finds it in the queue, with the reason, the note and who reported it.
    const curator = await curatorPage(browser);
    await curator.page.goto("/admin/reports");
    await expect(curator.page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(curator.page.getByRole("link", { name: "Open", exact: true })).toHaveAttribute("aria-current", "page");
    const queued = await queueCard(curator.page, story.title);
    await expect(queued).toContainText("Offensive or hateful");
    await expect(queued).toContainText(note);
    await expect(queued).toContainText(`Reported by ${reporter.email.toLowerCase()}`);
    await expect(queued).toContainText("1 open report of this item");
    await expect(queued.getByRole("link", { name: story.title })).toHaveAttribute("href", `/stories/${story.id}`);
    await expectNoAxeViolations(curator.page);
    await queued.scrollIntoViewIfNeeded();
    await curator.page.screenshot({ path: testInfo.outputPath("queue-1280.png") });

    // Hide Item, with a note.
    await queued.getByRole("button", { name: `Hide Item: ${story.title}` }).click();
    const hide = curator.page.getByRole("dialog", { name: "Hide this item?" });
    await expect(hide.getByLabel(/Note for the audit log/)).toBeFocused();
    await hide.getByLabel(/Note for the audit log/).fill("Hateful language");
    await expectNoAxeViolations(curator.page);
    await curator.page.screenshot({ path: testInfo.outputPath("hide-dialog-1280.png") });
    await hide.getByRole("button", { name: "Hide Item" }).click();
    await expect(hide).toBeHidden();
    await expect(curator.page.getByText(`“${story.title}” is hidden. 1 report closed.`)).toBeVisible();
    await expect(curator.page.getByRole("article", { name: story.title })).toHaveCount(0);

    // The Hidden tab (in the URL) keeps it, with who hid it and why.
    await curator.page.getByRole("link", { name: "Hidden", exact: true }).click();
    await expect(curator.page).toHaveURL(/\/admin\/reports\?status=hidden$/);
    const closed = await queueCard(curator.page, story.title);
    await expect(closed).toContainText(`Item hidden by ${curator.account.email.toLowerCase()}`);
    await expect(closed).toContainText("Hateful language");
    await expect(closed.getByRole("button")).toHaveCount(0);

    // The audit log: the story hidden and the report resolved, by the curator, with the note.
    const reportId = ((await (await curator.page.request.get("/api/admin/reports?status=hidden&limit=100")).json()) as {
      items: { id: string; item: { id: string } }[];
    }).items.find((r) => r.item.id === story.id)!.id;
    // Both entries are written in one transaction, at one time.
    const entries = auditEntries(story.id, reportId).sort((a, b) => a.action.localeCompare(b.action));
    expect(entries.map((e) => [e.action, e.target_id, e.actor_email, e.note])).toEqual([
      ["report.hide", reportId, curator.account.email.toLowerCase(), "Hateful language"],
      ["story.hide", story.id, curator.account.email.toLowerCase(), "Hateful language"],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ status: "hidden", item: { kind: "story", id: story.id } });
    expect(JSON.parse(entries[1]!.before!)).toEqual({ hidden_at: null });
    await curator.close();
  });

  // Needs the visibility filters (hidden items leave every public list), built on another branch:
  // until they are merged, the three "gone" checks below fail.
  test("the hidden story is gone from /stories, the site search and the reporter's favorites", async ({ page, browser }) => {
    const story = await addStory({ title: `Hidden Story ${Date.now().toString(36)}` });
    await signUpViaApi(page);
    const origin = originOf(page);
    expect((await page.request.put(`/api/me/favorites/story/${story.id}`, { headers: { origin } })).status()).toBeLessThan(300);
    const report = await reportViaApi(page, "story", story.id, "offensive");

    // Before: on /stories, found by the search, in the favorites.
    const search = async () => {
      await page.getByRole("button", { name: "Search stories, creators and the store" }).click();
      const dialog = page.getByRole("dialog", { name: "Search MAYBE" });
      await dialog.getByRole("searchbox").fill(story.title);
      return dialog;
    };
    await page.goto("/likes");
    await expect(page.getByRole("region", { name: /Stories/ }).getByRole("heading", { name: story.title })).toBeVisible();
    const before = await search();
    await expect(before.getByRole("region", { name: "Stories" }).getByRole("link", { name: new RegExp(story.title) })).toBeVisible();

    // A curator hides it.
    const curator = await curatorPage(browser);
    const hidden = await curator.page.request.post(`/api/admin/reports/${report.id}/hide`, { data: { note: "" }, headers: { origin } });
    expect(hidden.status(), await hidden.text()).toBe(200);
    await curator.close();

    // After: gone from each.
    await page.goto("/stories");
    await loadAllStories(page);
    await expect(page.getByRole("article", { name: story.title })).toHaveCount(0);
    const after = await search();
    await expect(after.getByRole("status")).toHaveText(`Nothing found for “${story.title}”.`);
    await page.keyboard.press("Escape");
    await page.goto("/likes");
    await expect(page.getByRole("heading", { level: 1, name: "Your Favorites" })).toBeVisible();
    await expect(page.getByRole("heading", { name: story.title })).toHaveCount(0);
    await page.goto(`/stories/${story.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

// ---------------------------------------------------------------------- where the button is

test.describe("the Report button", () => {
  test("the product modal offers it: the report dialog opens on top and closing it leaves the product open", async ({ page }) => {
    await signUpViaApi(page);
    const { products } = await firstItems(page);
    const product = products[0]!;
    await page.goto(`/store?productId=${encodeURIComponent(product.id)}`);
    const modal = page.getByRole("dialog", { name: product.name });
    await expect(modal).toBeVisible();
    const button = modal.getByRole("button", { name: "Report this product" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Report this product" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`“${product.name}”`)).toBeVisible();
    await expectNoAxeViolations(page);

    // Escape closes the report only.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(modal).toBeVisible();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`productId=${encodeURIComponent(product.id)}`));

    // Then sent for real, and the modal is still there after Done.
    await button.click();
    await dialog.getByRole("radio", { name: "Someone else's work" }).check();
    await dialog.getByRole("button", { name: "Send Report" }).click();
    await expect(dialog.getByRole("status")).toHaveText(TEXT.thanks);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(modal).toBeVisible();
  });

  test("a creator's page and a story's page offer it to signed-in users only", async ({ page, browser }) => {
    const story = await addStory();
    const { creators } = await firstItems(page);
    const creator = creators[0]!;

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/stories/${story.id}`);
    await expect(visitorPage.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
    await expect(visitorPage.getByRole("button", { name: /^Report/ })).toHaveCount(0);
    await visitorPage.goto(`/creators/${creator.id}`);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitorPage.getByRole("button", { name: /^Report/ })).toHaveCount(0);
    await visitor.close();

    await signUpViaApi(page);
    await page.goto(`/creators/${creator.id}`);
    await page.getByRole("button", { name: "Report this creator" }).click();
    await expect(page.getByRole("dialog", { name: "Report this creator" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.goto(`/stories/${story.id}`);
    await expect(page.getByRole("button", { name: "Report this story" })).toBeVisible();
  });
});

// ------------------------------------------------------------------ keyboard, 390 px, the limit

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("reporting by keyboard alone; past the limit the dialog says so and keeps what was typed", async ({ page }, testInfo) => {
    await signUpViaApi(page);
    const { stories, products, creators } = await firstItems(page);
    // The limit's worth of reports, through the API.
    const items = [
      ...stories.map((s) => ["story", s.id] as const),
      ...products.map((p) => ["product", p.id] as const),
      ...creators.slice(1).map((c) => ["creator", c.id] as const),
    ].slice(0, REPORT_LIMIT);
    expect(items).toHaveLength(REPORT_LIMIT);
    for (const [kind, id] of items) await reportViaApi(page, kind, id);

    const creator = creators[0]!;
    await page.goto(`/creators/${creator.id}`);
    const button = page.getByRole("button", { name: "Report this creator" });
    await expect(button).toBeVisible();
    await expectNoSidewaysScroll(page);
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Report this creator" });
    await expect(dialog.getByRole("radio", { name: "Spam or advertising" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "Someone else's work" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel(/Anything they should know/)).toBeFocused();
    await page.keyboard.type("These photos are from another artist's site.");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Send Report" })).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath("report-dialog-390.png") });
    await page.keyboard.press("Enter");

    await expect(dialog.getByRole("alert")).toHaveText(TEXT.rateLimited);
    await expect(dialog.getByRole("radio", { name: "Someone else's work" })).toBeChecked();
    await expect(dialog.getByLabel(/Anything they should know/)).toHaveValue("These photos are from another artist's site.");
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath("report-limited-390.png") });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the queue: dismiss with a note; a second curator acting on the same report is told and the list refreshes", async ({ page, browser }, testInfo) => {
    const story = await addStory({ title: `Disputed Story ${Date.now().toString(36)}` });
    await signUpViaApi(page);
    await reportViaApi(page, "story", story.id, "misleading", "The dates are made up.");
    const second = await browser.newContext();
    const secondReporter = await second.newPage();
    await signUpViaApi(secondReporter);
    await reportViaApi(secondReporter, "story", story.id, "spam");
    await second.close();

    const first = await curatorPage(browser, { width: 390, height: 844 });
    const late = await curatorPage(browser, { width: 390, height: 844 });
    await first.page.goto("/admin/reports");
    await late.page.goto("/admin/reports");
    const card = (await queueCard(first.page, story.title)).first();
    const lateCard = (await queueCard(late.page, story.title)).first();
    await expect(card).toContainText("2 open reports of this item");
    await expectNoSidewaysScroll(first.page);
    await expectNoAxeViolations(first.page);
    await card.scrollIntoViewIfNeeded();
    await first.page.screenshot({ path: testInfo.outputPath("queue-390.png") });

    // The first curator dismisses both, with a note.
    await card.getByRole("button", { name: `Dismiss the reports of ${story.title}` }).click();
    const dismiss = first.page.getByRole("dialog", { name: "Dismiss the reports?" });
    await expect(dismiss).toContainText("2 open reports of it will be dismissed");
    await dismiss.getByLabel(/Note for the audit log/).fill("Checked with the author: the dates are right.");
    await first.page.screenshot({ path: testInfo.outputPath("dismiss-dialog-390.png") });
    await dismiss.getByRole("button", { name: "Dismiss" }).click();
    await expect(first.page.getByText("2 reports dismissed. The item stays on the site.")).toBeVisible();
    await expect(first.page.getByRole("heading", { name: "Open reports" })).toBeFocused();
    await expect(first.page.getByRole("article", { name: story.title })).toHaveCount(0);

    // The second, with the old list, tries to hide it: told who was first, and the list refreshes.
    await lateCard.getByRole("button", { name: `Hide Item: ${story.title}` }).click();
    await late.page.getByRole("dialog", { name: "Hide this item?" }).getByRole("button", { name: "Hide Item" }).click();
    await expect(late.page.getByRole("alert")).toHaveText(
      `This report was already resolved by ${first.account.email.toLowerCase()} (dismissed). The queue has been refreshed.`,
    );
    await expect(late.page.getByRole("alert")).toBeInViewport();
    await expect(late.page.getByRole("article", { name: story.title })).toHaveCount(0);
    await late.page.screenshot({ path: testInfo.outputPath("queue-conflict-390.png") });

    // The Dismissed tab shows both, and the story is still on the site.
    await late.page.getByRole("link", { name: "Dismissed", exact: true }).click();
    await expect(late.page).toHaveURL(/status=dismissed/);
    const dismissed = await queueCard(late.page, story.title);
    await expect(dismissed).toHaveCount(2);
    await expect(dismissed.first()).toContainText("Checked with the author: the dates are right.");
    expect((await page.request.get(`/api/stories/${story.id}`)).status()).toBe(200);
    expect(auditEntries(story.id)).toEqual([]);
    await first.close();
    await late.close();
  });
});
