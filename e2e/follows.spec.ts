/**
 * Follows (issue 32) in the browser: a subscriber follows a creator from their page by keyboard, the
 * count goes up and stays after a reload (the server's), and unfollowing takes it back; a visitor's
 * Follow leads to subscribing and back to the creator; a followed creator's new story arrives by
 * e-mail at the local SMTP receiver, and its unsubscribe link works signed out, one click from a
 * mail provider or from the page, which Settings then shows.
 */
import { request as apiRequest } from "@playwright/test";
import { becomeCreator, expect, expectNoAxeViolations, signUpViaApi, test, uniqueAccount, waitForMail } from "./fixtures";

async function creatorPage(page: import("@playwright/test").Page) {
  const res = await page.request.get("/api/creators?limit=1");
  const { items } = (await res.json()) as { items: { id: string; artist_name: string }[] };
  const creator = items[0]!;
  const count = async () => ((await (await page.request.get(`/api/creators/${encodeURIComponent(creator.id)}/page`)).json()) as { followers: number }).followers;
  return { creator, count };
}

const followersText = (n: number) => `${n} ${n === 1 ? "follower" : "followers"}`;

test("a subscriber follows a creator from their page and unfollows; the count follows", async ({ page }) => {
  await signUpViaApi(page, uniqueAccount("fan"));
  const { creator, count } = await creatorPage(page);
  const before = await count();
  await page.goto(`/creators/${encodeURIComponent(creator.id)}`);
  const follow = page.getByRole("button", { name: "Follow", exact: true });
  await follow.focus();
  await follow.press("Enter");
  const following = page.getByRole("button", { name: "Following" });
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`You follow ${creator.artist_name}.`)).toBeVisible();
  await expect(page.getByTestId("follower-count")).toHaveText(followersText(before + 1));
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`creator-following-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.reload();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("follower-count")).toHaveText(followersText(before + 1));
  await page.getByRole("button", { name: "Following" }).press("Enter");
  await expect(page.getByRole("button", { name: "Follow", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("follower-count")).toHaveText(followersText(before));
  expect(await count()).toBe(before);
});

test("a visitor's Follow leads to subscribing, and back to the creator", async ({ page }) => {
  const { creator } = await creatorPage(page);
  await page.goto(`/creators/${encodeURIComponent(creator.id)}`);
  await page.getByRole("link", { name: "Follow", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/subscribe\\?next=${encodeURIComponent(`/creators/${encodeURIComponent(creator.id)}`).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
});

test("a followed creator's new story arrives by e-mail, and its unsubscribe works without signing in", async ({ page, browser, baseURL }) => {
  const studio = await browser.newPage();
  const { creator } = await becomeCreator(studio, { first: "Noor" });
  const fan = await signUpViaApi(page, uniqueAccount("reader"));
  await page.goto(`/creators/${encodeURIComponent(creator.id)}`);
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(page.getByRole("button", { name: "Following" })).toHaveAttribute("aria-pressed", "true");
  // The creator sees the follower in the studio.
  await studio.goto("/studio");
  await expect(studio.getByTestId("studio-followers")).toHaveText("1 follower");

  const origin = new URL(baseURL!).origin;
  const draft = await studio.request.post("/api/studio/stories", {
    data: { title: "Letters from the print room", city: "Chicago", date: "2001-04-04", description: "News.", body: "Some words." },
    headers: { origin },
  });
  const story = (await draft.json()) as { id: string; version: number };
  expect((await studio.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers: { origin } })).status()).toBe(200);
  await studio.close();

  // Home's feed lists it under the spec's screen.
  await page.goto("/home");
  const feed = page.getByRole("region", { name: "New from creators you follow" });
  await expect(feed.getByRole("link", { name: "Letters from the print room" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await feed.screenshot({ path: test.info().outputPath(`home-feed-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const mail = await waitForMail(fan.email, "New on MAYBE: a story from a creator you follow");
  expect(mail.text).toContain("Letters from the print room");
  expect(mail.text).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const headers = mail.text.replace(/\r?\n[ \t]+/g, " ");
  const oneClick = /List-Unsubscribe:\s*<([^>]+)>/.exec(headers)?.[1];
  const pageLink = /(\/unsubscribe\?token=[A-Za-z0-9_.%-]+)/.exec(mail.text)?.[1];
  expect(oneClick).toContain("/api/unsubscribe?token=");
  expect(pageLink).toBeDefined();

  // The footer's link, opened signed out: it asks first (opening a link unsubscribes no one).
  const stranger = await browser.newPage();
  await stranger.goto(pageLink!);
  await expect(stranger.getByText("Stop e-mails from and about creators you follow?")).toBeVisible();
  for (const width of [1280, 390]) {
    await stranger.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await stranger.screenshot({ path: test.info().outputPath(`unsubscribe-${width}.png`) });
  }
  await stranger.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(stranger.getByText("You are unsubscribed from e-mails from and about creators you follow.")).toBeVisible();
  await stranger.close();

  // A mail provider's one-click POST (RFC 8058): no cookie, no Origin, a form body; repeating it is fine.
  const provider = await apiRequest.newContext();
  const res = await provider.post(oneClick!.replace(/^https?:\/\/[^/]+/, origin), { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status()).toBe(200);
  await provider.dispose();

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Following" });
  await expect(section.getByRole("radio", { name: "Never" })).toBeChecked();
  await expect(section.getByRole("link", { name: creator.artist_name })).toBeVisible();
  await section.getByRole("radio", { name: "A weekly digest" }).check();
  await expect(section.getByText("Saved.")).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await section.screenshot({ path: test.info().outputPath(`settings-following-${width}.png`) });
  }
});

test("a subscriber follows from a creator's card, and the creator's story page shows it", async ({ page, browser, baseURL }) => {
  const studio = await browser.newPage();
  const { creator } = await becomeCreator(studio, { first: "Ines" });
  const origin = new URL(baseURL!).origin;
  const draft = await studio.request.post("/api/studio/stories", {
    data: { title: "A card's story", city: "Chicago", date: "2001-04-05", description: "News.", body: "Some words." },
    headers: { origin },
  });
  const story = (await draft.json()) as { id: string; version: number };
  expect((await studio.request.post(`/api/studio/stories/${story.id}/publish`, { data: { version: story.version }, headers: { origin } })).status()).toBe(200);
  await studio.close();

  // A visitor's Follow on the card leads to subscribing.
  await page.goto(`/creators?q=${encodeURIComponent(creator.artist_name)}`);
  const card = page.getByTestId("creator-card").filter({ hasText: creator.artist_name });
  await expect(card.getByRole("link", { name: `Follow ${creator.artist_name}` })).toHaveAttribute("href", /^\/subscribe\?next=/);

  await signUpViaApi(page, uniqueAccount("cardfan"));
  await page.reload();
  await card.getByRole("button", { name: `Follow ${creator.artist_name}` }).click();
  await expect(card.getByRole("button", { name: `Following ${creator.artist_name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`You follow ${creator.artist_name}.`)).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.screenshot({ path: test.info().outputPath(`card-following-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/stories/${story.id}`);
  await expect(page.getByRole("button", { name: `Following ${creator.artist_name}` })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: test.info().outputPath("story-following-1280.png") });
});
