/** Login /login (issue #3, spec §2, §4, §5, §8). */
import type { Page } from "@playwright/test";
import { createAccount, expect, holdRequests, test, uniqueAccount } from "./fixtures";

const SIGN_IN = "**/api/auth/sign-in/email";

function form(page: Page) {
  return {
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password"),
    submit: page.getByRole("button", { name: /^(Login|Signing In\.\.\.)$/ }),
  };
}

test("shows 'Welcome Back', the two fields, the button and the link to subscribe", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome Back");
  await expect(page.getByText("Just fill in some info.", { exact: true })).toBeVisible();
  const f = form(page);
  await expect(f.email).toHaveAttribute("type", "email");
  await expect(f.password).toHaveAttribute("type", "password");
  await expect(f.submit).toHaveText("Login");
  await page.getByRole("link", { name: "Don't have an account? Subscribe" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
});

test("validation: required and malformed email, required password; editing clears an error", async ({ page }) => {
  await page.goto("/login");
  const f = form(page);
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription("Email is required");
  await expect(f.password).toHaveAccessibleDescription("Password is required");
  await expect(f.email).toBeFocused();

  await f.email.fill("someone@nowhere");
  await expect(f.email).toHaveAccessibleDescription("");
  await expect(f.password).toHaveAccessibleDescription("Password is required");
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription("Email is invalid");

  await f.password.fill("x");
  await expect(f.password).toHaveAccessibleDescription("");
  await expect(f.email).toHaveAccessibleDescription("Email is invalid");
  await expect(page).toHaveURL(/\/login$/);
});

test("wrong credentials read 'Incorrect username or password'; nothing typed is lost", async ({ page, request }) => {
  const account = await createAccount(request, uniqueAccount("login"));
  await page.goto("/login");
  const f = form(page);

  await f.email.fill(account.email);
  await f.password.fill("not the password");
  await f.submit.click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect username or password");
  await expect(f.email).toHaveValue(account.email);
  await expect(f.password).toHaveValue("not the password");
  await expect(f.submit).toBeEnabled();

  // An email with no account reads the same.
  await f.email.fill(uniqueAccount("nobody").email);
  await f.submit.click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect username or password");
  await expect(page).toHaveURL(/\/login$/);
});

test("an email the auth service rejects: 'Invalid email address' on the email field", async ({ page }) => {
  await page.goto("/login");
  const f = form(page);
  // Passes the form's pattern but not the auth service's stricter check.
  await f.email.fill("a@b.c");
  await f.password.fill("violet skies 77");
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription("Invalid email address");
  await expect(f.email).toHaveAttribute("aria-invalid", "true");
  await expect(f.email).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(f.email).toHaveValue("a@b.c");
});

test("'Signing In...' with the fields disabled, then /home", async ({ page, request }) => {
  const account = await createAccount(request, uniqueAccount("signin"));
  await page.goto("/login");
  const f = form(page);
  await f.email.fill(account.email);
  await f.password.fill(account.password);

  const signIn = await holdRequests(page, SIGN_IN);
  await f.submit.click();
  await signIn.requested;
  await expect(f.submit).toHaveText("Signing In...");
  await expect(f.submit).toBeDisabled();
  await expect(f.email).toBeDisabled();
  await expect(f.password).toBeDisabled();

  signIn.release();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
  await expect(page.getByText(`Welcome, ${account.username}!`, { exact: false })).toBeVisible();
});
