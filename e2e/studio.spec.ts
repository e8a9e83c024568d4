/**
 * The creator studio (/studio), a story's page (/stories/:id) and a creator's page
 * (/creators/:id), against the real server. Every test makes its own creators (the application
 * is instant), and the stories they publish are dated 2001, so they sort after the sample stories
 * on /stories and the other specs' "newest first" assertions do not see them.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { becomeCreator, expect, expectNoAxeViolations, loadUntil, signUpViaApi, test, uniqueAccount, uniqueCreatorName, expectNoSidewaysScroll } from "./fixtures";

const TEXT = {
  conflict: "This story changed in another tab — reload to see it",
  notCreator: "Only creators have a studio. Apply to become a MAYBE Creator first.",
  notCreatorTitle: "Only creators have a studio",
  bodyRequired: "Write the story before publishing it",
  titleRequired: "Title is required",
  cityRequired: "City is required",
  descriptionRequired: "Card description is required",
  firstNameRequired: "First name is required",
  draftSaved: "Draft saved.",
  published: "Story published. It is on the Stories page now.",
  profileSaved: "Profile saved. Your public page shows it now.",
};

// ------------------------------------------------------------------------------------ helpers

/** A real JPEG, made here (sharp), for the cover upload. */
function jpeg(width = 1200, height = 750) {
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 61, b: 127 } } })
    .composite([{ input: { create: { width: width / 2, height: height / 2, channels: 3, background: { r: 61, g: 90, b: 254 } } }, left: 40, top: 40 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

interface Draft {
  title: string;
  city?: string;
  date?: string;
  description?: string;
  body?: string;
}

async function fillStory(page: Page, story: Draft) {
  await page.getByLabel("Title").fill(story.title);
  await page.getByLabel("City").fill(story.city ?? "Chicago");
  await page.getByLabel("Date").fill(story.date ?? "2001-05-04");
  await page.getByLabel("Card description").fill(story.description ?? "A night walk along the river.");
  if (story.body !== undefined) await bodyField(page).fill(story.body);
}

const bodyField = (page: Page) => page.getByRole("textbox", { name: /^Story/ });
const outcome = (page: Page) => page.getByTestId("save-outcome");

/** Opens a new story in the editor, fills it and saves it as a draft; returns its id. */
async function writeDraft(page: Page, story: Draft) {
  await page.goto("/studio/stories/new");
  await expect(page.getByRole("heading", { level: 1, name: "New story" })).toBeVisible();
  await fillStory(page, story);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(outcome(page)).toHaveText(TEXT.draftSaved);
  await expect(page).toHaveURL(/\/studio\/stories\/[^/]+$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  expect(id).not.toBe("new");
  return id;
}

/** Watches for what an injected script would do: a JavaScript dialog, or a CSP report. */
async function watchForAttacks(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (msg) => {
    const text = msg.text();
    if (text.includes("Content Security Policy") || text.includes("CSP violation")) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"}`);
    });
  });
  return { dialogs, violations };
}

async function newCreatorPage(browser: Browser, first: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const who = await becomeCreator(page, { first });
  return { context, page, ...who };
}

/** height / width of an <img> as its attributes give them (what the browser reserves before loading). */
async function ratioOf(img: Locator) {
  const [width, height] = await Promise.all([img.getAttribute("width"), img.getAttribute("height")]);
  expect(Number(width)).toBeGreaterThan(0);
  return Number(height) / Number(width);
}

/** No part of the page is wider than the viewport (nothing to scroll sideways). */
// ------------------------------------------------------------------------------------ access

test.describe("who gets a studio", () => {
  test("a visitor goes through sign-in; a subscriber is told how to become a creator, applies, and the studio opens", async ({ page }) => {
    await page.goto("/studio");
    await expect(page).toHaveURL(/\/login$/);

    const account = await signUpViaApi(page, uniqueAccount("fan"));
    await page.goto("/studio");
    await expect(page.getByRole("heading", { level: 1, name: "Studio" })).toBeVisible();
    await expect(page.getByRole("heading", { name: TEXT.notCreatorTitle })).toBeVisible();
    await expect(page.getByText(TEXT.notCreator, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The profile menu has no Studio entry yet.
    await page.getByRole("button", { name: "Open profile menu" }).click();
    await expect(page.getByRole("menu", { name: "Profile" }).getByRole("menuitem")).toHaveText(["Orders", "Settings", "Sign Out"]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Apply Now" }).click();
    const dialog = page.getByRole("dialog", { name: "CREATOR APPLICATION" });
    await expect(dialog.getByLabel("Email")).toHaveValue(account.email);
    const name = uniqueCreatorName("Sasha");
    await dialog.getByLabel("First name").fill(name.first_name);
    await dialog.getByLabel("Last name").fill(name.last_name);
    await dialog.getByLabel("State").selectOption("IL");
    await dialog.getByLabel("City").selectOption("Chicago");
    await dialog.getByLabel("Bio").fill("Zines, mostly.");
    await dialog.getByRole("button", { name: "writing", exact: true }).click();
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByRole("heading", { name: "SUCCESS! Welcome to the MAYBE creator community" })).toBeVisible();
    await dialog.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/creators$/);

    // Now a creator: the account menu leads to the studio.
    await page.getByRole("button", { name: "Open profile menu" }).click();
    const menu = page.getByRole("menu", { name: "Profile" });
    await expect(menu.getByRole("menuitem")).toHaveText(["Studio", "Orders", "Settings", "Sign Out"]);
    await menu.getByRole("menuitem", { name: "Studio" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { name: "Your stories" })).toBeVisible();
    await expect(page.getByText("No stories yet. Your first one starts here.")).toBeVisible();
  });

  test("the mobile menu has Studio for a creator", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await becomeCreator(page);
    await page.goto("/home");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("menu", { name: "Menu" }).getByRole("menuitem", { name: "Studio" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { name: "Your stories" })).toBeVisible();
  });
});

// ------------------------------------------------------------------------ writing and reading

test.describe("writing a story", () => {
  test("write, save, publish: it shows on /stories, its own page and the creator's page; another creator cannot reach it", async ({ page, browser }) => {
    const { creator, name } = await becomeCreator(page, { first: "Avery" });
    const title = `Bridges at Night ${creator.id}`;

    await page.goto("/studio");
    await page.getByRole("link", { name: "New story" }).click();
    await expect(page).toHaveURL(/\/studio\/stories\/new$/);

    // Nothing typed is lost when the form is refused.
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText(TEXT.cityRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(TEXT.descriptionRequired, { exact: true })).toBeVisible();
    await expect(page.getByLabel("City")).toBeFocused();
    await expect(page.getByLabel("Title")).toHaveValue(title);

    await fillStory(page, {
      title,
      description: "Six bridges, one night, a thermos of coffee.",
      body: "## The first bridge\n\nWe started at **midnight** on the [Riverwalk](https://www.chicago.gov/riverwalk).\n\n- coffee\n- gloves",
    });
    // The live preview shows the Markdown as readers will see it.
    const preview = page.getByTestId("story-preview");
    await expect(preview.getByRole("heading", { name: "The first bridge" })).toBeVisible();
    await expect(preview.getByRole("link", { name: "Riverwalk" })).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(page.getByText("Unsaved changes")).toBeVisible();

    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(outcome(page)).toHaveText(TEXT.draftSaved);
    await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();
    await expect(page).toHaveURL(/\/studio\/stories\/(?!new)[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    // A draft is nobody else's business yet.
    expect((await page.request.get(`/api/stories/${id}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Publish" }).focus();
    await page.keyboard.press("Enter");
    await expect(outcome(page)).toHaveText(TEXT.published);
    // The button pressed keeps the focus while it works and after: it is Unpublish now.
    await expect(page.getByRole("button", { name: "Unpublish" })).toBeFocused();

    // The studio lists it as Published.
    await page.getByRole("link", { name: "All your stories" }).click();
    const row = page.getByRole("article", { name: title });
    await expect(row.getByText("Published", { exact: true })).toBeVisible();

    // /stories: a card that links to the page and names its author.
    await page.goto("/stories");
    const card = page.getByRole("article", { name: title });
    await loadUntil(card, page.getByRole("article"), page.getByRole("button", { name: "Load more stories" }));
    await expect(card.getByText("Read Now")).toBeVisible();
    await expect(card.getByText("Coming Soon")).toHaveCount(0);
    await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/creators/${creator.id}`);
    await card.getByRole("link", { name: title }).click();

    // The story's page.
    await expect(page).toHaveURL(new RegExp(`/stories/${id}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · MAYBE`);
    await expect(page.getByText("May 2001")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "The first bridge" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Riverwalk" })).toHaveAttribute("href", "https://www.chicago.gov/riverwalk");
    await page.getByRole("link", { name, exact: true }).click();

    // The creator's page lists it.
    await expect(page).toHaveURL(new RegExp(`/creators/${creator.id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Chicago, IL")).toBeVisible();
    await expect(page.getByRole("article", { name: title })).toBeVisible();

    // Another creator: not in their studio, and not found at its address.
    const other = await newCreatorPage(browser, "Jordan");
    await other.page.goto("/studio");
    await expect(other.page.getByText("No stories yet. Your first one starts here.")).toBeVisible();
    await expect(other.page.getByRole("article", { name: title })).toHaveCount(0);
    await other.page.goto(`/studio/stories/${encodeURIComponent(id)}`);
    await expect(other.page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(other.page.getByLabel("Title")).toHaveCount(0);
    const put = await other.page.request.put(`/api/studio/stories/${encodeURIComponent(id)}`, {
      data: { title: "Mine now", city: "Chicago", description: "x", body: "x", version: 1 },
      headers: { origin: new URL(other.page.url()).origin },
    });
    expect(put.status()).toBe(404);
    await other.context.close();

    // Unchanged for everyone.
    await page.goto(`/stories/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("a cover image is uploaded, previewed and shown responsively on the card, the story and the creator's page", async ({ page }) => {
    const { creator } = await becomeCreator(page, { first: "Casey" });
    const title = `Lanterns ${creator.id}`;
    await page.goto("/studio/stories/new");
    // Without a date: publishing gives it the day it goes out, and the editor shows that day.
    await fillStory(page, { title, date: "", body: "Paper lanterns over the canal." });

    await page.getByLabel("Cover image").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
    const preview = page.getByTestId("cover-preview");
    await expect(preview.locator("picture source[type='image/avif']")).toHaveAttribute("srcset", /\/media\//);
    // Its box is reserved from the stored size (the largest variant), in the picture's own ratio.
    expect(await ratioOf(preview.locator("picture img"))).toBeCloseTo(750 / 1200, 2);
    await expect(preview.locator("picture img")).toHaveJSProperty("complete", true);
    await expect(page.getByRole("button", { name: "Remove cover" })).toBeVisible();

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(outcome(page)).toHaveText(TEXT.published);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    const stored = (await (await page.request.get(`/api/studio/stories/${encodeURIComponent(id)}`)).json()) as { date: string | null };
    expect(stored.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel("Date")).toHaveValue(stored.date!);

    for (const path of [`/stories/${id}`, `/creators/${creator.id}`, "/stories"]) {
      await page.goto(path);
      const picture = path === `/stories/${id}` ? page.getByTestId("story-cover") : page.getByRole("article", { name: title });
      const img = picture.locator("picture img");
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute("srcset", /640w/);
      await expect(img).toHaveAttribute("sizes", /.+/);
      expect(await ratioOf(img)).toBeCloseTo(750 / 1200, 2);
      await expect(picture.locator("picture source[type='image/webp']")).toHaveCount(1);
      // Loaded, and the placeholder behind it gone.
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await expect(picture.locator("img[data-placeholder]")).toHaveCount(0);
    }
  });

  test("a file that is not an image is refused with the upload's message, and nothing typed is lost", async ({ page }) => {
    await becomeCreator(page);
    await page.goto("/studio/stories/new");
    await page.getByLabel("Title").fill("Keep me");
    await page.getByLabel("Cover image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    await expect(page.getByText(/This image could not be read|Please choose a JPEG, PNG, WebP, AVIF or GIF image/)).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("Keep me");
  });

  test("publishing an empty story is refused on the body; the studio list publishes, unpublishes and deletes after a confirm", async ({ page }) => {
    const { creator } = await becomeCreator(page, { first: "Morgan" });
    const title = `Empty Rooms ${creator.id}`;
    await writeDraft(page, { title });
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText(TEXT.bodyRequired, { exact: true })).toBeVisible();
    await expect(bodyField(page)).toBeFocused();
    await bodyField(page).fill("The rooms were not empty after all.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(outcome(page)).toHaveText(TEXT.published);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

    await page.goto("/studio");
    const row = page.getByRole("article", { name: title });
    await row.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.getByText(`“${title}” is a draft again.`)).toBeVisible();
    expect((await page.request.get(`/api/stories/${id}`)).status()).toBe(404);

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this story?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    // Escape changes nothing.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await expect(row.getByRole("button", { name: `Delete ${title}` })).toBeFocused();

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await confirm.getByRole("button", { name: "Delete story" }).click();
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);
    await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
    await page.goto(`/studio/stories/${encodeURIComponent(id)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("works by keyboard alone: write, save with the keyboard, delete with a confirm", async ({ page }) => {
    const { creator } = await becomeCreator(page, { first: "Kai" });
    const title = `Keys ${creator.id}`;
    await page.goto("/studio");
    await page.getByRole("link", { name: "New story" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/studio\/stories\/new$/);
    // The new story's form takes the focus at its title, not <body>.
    await expect(page.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("City")).toBeFocused();
    await page.keyboard.type("Chicago");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Date")).toBeFocused();
    // A date field is three stops (month, day, year) in Chromium.
    for (let i = 0; i < 4 && !(await page.getByLabel("Card description").evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(page.getByLabel("Card description")).toBeFocused();
    await page.keyboard.type("Typed without a mouse.");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Cover image")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(bodyField(page)).toBeFocused();
    await page.keyboard.type("# Hello\n\nFrom the keyboard.");
    await expect(page.getByTestId("story-preview").getByRole("heading", { name: "Hello" })).toBeVisible();
    // Ctrl+S saves, as in every editor.
    await page.keyboard.press("Control+s");
    await expect(outcome(page)).toHaveText(TEXT.draftSaved);

    await page.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Delete this story?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Delete story" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
  });
});

// ----------------------------------------------------------------------------------- safety

test.describe("what a writer types cannot act in a reader's browser", () => {
  test("script tags, javascript: links and onerror images render inert: no dialog, no CSP violation", async ({ page }) => {
    const { dialogs, violations } = await watchForAttacks(page);
    await page.goto("/");
    const { creator } = await becomeCreator(page, { first: "Quinn" });
    const title = `Inert ${creator.id}`;
    const body = [
      "Hello <script>alert(1)</script> there.",
      "",
      "<script>alert(2)</script>",
      "",
      "[x](javascript:alert(1))",
      "",
      "<img src=x onerror=alert(1)>",
      "",
      '<a href="javascript:alert(3)">y</a> and [z](JAVASCRIPT:alert(4)) and [w](data:text/html,<script>alert(5)</script>)',
      "",
      "![pixel](https://tracker.example/p.gif)",
    ].join("\n");

    await writeDraft(page, { title, body });
    for (const where of [page.getByTestId("story-preview")]) {
      await expect(where.getByText("<script>alert(1)</script>", { exact: false })).toBeVisible();
      await expect(where.getByText("<img src=x onerror=alert(1)>")).toBeVisible();
      await expect(where.locator("script, img, iframe")).toHaveCount(0);
      await expect(where.getByRole("link", { name: "x", exact: true })).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(outcome(page)).toHaveText(TEXT.published);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

    await page.goto(`/stories/${id}`);
    const article = page.getByRole("article", { name: title });
    await expect(article.getByText("<script>alert(2)</script>")).toBeVisible();
    await expect(article.getByText("<img src=x onerror=alert(1)>")).toBeVisible();
    await expect(article.locator("script, iframe")).toHaveCount(0);
    // The one picture is the cover's placeholder-free absence: the body has none.
    await expect(article.locator(".markdown img")).toHaveCount(0);
    const hrefs = await article.locator(".markdown a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["https://tracker.example/p.gif"]);
    await expect(article.getByRole("link", { name: "pixel" })).toHaveAttribute("rel", "nofollow ugc noopener");
    // The refused links are plain text.
    for (const text of ["x", "z", "w"]) await expect(article.locator(".markdown").getByText(text, { exact: true })).toBeVisible();
    const handlers = await article.evaluate((el) =>
      [...el.querySelectorAll("*")].flatMap((node) => node.getAttributeNames().filter((n) => n.startsWith("on"))),
    );
    expect(handlers).toEqual([]);

    // Clicking what was meant to be a javascript: link does nothing.
    await article.locator(".markdown").getByText("x", { exact: true }).click();
    await page.waitForLoadState("networkidle");
    expect(dialogs).toEqual([]);
    expect(violations).toEqual([]);
  });
});

// ------------------------------------------------------------------------------- two tabs

test.describe("two tabs", () => {
  test("a save from an older tab is refused with the 409 message and keeps what was typed", async ({ page, context }) => {
    const { creator } = await becomeCreator(page, { first: "Riley" });
    const title = `Two Tabs ${creator.id}`;
    const id = await writeDraft(page, { title, body: "First words." });

    const second = await context.newPage();
    await second.goto(`/studio/stories/${encodeURIComponent(id)}`);
    await expect(second.getByLabel("Title")).toHaveValue(title);
    await page.reload();
    await expect(page.getByLabel("Title")).toHaveValue(title);

    // The first tab saves.
    await page.getByLabel("Title").fill(`${title} (first tab)`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(outcome(page)).toHaveText(TEXT.draftSaved);

    // The second tab still has the old version.
    await second.getByLabel("Title").fill(`${title} (second tab)`);
    await bodyField(second).fill("Second tab's words, which must survive.");
    await second.getByRole("button", { name: "Save draft" }).click();
    await expect(second.getByRole("alert")).toHaveText(TEXT.conflict);
    await expect(second.getByLabel("Title")).toHaveValue(`${title} (second tab)`);
    await expect(bodyField(second)).toHaveValue("Second tab's words, which must survive.");
    await expect(second.getByText("Unsaved changes")).toBeVisible();
    await expectNoAxeViolations(second);

    // Asked for, the newer version replaces the form.
    await second.getByRole("button", { name: "Load the newer version" }).click();
    await expect(second.getByLabel("Title")).toHaveValue(`${title} (first tab)`);
    await expect(second.getByRole("alert")).toHaveCount(0);
    await second.getByLabel("City").fill("Evanston");
    await second.getByRole("button", { name: "Save draft" }).click();
    await expect(outcome(second)).toHaveText(TEXT.draftSaved);
  });
});

// ------------------------------------------------------------------------------- profile

test.describe("the studio profile", () => {
  test("edits the application's fields with its messages; the creator's page shows the change", async ({ page }) => {
    const { creator } = await becomeCreator(page, { first: "Taylor" });
    await page.goto("/studio");
    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await expect(page).toHaveURL(/\/studio\/profile$/);
    await expect(page.getByLabel("First name")).toHaveValue("Taylor");
    await expect(page.getByLabel("State")).toHaveValue("IL");
    await expect(page.getByLabel("City")).toHaveValue("Chicago");
    await expectNoAxeViolations(page);

    await page.getByLabel("First name").fill("");
    await page.getByLabel("Bio").fill("Poems about trains, and the people on them.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText(TEXT.firstNameRequired, { exact: true })).toBeVisible();
    await expect(page.getByLabel("First name")).toBeFocused();
    await expect(page.getByLabel("Bio")).toHaveValue("Poems about trains, and the people on them.");

    await page.getByLabel("First name").fill("Tay");
    await page.getByRole("button", { name: "music", exact: true }).click();
    await page.getByLabel("Instagram handle").fill("@tay.writes");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(outcome(page)).toHaveText(TEXT.profileSaved);
    await expect(page.getByRole("button", { name: "Saved!" })).toBeVisible();

    await page.getByRole("link", { name: "View your public page" }).click();
    await expect(page).toHaveURL(new RegExp(`/creators/${creator.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: /^Tay Tester/ })).toBeVisible();
    await expect(page.getByText("Poems about trains, and the people on them.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Art disciplines" }).getByRole("listitem")).toHaveText(["writing", "music"]);
    await expect(page.getByRole("link", { name: /@tay\.writes/ })).toHaveAttribute("href", "https://instagram.com/tay.writes");
  });

  test("nothing covers the editor's action bar of a creator whose address is not confirmed yet", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await becomeCreator(page, { first: "Noor" });
    await page.goto("/studio/stories/new");
    await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
    // The reminder is on the page, in its flow, not over it.
    await expect(page.getByRole("complementary", { name: "Email confirmation" })).toBeAttached();
    const actions = page.getByRole("group", { name: "Story actions" });
    for (const name of ["Save draft", "Publish"]) {
      const button = actions.getByRole("button", { name });
      await button.focus();
      // What a click at the button's centre would reach is the button itself (WCAG 2.4.11: not obscured).
      const reached = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      });
      expect(reached, name).toBe(true);
    }
  });

  // The page's own console is watched by every test (fixtures.ts): the avatar's part of the server's
  // page once needed an inline script to appear, which the CSP refused (error 419, an empty circle).
  test("an avatar is uploaded and shown on the creator's page and card, also without JavaScript", async ({ page, browser }) => {
    const { creator, name } = await becomeCreator(page, { first: "Ash" });
    await page.goto("/studio/profile");
    await page.getByLabel("Choose a picture").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await jpeg(600, 600) });
    expect(await ratioOf(page.getByTestId("avatar-preview").locator("picture img"))).toBeCloseTo(1, 2);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(outcome(page)).toHaveText(TEXT.profileSaved);
    await page.goto(`/creators/${creator.id}`);
    await expect(page.getByTestId("creator-avatar").locator("picture img")).toHaveAttribute("srcset", /\/media\//);
    await page.goto(`/creators?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("article", { name }).getByTestId("creator-avatar").locator("picture img")).toHaveAttribute("src", /\/media\//);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const reader = await noScript.newPage();
    for (const path of [`/creators/${creator.id}`, `/creators?q=${encodeURIComponent(name)}`]) {
      await reader.goto(path);
      const picture = reader.getByTestId("creator-avatar").first().locator("picture img");
      await expect(picture, path).toHaveAttribute("src", /\/media\/u\//);
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: path }).toBe(true);
    }
    await noScript.close();
  });
});

// ------------------------------------------------------------------------ creator pages

test.describe("creator pages", () => {
  test("the directory's cards and Featured In tags lead to a creator's page; a product names its seller", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/creators?q=Maya+Lopez");
    const card = page.getByRole("article", { name: "Maya Lopez", exact: true });
    await card.getByRole("link", { name: "Maya Lopez", exact: true }).click();
    await expect(page).toHaveURL(/\/creators\/maya_lopez$/);
    await expect(page.getByRole("heading", { level: 1, name: "Maya Lopez" })).toBeVisible();
    await expect(page.getByText("Chicago, IL")).toBeVisible();
    await expect(page.getByRole("list", { name: "Featured in stories" }).getByRole("listitem").first()).toBeVisible();
    await expectNoAxeViolations(page);

    const product = page.getByRole("heading", { name: "In the Store" });
    await expect(product).toBeVisible();
    const tiles = page.getByRole("region", { name: "In the Store" }).getByRole("link");
    if ((await tiles.count()) > 0) {
      await tiles.first().click();
      await expect(page).toHaveURL(/\/store\?productId=/);
      const modal = page.getByRole("dialog");
      await expect(modal.getByRole("link", { name: "Maya Lopez" })).toHaveAttribute("href", "/creators/maya_lopez");
    }

    await page.goto("/creators?q=Maya+Lopez");
    await page.getByRole("list", { name: "Featured in stories" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/creators\/maya_lopez#featured-in$/);
  });

  test("an unknown creator and an unknown story are not found", async ({ page }) => {
    await page.goto("/creators/nobody_here_at_all");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found · MAYBE");
    await page.goto("/stories/no-such-story");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});

// ------------------------------------------------------------------------- a11y and 390 px

test.describe("axe and narrow screens", () => {
  async function publishedStory(page: Page) {
    const who = await becomeCreator(page, { first: "Drew" });
    const title = `Axe ${who.creator.id}`;
    await writeDraft(page, {
      title,
      body: "## A heading\n\nSome *words*, a [link](https://example.com), `code`, and a quote:\n\n> yes\n\n1. one\n2. two",
    });
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(outcome(page)).toHaveText(TEXT.published);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    return { ...who, title, id };
  }

  test("/studio, the editor with its preview, /stories/:id and /creators/:id have no axe violations", async ({ page }) => {
    const { title, id, creator } = await publishedStory(page);
    await expect(page.getByTestId("story-preview").getByRole("heading", { name: "A heading" })).toBeVisible();
    await expectNoAxeViolations(page);

    // With every message showing.
    await page.getByLabel("Title").fill("");
    await page.getByLabel("City").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(TEXT.titleRequired, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/studio");
    await expect(page.getByRole("article", { name: title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/stories/${id}`);
    await expect(page.getByRole("heading", { level: 2, name: "A heading" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/creators/${creator.id}`);
    await expect(page.getByRole("article", { name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the studio, the editor, a story and a creator's page fit and work", async ({ page }) => {
      const { title, id, creator } = await publishedStory(page);
      await expectNoSidewaysScroll(page);
      // The preview sits below the text box; both are reachable and the actions stay at hand.
      const body = await bodyField(page).boundingBox();
      const preview = await page.getByTestId("story-preview").boundingBox();
      expect(preview!.y).toBeGreaterThan(body!.y + body!.height - 1);
      await page.getByLabel("City").fill("Oak Park");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(outcome(page)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto("/studio");
      const row = page.getByRole("article", { name: title });
      await expect(row.getByRole("button", { name: `Unpublish ${title}` })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      await page.goto("/studio/profile");
      await expect(page.getByLabel("First name")).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.goto(`/stories/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.goto(`/creators/${creator.id}`);
      await expect(page.getByRole("article", { name: title })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  });
});
