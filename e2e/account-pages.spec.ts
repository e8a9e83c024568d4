/**
 * The account's pages in the browser (issue 20), what they do before any answer from the server:
 * Login's 'Forgot password?', the forgot, reset and verify pages (a link without a token says so),
 * /settings for the signed-in only with its sections and the forms' own checks (Subscribe's
 * messages), the unconfirmed-address banner; keyboard, axe and screenshots at 1280 and 390 px.
 * The flows that need the server's answers and the e-mails are in account-flows.spec.ts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signUpViaApi, test } from "./fixtures";

const INVALID_RESET = "This link has expired or was already used. Please ask for a new one.";
const INVALID_VERIFY = "This link has expired or is not valid. Please ask for a new one.";
const SECTIONS = ["Profile", "Email", "Password", "Signed-in devices", "Email preferences", "Following", "Download my data", "Delete account"];

function banner(page: Page) {
  return page.getByRole("complementary", { name: "Email confirmation" });
}

test("Login's 'Forgot password?' leads to the forgot page, by keyboard; its email is checked as Login's", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Password").focus();
  await page.keyboard.press("Tab");
  const forgot = page.getByRole("link", { name: "Forgot password?" });
  await expect(forgot).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot password?");

  const email = page.getByLabel("Email");
  const send = page.getByRole("button", { name: "Send reset link" });
  await send.click();
  await expect(email).toHaveAccessibleDescription("Email is required");
  await expect(email).toBeFocused();
  await email.fill("someone@nowhere");
  await page.keyboard.press("Enter");
  await expect(email).toHaveAccessibleDescription("Email is invalid");
  await expect(page.getByRole("link", { name: "Remembered it? Sign in" })).toHaveAttribute("href", "/login");
});

test("a reset link without a token says so and offers to ask again", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("alert")).toHaveText(INVALID_RESET);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("the reset form checks the new password twice before sending it", async ({ page }) => {
  let sent = 0;
  await page.route("**/api/auth/reset-password", (route) => {
    sent += 1;
    return route.continue();
  });
  await page.goto("/reset-password?token=abc");
  const password = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(password).toHaveAccessibleDescription("At least 6 characters. Password is required");
  await password.fill("12345");
  await confirm.fill("123456");
  await page.keyboard.press("Enter");
  await expect(password).toHaveAccessibleDescription("At least 6 characters. Password must be at least 6 characters");
  await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
  expect(sent).toBe(0);
});

test("a confirmation link without a token says so", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("alert")).toHaveText(INVALID_VERIFY);
  await expect(page.getByRole("link", { name: "Sign in to ask for a new link" })).toHaveAttribute("href", "/login");
});

test("/settings is for the signed-in: a visitor goes to login", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("settings", () => {
  test("shows every section, the address not confirmed yet, and the download link", async ({ page }) => {
    const account = await signUpViaApi(page);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(SECTIONS);
    await expect(page.getByLabel("Username")).toHaveValue(account.username);
    await expect(page.getByLabel("Phone")).toHaveValue(account.phone);
    const email = page.getByRole("region", { name: "Email" });
    await expect(email.getByText(account.email, { exact: true })).toBeVisible();
    await expect(email.getByText("Not confirmed yet", { exact: true })).toBeVisible();
    await expect(email.getByRole("button", { name: "Resend confirmation link" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/api/me/export");
  });

  test("the profile form checks with Subscribe's rules and messages before sending", async ({ page }) => {
    let sent = 0;
    await page.route("**/api/me/profile", (route) => {
      sent += 1;
      return route.continue();
    });
    await signUpViaApi(page);
    await page.goto("/settings");
    const username = page.getByLabel("Username");
    const phone = page.getByLabel("Phone");
    await username.fill("ab");
    await phone.fill("12");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(username).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(phone).toHaveAccessibleDescription("Phone number is invalid");
    await expect(username).toBeFocused();
    await username.fill("");
    await expect(username).toHaveAccessibleDescription("");
    await expect(phone).toHaveAccessibleDescription("Phone number is invalid");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(username).toHaveAccessibleDescription("Username is required");
    expect(sent).toBe(0);
  });

  test("delete asks for the password and DELETE typed before its confirm step", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByRole("button", { name: "Delete account" }).click();
    await expect(section.getByLabel("Password")).toHaveAccessibleDescription("Password is required");
    await section.getByLabel("Password").fill("whatever it is");
    await section.getByLabel("Type DELETE to confirm").fill("delete");
    await section.getByRole("button", { name: "Delete account" }).click();
    await expect(section.getByLabel("Type DELETE to confirm")).toHaveAccessibleDescription("Please type DELETE to confirm.");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Typed right: one more question, Cancel focused first; Escape closes it, nothing sent.
    await section.getByLabel("Type DELETE to confirm").fill("DELETE");
    await section.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await (await page.request.get("/api/me")).json()).not.toBeNull();
  });
});

test.describe("the unconfirmed-address banner", () => {
  test("shows on the signed-in pages with Resend, and 'Later' hides it", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/home");
    await expect(banner(page).getByText("Please confirm your email address.")).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Resend" })).toBeVisible();
    await banner(page).getByRole("button", { name: "Later" }).click();
    await expect(banner(page)).toHaveCount(0);
    // 'Later' lasts beyond the page: a new load of another page keeps it away.
    await page.goto("/stories");
    await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test("is not there for visitors", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
    await expect(banner(page)).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("forgot, reset and verify pages: axe and screenshots", async ({ page }, testInfo) => {
      const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });
      await page.goto("/forgot-password");
      await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot("forgot-password");

      await page.goto("/reset-password?token=abc");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(/Password is required/);
      await expectNoAxeViolations(page);
      await shot("reset-password");

      await page.goto("/reset-password");
      await expect(page.getByRole("alert")).toHaveText(INVALID_RESET);
      await expectNoAxeViolations(page);
      await shot("reset-password-invalid");

      await page.goto("/verify-email");
      await expect(page.getByRole("alert")).toHaveText(INVALID_VERIFY);
      await expectNoAxeViolations(page);
    });

    test("settings, its delete confirm step and the banner: axe and screenshots", async ({ page }, testInfo) => {
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage });
      await signUpViaApi(page);
      await page.goto("/home");
      await expect(banner(page)).toBeVisible();
      await expectNoAxeViolations(page);
      // The reminder is at the end of the page, after the footer: the screenshot shows it there.
      await banner(page).scrollIntoViewIfNeeded();
      await shot("banner-home", false);

      await page.goto("/settings");
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(SECTIONS);
      await expectNoAxeViolations(page);
      await shot("settings");

      const section = page.getByRole("region", { name: "Delete account" });
      await section.getByLabel("Password").fill("whatever it is");
      await section.getByLabel("Type DELETE to confirm").fill("DELETE");
      await section.getByRole("button", { name: "Delete account" }).click();
      await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await shot("settings-delete-confirm", false);
    });
  });
}
