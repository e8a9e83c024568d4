/**
 * Moderating comments (issue 33, docs/decisions/0032) against the real server: a member's comment
 * is reported; a curator, by keyboard alone, hides it from the back office's Comments tab and bans
 * its writer (for 30 days, hiding their earlier comments too); the writer can no longer comment,
 * the story's page shows neither comment, and the audit log has both steps. axe at each step,
 * screenshots at 1280 and 390 px. The story is this test's own (e2e fixtures).
 */
import type { Browser, Page } from "@playwright/test";
import { addStory, expect, expectNoAxeViolations, expectNoSidewaysScroll, openE2eDatabase, signInViaApi, signUpWithUid, tabTo, test, uniqueAccount } from "./fixtures";
import { createStaffAccount } from "./staff";

function originOf(page: Page): string {
  return new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!).origin;
}

/** A signed-up member in a browser context of their own. */
async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpWithUid(page, uniqueAccount(prefix));
  const post = (path: string, data: unknown) => page.request.post(path, { data, headers: { origin: originOf(page) } });
  return { page, account, post, close: () => context.close() };
}


function auditEntries(...targetIds: string[]) {
  const db = openE2eDatabase();
  try {
    const marks = targetIds.map(() => "?").join(", ");
    return db
      .prepare(`select action, actor_email, target_kind, after from audit_log where target_id in (${marks}) order by created_at, id`)
      .all(...targetIds) as { action: string; actor_email: string; target_kind: string; after: string | null }[];
  } finally {
    db.close();
  }
}

test("a curator hides a reported comment and bans its writer from the Comments tab, by keyboard", async ({ page, browser }, testInfo) => {
  test.slow(); // three accounts, axe three times, two widths
  const story = await addStory({ title: `Commented Story ${Date.now().toString(36)}` });
  const writer = await member(browser, "writer");
  const reporter = await member(browser, "reporter");
  try {
    const spam = `Cheap prints at my shop ${Date.now().toString(36)}`;
    const earlier = `An earlier thought ${Date.now().toString(36)}`;
    const posted = await writer.post(`/api/stories/${story.id}/comments`, { body: earlier });
    expect(posted.status(), await posted.text()).toBe(201);
    const reported = await writer.post(`/api/stories/${story.id}/comments`, { body: spam });
    expect(reported.status(), await reported.text()).toBe(201);
    const comment = (await reported.json()) as { id: string };
    const report = await reporter.post("/api/reports", { kind: "comment", item_id: comment.id, reason: "spam" });
    expect(report.status(), await report.text()).toBe(201);

    const curator = await createStaffAccount("curator");
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaApi(page, curator);
    await page.goto("/admin/comments");
    await expect(page.getByRole("heading", { level: 1, name: "Comments" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Comments by state" }).getByRole("link", { name: "Reported" })).toHaveAttribute("aria-current", "page");
    const card = page.getByRole("article", { name: `On ${story.title}` }).filter({ hasText: spam });
    await expect(card).toBeVisible();
    await expect(card.getByText("1 open report")).toBeVisible();
    await expect(card.getByText(writer.account.email)).toBeVisible();
    await expect(card.getByRole("link", { name: story.title })).toHaveAttribute("href", `/stories/${story.id}`);
    await expectNoAxeViolations(page);

    // Hide, by keyboard: the button becomes Unhide and keeps the focus.
    const hide = card.getByRole("button", { name: `Hide the comment by ${writer.account.username}` });
    await tabTo(page, hide);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Comment hidden.")).toBeVisible();
    await expect(card.getByText("Hidden by staff")).toBeVisible();
    const unhide = card.getByRole("button", { name: `Unhide the comment by ${writer.account.username}` });
    await expect(unhide).toBeFocused();

    // Ban the writer for 30 days, hiding their earlier comment too.
    await tabTo(page, card.getByRole("button", { name: `Ban from commenting: ${writer.account.username}` }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Ban from commenting" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "7 days" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "30 days" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("checkbox", { name: /Also hide their earlier comments/ })).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Advertising, twice");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("ban-dialog-1280.png") });
    await tabTo(page, dialog.getByRole("button", { name: "Ban", exact: true }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${writer.account.username} is banned from commenting. 1 comment hidden.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Banned from commenting" })).toBeFocused();
    const bans = page.getByRole("list", { name: "Banned from commenting" });
    const ban = bans.getByRole("listitem").filter({ hasText: writer.account.email });
    await expect(ban.getByText(/^Until /)).toBeVisible();
    await expect(ban.getByText("Advertising, twice")).toBeVisible();
    await expect(card.getByText(/^Banned until /)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("comments-1280.png"), fullPage: true });

    // The writer is refused, and the public sees neither comment.
    const refused = await writer.post(`/api/stories/${story.id}/comments`, { body: "Let me back in" });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("COMMENT_BANNED");
    const list = (await (await page.request.get(`/api/stories/${story.id}/comments`)).json()) as { items: { body: string }[]; count: number };
    expect(list.items.map((c) => c.body)).toEqual([]);
    expect(list.count).toBe(0);

    const entries = auditEntries(comment.id, writer.account.uid);
    expect(entries.map((e) => [e.action, e.target_kind, e.actor_email])).toEqual([
      ["comment.hide", "comment", curator.email],
      ["user.comment-ban", "user", curator.email],
    ]);
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ hide_comments: true, hidden_comments: 1, note: "Advertising, twice" });

    // The Hidden list at 390 px: no sideways scroll, axe clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("navigation", { name: "Comments by state" }).getByRole("link", { name: "Hidden" }).click();
    await expect(page).toHaveURL(/\/admin\/comments\?state=hidden$/);
    await expect(page.getByRole("article", { name: `On ${story.title}` })).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("comments-390.png"), fullPage: true });
  } finally {
    await writer.close();
    await reporter.close();
  }
});
