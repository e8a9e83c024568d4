/** Subscribe /subscribe (issue #3, spec §2, §4, §5, §8). */
import type { Page } from "@playwright/test";
import { allowConsoleErrors, createAccount, expect, failRequests, holdRequests, test, uniqueAccount } from "./fixtures";

const SIGN_UP = "**/api/auth/sign-up/email";

function form(page: Page) {
  return {
    username: page.getByLabel("Username"),
    email: page.getByLabel("Email"),
    phone: page.getByLabel("Phone"),
    password: page.getByLabel("Password", { exact: true }),
    confirm: page.getByLabel("Confirm password"),
    submit: page.getByRole("button", { name: /^(Subscribe|Creating Account\.\.\.|Success!)$/ }),
  };
}

type Account = ReturnType<typeof uniqueAccount>;

async function fill(page: Page, account: Account, confirm = account.password) {
  const f = form(page);
  await f.username.fill(account.username);
  await f.email.fill(account.email);
  await f.phone.fill(account.phone);
  await f.password.fill(account.password);
  await f.confirm.fill(confirm);
}

async function expectValues(page: Page, account: Account) {
  const f = form(page);
  await expect(f.username).toHaveValue(account.username);
  await expect(f.email).toHaveValue(account.email);
  await expect(f.phone).toHaveValue(account.phone);
  await expect(f.password).toHaveValue(account.password);
  await expect(f.confirm).toHaveValue(account.password);
}

test("shows the title, the five fields, the button and the link to login", async ({ page }) => {
  await page.goto("/subscribe");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("SUBSCRIBE");
  await expect(page.getByText("Join the party, maybe?", { exact: true })).toBeVisible();
  const f = form(page);
  for (const input of [f.username, f.email, f.phone, f.password, f.confirm]) await expect(input).toBeEditable();
  await expect(f.email).toHaveAttribute("type", "email");
  await expect(f.phone).toHaveAttribute("type", "tel");
  await expect(f.password).toHaveAttribute("type", "password");
  await expect(f.confirm).toHaveAttribute("type", "password");
  await expect(f.submit).toHaveText("Subscribe");
  await page.getByRole("link", { name: "Already have an account? Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("validation on submit", () => {
  test("empty fields: each required message under its field", async ({ page }) => {
    let requests = 0;
    await page.route(SIGN_UP, (route) => {
      requests += 1;
      return route.continue();
    });
    await page.goto("/subscribe");
    const f = form(page);
    await f.submit.click();
    await expect(f.username).toHaveAccessibleDescription("Username is required");
    await expect(f.email).toHaveAccessibleDescription("Email is required");
    await expect(f.phone).toHaveAccessibleDescription("Phone number is required");
    await expect(f.password).toHaveAccessibleDescription("At least 6 characters. Password is required");
    await expect(f.confirm).not.toHaveAttribute("aria-invalid", "true");
    for (const input of [f.username, f.email, f.phone, f.password]) await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(f.username).toBeFocused();
    await expect(page).toHaveURL(/\/subscribe$/);
    expect(requests).toBe(0);
  });

  test("too short, malformed and mismatched values", async ({ page }) => {
    await page.goto("/subscribe");
    const f = form(page);
    await f.username.fill("ab");
    await f.email.fill("someone@nowhere");
    await f.phone.fill("555-01");
    await f.password.fill("12345");
    await f.confirm.fill("54321");
    await f.submit.click();
    await expect(f.username).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(f.email).toHaveAccessibleDescription("Email is invalid");
    await expect(f.phone).toHaveAccessibleDescription("Phone number is invalid");
    await expect(f.password).toHaveAccessibleDescription("At least 6 characters. Password must be at least 6 characters");
    await expect(f.confirm).toHaveAccessibleDescription("Passwords do not match");
  });

  test("a phone number needs 10 digits, spaces, hyphens or parentheses after an optional plus", async ({ page }) => {
    await page.goto("/subscribe");
    const f = form(page);
    await f.phone.fill("+1 555 CALL ME");
    await f.submit.click();
    await expect(f.phone).toHaveAccessibleDescription("Phone number is invalid");
    await f.phone.fill("+1 (555) 010-2000");
    await f.submit.click();
    await expect(f.username).toHaveAccessibleDescription("Username is required");
    await expect(f.phone).not.toHaveAttribute("aria-invalid", "true");
  });

  test("editing a field clears its error and only its error", async ({ page }) => {
    await page.goto("/subscribe");
    const f = form(page);
    await f.password.fill("violet skies 77");
    await f.confirm.fill("violet skies");
    await f.submit.click();
    await expect(f.username).toHaveAccessibleDescription("Username is required");
    await expect(f.confirm).toHaveAccessibleDescription("Passwords do not match");

    await f.username.pressSequentially("a");
    await expect(f.username).toHaveAccessibleDescription("");
    await expect(f.username).not.toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveAccessibleDescription("Email is required");
    await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();

    await f.confirm.pressSequentially(" 77");
    await expect(page.getByText("Passwords do not match", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Phone number is required", { exact: true })).toBeVisible();
  });
});

test.describe("submitting", () => {
  test("'Creating Account...' with every field disabled, then 'Success!' and /home after 2 s", async ({ page }) => {
    const account = uniqueAccount("sub");
    await page.clock.install({ time: new Date("2025-06-01T12:00:00Z") });
    await page.goto("/subscribe");
    await fill(page, account);
    const f = form(page);

    const signUp = await holdRequests(page, SIGN_UP);
    await f.submit.click();
    await signUp.requested;
    await expect(f.submit).toHaveText("Creating Account...");
    await expect(f.submit).toBeDisabled();
    for (const input of [f.username, f.email, f.phone, f.password, f.confirm]) await expect(input).toBeDisabled();

    // From here the page's clock moves only when the test moves it.
    await page.clock.pauseAt(new Date("2025-06-01T12:01:00Z"));
    signUp.release();
    await expect(page.getByText("Account created successfully! Redirecting to home page...", { exact: true })).toBeVisible();
    await expect(f.submit).toHaveText("Success!");
    await expect(f.submit).toBeDisabled();
    for (const input of [f.username, f.email, f.phone, f.password, f.confirm]) await expect(input).toBeDisabled();

    await page.clock.runFor(1_990);
    await expect(page.getByText("Account created successfully! Redirecting to home page...")).toBeVisible();
    await expect(page).toHaveURL(/\/subscribe$/);
    await page.clock.runFor(10);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(`Welcome, ${account.username}!`, { exact: false })).toBeVisible();
  });

  test("an email already registered: the message on the email field, nothing typed is lost", async ({ page, request }) => {
    const taken = await createAccount(request, uniqueAccount("taken"));
    const account = { ...uniqueAccount("again"), email: taken.email };
    await page.goto("/subscribe");
    await fill(page, account);
    const f = form(page);
    await f.submit.click();
    await expect(f.email).toHaveAccessibleDescription("This email is already registered");
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toBeFocused();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(f.submit).toHaveText("Subscribe");
    await expect(f.submit).toBeEnabled();
    await expectValues(page, account);
    await expect(page).toHaveURL(/\/subscribe$/);

    // Editing the email clears the message.
    await f.email.fill(uniqueAccount("fresh").email);
    await expect(f.email).toHaveAccessibleDescription("");
  });

  test("a server failure: the general message, nothing typed is lost", async ({ page }) => {
    await failRequests(page, SIGN_UP, 500, {
      code: "INTERNAL",
      message: "Something went wrong on our side. Please try again.",
    });
    const account = uniqueAccount("boom");
    await page.goto("/subscribe");
    await fill(page, account);
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText("An error occurred during registration. Please try again.");
    await expect(form(page).submit).toBeEnabled();
    await expectValues(page, account);
  });

  test("an answer that is not the API's error shape: the general message", async ({ page }) => {
    allowConsoleErrors(page, /status of 502\b/); // the gateway error this test answers
    await page.route(SIGN_UP, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }));
    await page.goto("/subscribe");
    await fill(page, uniqueAccount("gateway"));
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText("An error occurred during registration. Please try again.");
  });

  test("a password the server refuses: its message on the password field", async ({ page }) => {
    const account = { ...uniqueAccount("weak"), password: "password" };
    await page.goto("/subscribe");
    await fill(page, account);
    const f = form(page);
    await f.submit.click();
    await expect(f.password).toHaveAccessibleDescription(
      "At least 6 characters. This password is too common. Please choose a less guessable one.",
    );
    await expect(f.password).toBeFocused();
    await expectValues(page, account);
  });
});
