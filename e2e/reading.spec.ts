/**
 * Reading stories: a story with a body has a card that links to it, a page and its pictures; one
 * without (the spec's sample cards) says 'Coming Soon' and links nowhere. A story page has the
 * same like heart as its card, signed in or not, and favorites open the item's own page. Story
 * bodies show the site's own images, uploads through their variants.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { Image } from "../src/common/api/media";
import { expect, signUpViaApi, test, uniqueAccount, watchConsole } from "./fixtures";

const READABLE = { id: "story-big-letters-small-shops", title: "Big Letters for Small Shops" };
const SAMPLE = { id: "story-neon-bakery", title: "The Neon Bakery After Midnight" };

const card = (page: Page, title: string) => page.getByRole("article", { name: title });
/** The site's origin, for the API's same-site check, whether or not the page has opened anything yet. */
const originOf = (page: Page) => new URL(page.url().startsWith("http") ? page.url() : test.info().project.use.baseURL!).origin;

test("a story with a body links to its page, with its pictures; a sample card says 'Coming Soon' and links nowhere", async ({ page }) => {
  const console = await watchConsole(page);
  await page.goto("/stories");
  const readable = card(page, READABLE.title);
  await expect(readable.getByText("Read Now")).toBeVisible();
  await expect(readable.getByRole("link", { name: "Maya Lopez" })).toHaveAttribute("href", "/creators/maya_lopez");
  const sample = card(page, SAMPLE.title);
  await expect(sample.getByText("Coming Soon")).toBeVisible();
  await expect(sample.getByRole("link")).toHaveCount(0);

  await readable.getByRole("link", { name: READABLE.title }).click();
  await expect(page).toHaveURL(`/stories/${READABLE.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(READABLE.title);
  await expect(page.getByRole("heading", { level: 2, name: "Enamel and patience" })).toBeVisible();
  // The picture in the body is shown, not a link to it.
  const figure = page.getByRole("img", { name: "A fresh coat on the bakery window" });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure).toHaveAttribute("src", `/media/stories/${READABLE.id}-figure-1.svg`);
  await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "A fresh coat on the bakery window" })).toHaveCount(0);
  // Links within the site are the site's own: no nofollow.
  await expect(page.locator(".markdown").getByRole("link", { name: "the store" })).not.toHaveAttribute("rel", /.+/);
  await expect(page.locator(".markdown").getByRole("link", { name: "my page" })).toHaveAttribute("href", "/creators/maya_lopez");

  // The author's page: the story among hers, and 'Featured In' links to the stories with a page.
  await page.getByRole("link", { name: "Maya Lopez" }).first().click();
  await expect(page).toHaveURL("/creators/maya_lopez");
  const featured = page.getByRole("list", { name: "Featured in stories" });
  await expect(featured.getByRole("link", { name: READABLE.title })).toHaveAttribute("href", `/stories/${READABLE.id}`);
  await expect(featured.getByRole("listitem").filter({ hasText: SAMPLE.title }).getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Stories" }).getByRole("article", { name: READABLE.title })).toBeVisible();
  await expect(page.getByText("No stories published yet.")).toHaveCount(0);

  await console.settle();
  expect(console.messages).toEqual([]);
});

test("a story page's heart likes it, signed in; the favorites open the story's and the creator's own pages", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto(`/stories/${READABLE.id}`);
  const heart = page.getByRole("button", { name: `Like ${READABLE.title}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`${READABLE.title} added to favorites!`)).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get("/api/me/favorites")).json()) as { stories: string[] }).stories).toEqual([READABLE.id]);

  const liked = await page.request.put("/api/me/favorites/creator/maya_lopez", { headers: { origin: originOf(page) } });
  expect(liked.status()).toBeLessThan(300);
  await page.goto("/home");
  await page.getByRole("banner").getByRole("button", { name: "Open favorites, 2 items" }).click();
  const panel = page.getByLabel("Favorites", { exact: true });
  await expect(panel.getByRole("region", { name: "Creators" }).getByRole("link")).toHaveAttribute("href", "/creators/maya_lopez");
  await panel.getByRole("region", { name: "Stories" }).getByRole("link").click();
  await expect(page).toHaveURL(`/stories/${READABLE.id}`);
  await expect(page.getByRole("button", { name: `Like ${READABLE.title}` })).toHaveAttribute("aria-pressed", "true");
});

test("signed out, a story page's heart keeps the like in the browser, as the stories heart does", async ({ page }) => {
  await page.goto(`/stories/${READABLE.id}`);
  const heart = page.getByRole("button", { name: `Like ${READABLE.title}` });
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`${READABLE.title} added to favorites!`)).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("maybeUserLikes") ?? "{}") as { stories?: string[] })).toMatchObject({ stories: [READABLE.id] });
  await page.goto("/stories");
  await expect(card(page, READABLE.title).getByRole("button", { name: `Like ${READABLE.title}` })).toHaveAttribute("aria-pressed", "true");
});

test("an uploaded picture in a story's body shows through the image pipeline's variants, at its size", async ({ page }) => {
  // A creator uploads a picture and publishes a story that shows it.
  const account = await signUpViaApi(page, uniqueAccount("reader"));
  const origin = originOf(page);
  const applied = await page.request.post("/api/creators/applications", {
    data: { first_name: "Pia", last_name: `Pictures${Date.now().toString(36).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`, email: account.email, bio: "I print.", state: "IL", city: "Chicago", art_type: ["visual_art"] },
    headers: { origin },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 61, g: 90, b: 254 } } }).jpeg().toBuffer();
  const uploaded = await page.request.post("/api/studio/media", { multipart: { file: { name: "press.jpg", mimeType: "image/jpeg", buffer: picture } }, headers: { origin } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const image = (await uploaded.json()) as Image;
  const variant = image.srcset.split(",")[0]!.trim().split(" ")[0]!;
  const created = await page.request.post("/api/studio/stories", {
    // Dated 2001, as e2e/fixtures.ts addStory dates its stories: after the sample stories on /stories.
    data: { title: "The Press at Night", city: "Chicago", date: "2001-06-01", description: "A picture of the press.", body: `Look:\n\n![The press at night](${variant})\n\nThat is all.` },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const story = (await created.json()) as { id: string; version: number };
  const published = await page.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers: { origin } });
  expect(published.status(), await published.text()).toBe(200);

  const console = await watchConsole(page);
  await page.goto(`/stories/${story.id}`);
  const shown = page.locator(".markdown picture").getByRole("img", { name: "The press at night" });
  // Its size is known before a byte arrives (the largest variant's), so nothing below it moves.
  await expect(shown).toHaveAttribute("width", String(image.width));
  await expect(shown).toHaveAttribute("height", String(image.height));
  expect(image.width / image.height).toBeCloseTo(1.5, 2);
  await expect(shown).toHaveAttribute("srcset", image.srcset);
  await expect(page.locator(".markdown picture source[type='image/avif']")).toHaveAttribute("srcset", image.sources[0]!.srcset);
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await console.settle();
  expect(console.messages).toEqual([]);
});
