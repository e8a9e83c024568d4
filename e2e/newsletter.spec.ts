import { allowConsoleErrors, expect, expectNoAxeViolations, openE2eDatabase, test, uniqueAccount } from "./fixtures";

test.describe("newsletter sign-up from the footer", () => {
  test("validates, keeps what was typed, signs up and says so", async ({ page }) => {
    const { email } = uniqueAccount("letter");
    await page.goto("/about");
    const trigger = page.getByRole("contentinfo").getByRole("button", { name: "Newsletter" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Newsletter" });
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByLabel("Email")).toHaveAccessibleDescription("Email is invalid");
    await expect(dialog.getByLabel("Email")).toHaveValue("not-an-email");
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await expect(dialog.getByLabel("Email")).not.toHaveAttribute("aria-invalid");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByText("You're on the list! New stories and drops will land in your inbox.")).toBeVisible();
    const db = openE2eDatabase();
    try {
      expect(db.prepare("select email from newsletter_subscriber where email = ?").get(email)).toEqual({ email });
    } finally {
      db.close();
    }

    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("shows a general message when the server fails", async ({ page }) => {
    allowConsoleErrors(page, /status of 500\b/); // the sign-up this test fails on purpose
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("button", { name: "Newsletter" }).click();
    const dialog = page.getByRole("dialog", { name: "Newsletter" });
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("We could not sign you up just now. Please try again.");
    await expect(dialog.getByLabel("Email")).toHaveValue("someone@example.com");
  });
});
