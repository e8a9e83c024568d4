/**
 * Comments on stories (issue 33) in the browser: a member writes one with the keyboard alone,
 * another replies and likes it, the story's author and the first member are told by e-mail at the
 * local SMTP receiver; the first page is in the server's HTML, a visitor's Comment leads to
 * subscribing and back; XSS payloads stay text (no dialog, no script, links http(s) only); the
 * story's author hides a comment and turns comments off; a tap on Like or Comment before the page
 * is hydrated takes effect; a long conversation pages; a banned member sees why they cannot
 * comment; Settings' switch for the e-mails. Axe-clean at 1280 and 390 px, screenshots of each.
 */
import type { Browser, Page } from "@playwright/test";
import { COMMENT_MESSAGES } from "../src/common/comments";
import {
  becomeCreator,
  expect,
  expectNoAxeViolations,
  signUpViaApi,
  signUpWithUid,
  test,
  uniqueAccount,
  waitForMail,
  watchConsole,
  writeE2eDatabase,
} from "./fixtures";

/** The app's own waits at 4x CPU (early taps) and on a busy CI machine: loading, hydrating, then the member's part. */
const appExpect = expect.configure({ timeout: 30_000 });

function originOf(page: Page) {
  return new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!).origin;
}

/** A creator of the test's own publishes a story; their page stays signed in as that creator. */
async function publishStory(browser: Browser, title: string) {
  const studio = await browser.newPage();
  const { account, creator } = await becomeCreator(studio, { first: "Iris" });
  const headers = { origin: originOf(studio) };
  const draft = await studio.request.post("/api/studio/stories", {
    data: { title, city: "Chicago", date: "2001-04-04", description: "A story to talk about.", body: "Some words worth an answer." },
    headers,
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const story = (await draft.json()) as { id: string; version: number };
  const published = await studio.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers });
  expect(published.status(), await published.text()).toBe(200);
  return { studio, author: account, creator, storyId: story.id, path: `/stories/${story.id}` };
}

/** Posts through the API in `page`'s session. */
async function postComment(page: Page, storyId: string, body: string, replyTo: string | null = null) {
  const res = await page.request.post(`/api/stories/${storyId}/comments`, { data: { body, reply_to: replyTo }, headers: { origin: originOf(page) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

const entry = (page: Page, name: string) => page.getByRole("article", { name: `Comment by ${name}` });

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoAxeViolations(page);
    await page.locator("#comments").screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a member comments with the keyboard, another replies and likes it, and both the author and the member hear of it by e-mail", async ({ page, browser }) => {
  const { studio, author, path } = await publishStory(browser, "Letters from the sign shop");
  await studio.close();
  const reader = await signUpViaApi(page, uniqueAccount("reader"));
  await page.goto(path);

  // Keyboard only: Comment, the text (two paragraphs and a link), Tab to Post comment, Enter.
  const comment = page.getByRole("button", { name: "Comment", exact: true });
  await comment.focus();
  await page.keyboard.press("Enter");
  const field = page.getByRole("textbox", { name: "Your comment" });
  await expect(field).toBeFocused();
  await page.keyboard.type("I walked past it for years.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Their hours: https://example.com/hours.");
  const typed = "I walked past it for years.\n\nTheir hours: https://example.com/hours.";
  await expect(page.getByTestId("comment-counter")).toHaveText(`${typed.length} / 2,000`);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Post comment" })).toBeFocused();
  await page.keyboard.press("Enter");

  const mine = entry(page, reader.username);
  await expect(mine).toBeFocused();
  await expect(page.getByText(COMMENT_MESSAGES.posted)).toBeVisible();
  // Two paragraphs: the text itself, not the delete question the entry also holds.
  await expect(mine.locator(":scope > div > p")).toHaveText(["I walked past it for years.", "Their hours: https://example.com/hours."]);
  await expect(mine.getByRole("link", { name: "https://example.com/hours" })).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(page.getByRole("heading", { name: "1 comment" })).toBeVisible();
  const commentId = (await mine.getAttribute("id"))!.slice("comment-".length);
  await screenshots(page, "comment-posted");

  // The story's author is told, with a link to the comment.
  const mail = await waitForMail(author.email, "New on MAYBE: a comment on your story");
  expect(mail.text).toContain(`#comment-${commentId}`);

  // Another member replies to it and likes it.
  const other = await browser.newPage();
  const second = await signUpViaApi(other, uniqueAccount("neighbour"));
  await other.goto(path);
  const first = entry(other, reader.username);
  await first.getByRole("button", { name: `Reply to ${reader.username}` }).click();
  await other.getByRole("textbox", { name: `Your reply to ${reader.username}` }).fill("Same here! The neon is from 1962.");
  await other.getByRole("button", { name: "Post reply" }).click();
  const reply = other.getByRole("list", { name: `Replies to ${reader.username}` }).getByRole("article", { name: `Comment by ${second.username}` });
  await expect(reply).toContainText("Same here! The neon is from 1962.");
  await first.getByRole("button", { name: /^Like/ }).click();
  await expect(first.getByRole("button", { name: "Like, 1 like" })).toHaveAttribute("aria-pressed", "true");
  await other.reload();
  await expect(entry(other, reader.username).getByRole("button", { name: "Like, 1 like" })).toHaveAttribute("aria-pressed", "true");
  await expect(other.getByRole("heading", { name: "2 comments" })).toBeVisible();
  await other.close();

  // The first member is told of the reply; a reply to the reply names whom it answers.
  await waitForMail(reader.email, "New on MAYBE: a reply to your comment");
  await page.reload();
  const theirs = entry(page, second.username);
  await theirs.getByRole("button", { name: `Reply to ${second.username}` }).click();
  await page.getByRole("textbox", { name: `Your reply to ${second.username}` }).fill("It is! They told me its story once.");
  await page.getByRole("button", { name: "Post reply" }).click();
  const answer = page.getByRole("list", { name: `Replies to ${reader.username}` }).getByRole("article", { name: `Comment by ${reader.username}` });
  // "↪ name" on screen; "replying to name" for a screen reader.
  await expect(answer.locator("header")).toContainText(`↪ replying to ${second.username}`);
  await screenshots(page, "comment-thread");

  // Edit: marked 'edited'. Delete asks first; a comment with replies leaves 'Comment deleted'.
  await answer.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Edit your comment" }).fill("It is! They told me its whole story once.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(answer.locator("header")).toContainText("edited");
  await expect(answer).toContainText("They told me its whole story once.");
  const top = page.locator(`#comment-${commentId}`);
  await top.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete this comment?" }).getByRole("button", { name: "Delete comment" }).click();
  await expect(top).toHaveText("Comment deleted");
  await page.reload();
  await expect(page.locator(`#comment-${commentId}`)).toHaveText("Comment deleted");
  await expect(page.getByText("Same here! The neon is from 1962.")).toBeVisible();
  await expect(page.getByText("They told me its whole story once.")).toBeVisible();
});

test("a visitor reads the comments in the server's HTML, and Comment leads to subscribing and back", async ({ page, browser, request }) => {
  const { studio, path, storyId, creator } = await publishStory(browser, "A story visitors read");
  const posted = await postComment(studio, storyId, "Written by the author, before anyone came.");
  await studio.close();

  // The story's card says how many comments it has and leads to them.
  await page.goto(`/creators/${encodeURIComponent(creator.id)}`);
  await page.getByRole("article", { name: "A story visitors read" }).getByRole("link", { name: "1 comment" }).click();
  await expect(page).toHaveURL(`${path}#comments`);
  await expect(page.getByRole("heading", { name: "1 comment" })).toBeInViewport();

  // The first page of comments is in the HTML the server sends, with the anchor e-mails link to.
  const html = await (await request.get(path)).text();
  expect(html).toContain(`id="comment-${posted.id}"`);
  expect(html).toContain("Written by the author, before anyone came.");

  await page.goto(path);
  const mine = page.getByRole("article", { name: /^Comment by / });
  await expect(mine.getByText("Author", { exact: true })).toBeVisible();
  const link = page.getByRole("link", { name: "Comment", exact: true });
  await expect(link).toHaveAttribute("href", `/subscribe?next=${encodeURIComponent(`${path}#comments`)}`);
  await screenshots(page, "comments-visitor");
  await link.click();
  await expect(page).toHaveURL(/\/subscribe\?next=/);
});

test("XSS payloads are shown as text: no dialog, no script, links http(s) only", async ({ page, browser }) => {
  const { studio, path, storyId } = await publishStory(browser, "A story with strange comments");
  await studio.close();
  const writers = [await browser.newPage(), await browser.newPage()];
  for (const writer of writers) await signUpViaApi(writer, uniqueAccount("odd"));
  const payloads = [
    "<script>alert('script')</script>",
    '<img src=x onerror="alert(\'img\')">',
    "[click](javascript:alert('link')) javascript:alert('bare')",
    "https://example.com/\"><script>alert('quote')</script>",
    '<svg onload="alert(\'svg\')"></svg> <iframe src="javascript:alert(\'frame\')"></iframe>',
    "data:text/html,<script>alert('data')</script>",
  ];
  for (const [i, body] of payloads.entries()) await postComment(writers[i % 2]!, storyId, body);
  for (const writer of writers) await writer.close();

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signUpViaApi(page, uniqueAccount("looker"));
  await page.goto(path);
  const section = page.locator("#comments");
  for (const body of payloads) await expect(section.getByText(body, { exact: true })).toBeVisible();
  // The page's own icons are hidden SVGs; nothing else of the kind may be there.
  expect(await section.locator("script, img, iframe, svg:not([aria-hidden='true'])").count()).toBe(0);
  const hrefs = await section.locator("article a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  for (const href of hrefs.filter((h) => !h.startsWith("/creators/"))) expect(href).toMatch(/^https:\/\/example\.com\/$/);
  // Opening a reply form and hovering the text runs nothing either.
  await section.getByRole("article").first().hover();
  expect(dialogs).toEqual([]);
  await expectNoAxeViolations(page);
});

test("the story's author hides a comment and turns comments off; the comments stay readable", async ({ page, browser }) => {
  const { studio, path, storyId } = await publishStory(browser, "A story its author looks after");
  await signUpViaApi(page, uniqueAccount("talker"));
  await postComment(page, storyId, "A fair point about the letters.");
  const rude = await postComment(page, storyId, "Something the author would rather hide.");

  await studio.goto(path);
  const hideable = studio.locator(`#comment-${rude.id}`);
  await hideable.getByRole("button", { name: "Hide" }).click();
  await expect(studio.getByText("The comment is hidden.")).toBeVisible();
  await expect(hideable.getByRole("button", { name: "Unhide" })).toBeVisible();
  const open = studio.getByRole("switch", { name: "Comments on" });
  await expect(open).toBeChecked();
  await open.press("Space");
  await expect(studio.getByText("Comments are off.")).toBeVisible();
  await expect(open).not.toBeChecked();
  await expectNoAxeViolations(studio);
  await studio.close();

  await page.goto(path);
  await expect(page.getByText(COMMENT_MESSAGES.closed)).toBeVisible();
  await expect(page.getByRole("button", { name: "Comment", exact: true })).toHaveCount(0);
  await expect(page.getByText("A fair point about the letters.")).toBeVisible();
  // Hidden from everyone else; its writer still sees it, marked.
  await expect(page.getByRole("list", { name: "Your hidden comments" })).toContainText("Something the author would rather hide.");
  await screenshots(page, "comments-closed");
});

test("a tap on Like or Comment before the page is hydrated takes effect once it is", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const { studio, path, storyId } = await publishStory(browser, "A story tapped early");
  const { id } = await postComment(studio, storyId, "Tap the heart before the page is ready.");
  await studio.close();
  await signUpViaApi(page, uniqueAccount("early"));
  const app = /data-app="([^"]+)"/.exec(await (await page.request.get(path)).text())?.[1];
  expect(app, "the page names its app").toBeTruthy();

  for (const control of ["Like", "Comment"] as const) {
    // A page of its own, whose app is held back until the tap is made: it surely meets the server's HTML alone.
    const early = await context.newPage();
    const { messages } = await watchConsole(early);
    let release = () => {};
    const made = new Promise<void>((resolve) => (release = resolve));
    await early.route(
      (url) => url.pathname === app,
      async (route) => {
        await made;
        await route.continue();
      },
    );
    await early.goto(path, { waitUntil: "commit" });
    if (control === "Like") {
      await early.locator(`#comment-${id}`).getByRole("button", { name: /^Like/ }).click();
      release();
      await appExpect(early.locator(`#comment-${id}`).getByRole("button", { name: "Like, 1 like" })).toHaveAttribute("aria-pressed", "true");
    } else {
      await early.getByRole("button", { name: "Comment", exact: true }).click();
      release();
      await appExpect(early.getByRole("textbox", { name: "Your comment" })).toBeFocused();
    }
    expect(messages).toEqual([]);
    await early.close();
  }
  const likes = await page.request.get(`/api/stories/${storyId}/comments`);
  expect(((await likes.json()) as { items: { like_count: number }[] }).items[0]!.like_count).toBe(1);
});

test("a long conversation pages with More comments and More replies; a banned member sees why they cannot comment", async ({ page, browser }) => {
  const { studio, path, storyId } = await publishStory(browser, "A story with a long conversation");
  await studio.close();
  const writer = await browser.newPage();
  const { uid: writerId } = await signUpWithUid(writer, uniqueAccount("chatty"));
  await writer.close();
  const { uid } = await signUpWithUid(page, uniqueAccount("silenced"));
  // 25 comments an hour ago, a second apart, the first with 6 replies; written behind the API's
  // back (its rate limits are for people), counted as the API counts them.
  await writeE2eDatabase((db) => {
    const start = Date.now() - 3_600_000;
    const id = (i: number) => (start + i * 1000).toString(16).padStart(12, "0") + i.toString(16).padStart(16, "0");
    const insert = db.prepare(
      "insert into comment (id, story_id, user_id, parent_id, reply_to_id, body, created_at, like_count, reply_count) values (?, ?, ?, ?, ?, ?, ?, 0, ?)",
    );
    for (let i = 0; i < 25; i++) insert.run(id(i), storyId, writerId, null, null, `Comment number ${i + 1}`, new Date(start + i * 1000).toISOString(), i === 0 ? 6 : 0);
    for (let j = 0; j < 6; j++) insert.run(id(100 + j), storyId, writerId, id(0), id(0), `Reply number ${j + 1}`, new Date(start + (100 + j) * 1000).toISOString(), 0);
    db.prepare("update story set comment_count = 31 where id = ?").run(storyId);
    db.prepare("insert into comment_ban (user_id, until, note, created_at) values (?, null, 'test', ?)").run(uid, new Date().toISOString());
  });

  await page.goto(path);
  const threads = page.locator("#comments > ol > li");
  await expect(page.getByRole("heading", { name: "31 comments" })).toBeVisible();
  await expect(threads).toHaveCount(20);
  const replies = page.getByRole("list", { name: /^Replies to / });
  await expect(replies.getByRole("article")).toHaveCount(3);
  await page.getByRole("button", { name: "More replies" }).click();
  await expect(replies.getByRole("article")).toHaveCount(6);
  await expect(replies.getByText("Reply number 6", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "More replies" })).toHaveCount(0);
  await page.getByRole("button", { name: "More comments" }).click();
  await expect(threads).toHaveCount(25);
  await expect(page.getByRole("button", { name: "More comments" })).toHaveCount(0);

  await page.getByLabel("Sort").selectOption("newest");
  await expect(threads.first().getByRole("article").first()).toContainText("Comment number 25");

  // Banned for good: told why, and no Comment or Reply.
  await expect(page.getByText(COMMENT_MESSAGES.banned(null))).toBeVisible();
  await expect(page.getByRole("button", { name: "Comment", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Reply to / })).toHaveCount(0);
  // A like is refused with the same words.
  await threads.first().getByRole("button", { name: /^Like/ }).click();
  await expect(page.getByRole("status").filter({ hasText: COMMENT_MESSAGES.banned(null) })).toBeVisible();
  await screenshots(page, "comments-banned");
});

test("Settings: the switch for e-mails about comments is saved at once, with the keyboard", async ({ page }) => {
  await signUpViaApi(page, uniqueAccount("mailer"));
  await page.goto("/settings");
  const comments = page.getByRole("switch", { name: "E-mail me about comments on my stories and replies to my comments" });
  await expect(comments).toBeChecked();
  await comments.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Preferences saved.")).toBeVisible();
  const me = async () => ((await (await page.request.get("/api/me")).json()) as { comment_mail: boolean; newsletter: boolean }).comment_mail;
  await expect.poll(me).toBe(false);
  await page.reload();
  await expect(comments).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Send me the newsletter" })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole("region", { name: "Email preferences" }).screenshot({ path: test.info().outputPath(`settings-comments-${width}.png`) });
  }
});
