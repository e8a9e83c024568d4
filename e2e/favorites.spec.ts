import type { Page } from "@playwright/test";
import { addFavorites, expect, expectNoAxeViolations, signUpViaApi, signUpWithUid, test, uniqueAccount } from "./fixtures";

interface StoryRecord {
  id: string;
  title: string;
  description: string;
  has_page: boolean;
}

async function firstStories(page: Page, n: number): Promise<StoryRecord[]> {
  const res = await page.request.get(`/api/stories?limit=${n}`);
  return ((await res.json()) as { items: StoryRecord[] }).items;
}

const favoritesButton = (page: Page, n: number) =>
  page.getByRole("banner").getByRole("button", { name: `Open favorites, ${n} ${n === 1 ? "item" : "items"}` });

test.describe("visitor likes", () => {
  test("are kept in local storage across reloads and shown on the Favorites page", async ({ page }) => {
    const [story] = await firstStories(page, 1);
    await page.goto("/stories");
    const like = page.getByRole("article", { name: story!.title }).getByRole("button", { name: `Like ${story!.title}` });
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("maybeUserLikes")))!)).toEqual({
      stories: [story!.id],
      creators: [],
      products: [],
    });

    await page.reload();
    await expect(page.getByRole("article", { name: story!.title }).getByRole("button", { name: `Like ${story!.title}` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.goto("/likes");
    await expect(page.getByRole("heading", { level: 1, name: "Your Favorites" })).toBeVisible();
    await expect(page.getByText("1 item in your favorites")).toBeVisible();
    const stories = page.getByRole("region", { name: /Stories/ });
    await expect(stories.getByRole("heading", { name: story!.title })).toBeVisible();
    await expect(stories.getByText(story!.description.slice(0, 50))).toBeVisible();
  });

  test("join the account on sign-in, and local storage is cleared", async ({ page, request }) => {
    const account = uniqueAccount();
    const res = await request.post("/api/auth/sign-up/email", {
      data: { ...account, confirmPassword: account.password },
      headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(res.status()).toBe(200);
    const [a, b] = await firstStories(page, 2);
    await page.goto("/stories");
    for (const story of [a!, b!]) {
      await page.getByRole("article", { name: story.title }).getByRole("button", { name: `Like ${story.title}` }).click();
    }

    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(favoritesButton(page, 2)).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("maybeUserLikes"))).toBeNull();
    const ids = (await (await page.request.get("/api/me/favorites")).json()) as { stories: string[] };
    expect([...ids.stories].sort()).toEqual([a!.id, b!.id].sort());
  });
});

test.describe("favorites dropdown", () => {
  test("lists the liked items by kind with links, subtext and remove buttons", async ({ page }) => {
    const { uid } = await signUpWithUid(page);
    const liked = await addFavorites(uid, 3);
    // Liked by id: the first story the database lists (a sample story without a page of its own,
    // unless another test's story sorts before it), which opens its page or the stories list.
    const [story] = ((await (await page.request.get(`/api/favorites/items?stories=${liked.story[0]}`)).json()) as { stories: StoryRecord[] }).stories;
    const product = (await (await page.request.get(`/api/products/${liked.product[0]}`)).json()) as { id: string; name: string; price: string };
    await page.goto("/home");
    await favoritesButton(page, 3).click();
    const panel = page.getByLabel("Favorites", { exact: true });
    await expect(panel.getByText("3 items saved")).toBeVisible();
    await expect(panel.getByRole("region")).toHaveCount(3);

    const storyRow = panel.getByRole("region", { name: "Stories" }).getByRole("listitem");
    await expect(storyRow).toContainText(story!.title);
    await expect(storyRow).toContainText(story!.description.slice(0, 50));
    await expect(storyRow.getByRole("link")).toHaveAttribute("href", story!.has_page ? `/stories/${story!.id}` : "/stories");
    const productRow = panel.getByRole("region", { name: "Store" }).getByRole("listitem");
    await expect(productRow).toContainText(product.name);
    await expect(productRow).toContainText(product.price);
    await expect(productRow.getByRole("link")).toHaveAttribute("href", `/store?productId=${product.id}`);
    // A creator opens their own page.
    await expect(panel.getByRole("region", { name: "Creators" }).getByRole("link")).toHaveAttribute("href", `/creators/${liked.creator[0]}`);
    await expectNoAxeViolations(page);

    // Removing keeps the panel open with focus inside, says so, and the count follows.
    await storyRow.getByRole("button", { name: `Remove ${story!.title} from favorites` }).click();
    await expect(panel.getByText("2 items saved")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `${story!.title} removed from favorites!` })).toBeVisible();
    await expect(panel.getByRole("region", { name: "Stories" })).toHaveCount(0);
    await expect(favoritesButton(page, 2)).toBeVisible();
    const ids = (await (await page.request.get("/api/me/favorites")).json()) as { stories: string[] };
    expect(ids.stories).toEqual([]);

    await storyRowLink(panel, "Store").click();
    await expect(page).toHaveURL(new RegExp(`/store\\?productId=${product.id}$`));
    await expect(page.getByRole("dialog", { name: product.name })).toBeVisible();
  });

  test("says 'No favorites yet' for a new account", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/home");
    await favoritesButton(page, 0).click();
    const panel = page.getByLabel("Favorites", { exact: true });
    await expect(panel.getByText("0 items saved")).toBeVisible();
    await expect(panel.getByText("No favorites yet")).toBeVisible();
  });
});

function storyRowLink(panel: ReturnType<Page["getByLabel"]>, section: string) {
  return panel.getByRole("region", { name: section }).getByRole("link").first();
}

test.describe("Favorites page", () => {
  test("shows the real records in Stories, Creators and Store Items", async ({ page }) => {
    const { uid } = await signUpWithUid(page);
    const liked = await addFavorites(uid, 6);
    await page.goto("/likes");
    await expect(page.getByText("6 items in your favorites")).toBeVisible();
    for (const [name, n] of [
      ["Stories", liked.story.length],
      ["Creators", liked.creator.length],
      ["Store Items", liked.product.length],
    ] as const) {
      await expect(page.getByRole("region", { name: new RegExp(`^${name}`) }).getByRole("listitem")).toHaveCount(n);
    }
    await expectNoAxeViolations(page);

    const product = (await (await page.request.get(`/api/products/${liked.product[0]}`)).json()) as { name: string };
    await page.getByRole("button", { name: `Remove ${product.name} from favorites` }).click();
    await expect(page.getByText("5 items in your favorites")).toBeVisible();
    await expect(page.getByRole("region", { name: /^Store Items/ }).getByRole("listitem")).toHaveCount(liked.product.length - 1);
  });

  test("invites a user with no favorites to find some", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/likes");
    await expect(page.getByText("No favorites yet")).toBeVisible();
    await expect(page.getByText("Tap the heart on a story, a creator or a store item to keep it here.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Stories" })).toHaveAttribute("href", "/stories");
    await expectNoAxeViolations(page);
  });
});
