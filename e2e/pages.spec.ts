/** Landing, home, about, contact, redirects, not-found, titles and narrow screens (issue #3). */
import type { Page } from "@playwright/test";
import { expect, holdRequests, signUpViaApi, test, watchConsole } from "./fixtures";

const LANDING_WELCOME =
  "Welcome to MAYBE, a curated community for independent creators, the stories behind their work and the merch they make.";

async function expectHero(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("MAYBE");
  await expect(page.getByText("Creators · Stories · Merch", { exact: true })).toBeVisible();
}

test.describe("landing /", () => {
  test("large title, welcome text, SUBSCRIBE to /subscribe and the sign-in link to /login", async ({ page }) => {
    await page.goto("/");
    await expectHero(page);
    await expect(page.getByText(LANDING_WELCOME, { exact: true })).toBeVisible();
    const subscribe = page.getByRole("link", { name: "SUBSCRIBE", exact: true });
    await expect(subscribe).toHaveAttribute("href", "/subscribe");
    const signIn = page.getByRole("link", { name: "Already have an account? Sign in", exact: true });
    await expect(signIn).toHaveAttribute("href", "/login");

    await subscribe.click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole("heading", { level: 1, name: "SUBSCRIBE" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  });

  test("a signed-in user is redirected to /home", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
  });
});

test.describe("home /home", () => {
  test("signed out: 'Loading...' while the session resolves, then on to /", async ({ page }) => {
    const me = await holdRequests(page, "**/api/me");
    await page.goto("/home");
    await me.requested;
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toHaveText("Loading...");
    me.release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "SUBSCRIBE" })).toBeVisible();
  });

  test("signed in: 'Loading...' while the session resolves, then the hero with a welcome", async ({ page }) => {
    const account = await signUpViaApi(page);
    const me = await holdRequests(page, "**/api/me");
    await page.goto("/home");
    await me.requested;
    await expect(page.getByRole("main").getByText("Loading...", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    me.release();
    await expectHero(page);
    await expect(page.getByText(`Welcome, ${account.username}! New stories, new creators and new drops are waiting. Dig in.`)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe("about and contact", () => {
  test("about: a heading about the platform and amplifying unconventional trailblazers", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What is MAYBE?");
    await expect(page.getByText(/MAYBE is a platform built to amplify unconventional trailblazers/)).toBeVisible();
  });

  test("contact: an invitation and a mailto link to the configured address", async ({ page }) => {
    // The page arrives rendered by the server with the site's configuration in it.
    const { contactEmail } = (await (await page.request.get("/api/config")).json()) as { contactEmail: string };
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get involved");
    await expect(page.getByText(/Want to collaborate, volunteer, or share a story that deserves to be told\?/)).toBeVisible();
    const mail = page.getByRole("link", { name: contactEmail, exact: true });
    await expect(mail).toHaveAttribute("href", `mailto:${contactEmail}`);
  });
});

test.describe("redirects and unknown routes", () => {
  test("/signin redirects to /login, with nothing in the console", async ({ page }) => {
    const { messages, settle } = await watchConsole(page);
    await page.goto("/about");
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await settle();
    expect(messages).toEqual([]);
    // The redirect replaced /signin: Back leads to where the visitor came from.
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
  });

  for (const path of ["/subscribe", "/login", "/join"]) {
    test(`a signed-in user opening ${path} goes on to /home, and Back does not return there`, async ({ page }) => {
      const account = await signUpViaApi(page);
      await page.goto("/about");
      await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText(`Welcome, ${account.username}!`, { exact: false })).toBeVisible();
      await expect(page.getByLabel("Password")).toHaveCount(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
    });
  }

  for (const path of ["/no-such-page", "/about/deeper/still"]) {
    test(`an unknown route (${path}) gets a friendly not-found page with a way home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("Maybe it moved, maybe it never existed. Either way, there is nothing at this address.")).toBeVisible();
      await expect(page).toHaveTitle("Page not found · MAYBE");
      await page.getByRole("link", { name: "Take me home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "SUBSCRIBE" })).toBeVisible();
    });
  }
});

const SIGNED_OUT_PAGES = [
  ["/", "MAYBE"],
  ["/about", "About · MAYBE"],
  ["/contact", "Contact · MAYBE"],
  ["/subscribe", "Subscribe · MAYBE"],
  ["/login", "Login · MAYBE"],
  ["/join", "Join as Artist · MAYBE"],
  ["/no-such-page", "Page not found · MAYBE"],
] as const;

const SIGNED_IN_PAGES = [
  ["/home", "Home · MAYBE"],
  ["/about", "About · MAYBE"],
  ["/contact", "Contact · MAYBE"],
  ["/creators", "Creators · MAYBE"],
  ["/likes", "Your Favorites · MAYBE"],
  ["/no-such-page", "Page not found · MAYBE"],
] as const;

async function expectTitleAndOneH1(page: Page, title: string) {
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("h1")).toHaveCount(1);
}

/** Titles and the single h1 are checked on the narrowest screen, where layout problems show first. */
test.describe("titles, one h1 and no sideways scrolling at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  async function expectNoHorizontalScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  }

  test("every signed-out page", async ({ page }) => {
    for (const [path, title] of SIGNED_OUT_PAGES) {
      await page.goto(path);
      await expectTitleAndOneH1(page, title);
      await expectNoHorizontalScroll(page);
    }
  });

  test("every signed-in page, and the open menu", async ({ page }) => {
    await signUpViaApi(page);
    for (const [path, title] of SIGNED_IN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      await expectTitleAndOneH1(page, title);
      await expectNoHorizontalScroll(page);
    }
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await expect(page.getByRole("menu", { name: "Menu" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const box = await page.locator(`[id="${await button.getAttribute("aria-controls")}"]`).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  });

  test("the wide hero keeps to the screen", async ({ page }) => {
    await page.goto("/");
    const box = await page.getByRole("heading", { level: 1 }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    await expect(page.getByRole("link", { name: "SUBSCRIBE" })).toBeInViewport();
  });
});
