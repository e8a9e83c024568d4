/** axe on the pages of issue #3, with their messages showing and with each menu open. */
import type { Page } from "@playwright/test";
import { addCartItems, addFavorites, allowConsoleErrors, expect, expectNoAxeViolations, listProducts, signUpViaApi, signUpWithUid, test } from "./fixtures";

async function visit(page: Page, path: string, h1: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
}

test.describe("signed out", () => {
  for (const [path, h1] of [
    ["/", "MAYBE"],
    ["/about", "What is MAYBE?"],
    ["/contact", "Get involved"],
    ["/no-such-page", "Page not found"],
  ] as const) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path, h1);
      if (path === "/contact") await expect(page.getByRole("link", { name: /@/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("/subscribe, empty and with every field's message", async ({ page }) => {
    await visit(page, "/subscribe", "SUBSCRIBE");
    await expectNoAxeViolations(page);
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("/login, empty and with the wrong-credentials alert", async ({ page }) => {
    await visit(page, "/login", "Welcome Back");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email").fill("nobody.here@example.com");
    await page.getByLabel("Password").fill("not a password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect username or password");
    await expectNoAxeViolations(page);
  });

  test("/join, empty and with an alert", async ({ page }) => {
    await visit(page, "/join", "Join as Artist");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email").fill("weak.password@example.com");
    await page.getByLabel("Password").fill("password");
    await page.getByRole("button", { name: "Join" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password is too weak. Please choose a stronger password.");
    await expectNoAxeViolations(page);
  });

  test("with each preview-backend banner", async ({ page }) => {
    allowConsoleErrors(page, /ERR_CONNECTION_REFUSED/); // the health checks this test refuses
    await page.route("**/api/health", (route) => route.abort("connectionrefused"));
    await visit(page, "/about", "What is MAYBE?");
    await expect(page.getByText("Preview backend disconnected.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.unroute("**/api/health");
    await page.route("**/api/config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), showBackendBanner: true } });
    });
    // A client-rendered screen asks the API for the configuration (a server-rendered one carries it).
    await visit(page, "/login", "Welcome Back");
    await expect(page.getByText("Preview backend running in this workspace.")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("signed in", () => {
  test("/home, /creators and /likes have no axe violations", async ({ page }) => {
    await signUpViaApi(page);
    for (const [path, h1] of [
      ["/home", "MAYBE"],
      ["/creators", "Creators"],
      ["/likes", "Your Favorites"],
    ] as const) {
      await visit(page, path, h1);
      await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test("the unconfirmed-address banner's buttons are targets of at least 24 by 24 px (WCAG 2.5.8)", async ({ page }) => {
    await signUpViaApi(page);
    await visit(page, "/creators", "Creators");
    const banner = page.getByRole("complementary", { name: "Email confirmation" });
    for (const name of ["Resend", "Later"]) {
      const button = banner.getByRole("button", { name });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.height, name).toBeGreaterThanOrEqual(24);
      expect(box!.width, name).toBeGreaterThanOrEqual(24);
    }
  });

  test("with the profile menu open, then on the settings page it leads to", async ({ page }) => {
    await signUpViaApi(page);
    await visit(page, "/home", "MAYBE");
    await page.getByRole("button", { name: "Open profile menu" }).click();
    await expect(page.getByRole("menu", { name: "Profile" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("with the favorites and cart panels open", async ({ page }) => {
    const { uid } = await signUpWithUid(page);
    const [first, second] = await listProducts(page, "merch");
    await addFavorites(uid, 5);
    await addCartItems(uid, [
      { productId: first!.id, quantity: 1 },
      { productId: second!.id, quantity: 3 },
    ]);
    await visit(page, "/home", "MAYBE");
    await page.getByRole("button", { name: "Open favorites, 5 items" }).click();
    await expect(page.getByText("5 items saved")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Open cart, 4 items" }).click();
    await expect(page.getByLabel("Cart", { exact: true }).getByText(first!.name)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("with the empty favorites and cart panels open", async ({ page }) => {
    await signUpViaApi(page);
    await visit(page, "/home", "MAYBE");
    await page.getByRole("button", { name: /^Open favorites/ }).click();
    await expect(page.getByText("No favorites yet")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /^Open cart/ }).click();
    await expect(page.getByLabel("Cart", { exact: true }).getByText("Your cart is empty")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("with the mobile menu open", async ({ page }) => {
      await signUpViaApi(page);
      await visit(page, "/home", "MAYBE");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("menu", { name: "Menu" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
