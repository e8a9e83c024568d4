/**
 * Follows (issue 32) in the browser: a subscriber follows a creator from their page by keyboard, the
 * count goes up and stays after a reload (the server's), and unfollowing takes it back; a visitor's
 * Follow leads to subscribing and back to the creator.
 */
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueAccount } from "./fixtures";

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
