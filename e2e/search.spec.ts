import { expect, expectNoAxeViolations, signUpViaApi, test } from "./fixtures";

test.describe("site search", () => {
  test("finds stories, creators and store items, grouped, by keyboard alone", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/home");
    const open = page.getByRole("button", { name: "Search stories, creators and the store" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Search MAYBE" });
    await expect(dialog).toBeVisible();
    const box = dialog.getByRole("searchbox", { name: "Search stories, creators and the store" });
    await expect(box).toBeFocused();
    await expect(dialog.getByRole("status")).toHaveText(/Type at least 2 characters/);

    await page.keyboard.type("bakery");
    await expect(dialog.getByRole("status")).toHaveText(/^\d+ results for “bakery”$/);
    const stories = dialog.getByRole("region", { name: "Stories" });
    await expect(stories.getByRole("link", { name: /The Neon Bakery After Midnight/ })).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Store" }).getByRole("link").first()).toHaveAttribute(
      "href",
      /^\/store\?productId=prod-/,
    );
    await expectNoAxeViolations(page);

    // Down from the box reaches the first hit; Enter opens it where it lives.
    await page.keyboard.press("ArrowDown");
    await expect(stories.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/stories$/);
    await expect(dialog).toBeHidden();
  });

  test("a creator hit leads to the directory and a store hit opens the product", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/home");
    await page.getByRole("button", { name: "Search stories, creators and the store" }).click();
    const dialog = page.getByRole("dialog", { name: "Search MAYBE" });
    await dialog.getByRole("searchbox").fill("maya lopez");
    await expect(dialog.getByRole("region", { name: "Creators" }).getByRole("link", { name: /Maya Lopez/ })).toHaveAttribute("href", "/creators");

    await dialog.getByRole("searchbox").fill("señora");
    const hit = dialog.getByRole("region", { name: "Store" }).getByRole("link", { name: /Café Señora Enamel Mug/ });
    await hit.click();
    await expect(page).toHaveURL(/\/store\?productId=prod-cafe-senora-mug$/);
    await expect(page.getByRole("dialog", { name: "Café Señora Enamel Mug" })).toBeVisible();
  });

  test("says when nothing matches; Escape clears, then closes and gives focus back to the button", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/home");
    const open = page.getByRole("button", { name: "Search stories, creators and the store" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Search MAYBE" });
    await dialog.getByRole("searchbox").fill("zzqx");
    await expect(dialog.getByRole("status")).toHaveText("Nothing found for “zzqx”.");
    // As in any search box, the first Escape clears the text; the next one closes the dialog.
    await page.keyboard.press("Escape");
    await expect(dialog.getByRole("searchbox")).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
