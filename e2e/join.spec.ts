/** Join as Artist /join (issue #3, spec §2, §5, §8; DECISIONS.md 4). */
import type { Page } from "@playwright/test";
import { createAccount, expect, failRequests, holdRequests, test, uniqueAccount } from "./fixtures";

const JOIN = "**/api/auth/sign-up/artist";

const ALERTS = {
  emailTaken: "This email is already registered. Please use a different email or sign in.",
  weakPassword: "Password is too weak. Please choose a stronger password.",
  invalidEmail: "Invalid email address. Please enter a valid email.",
  failed: "Registration failed. Please try again.",
};

function form(page: Page) {
  return {
    displayName: page.getByLabel("Display name"),
    email: page.getByLabel("Email"),
    password: page.getByLabel("Password"),
    submit: page.getByRole("button", { name: /^(Join|Creating\.\.\.)$/ }),
  };
}

async function fill(page: Page, values: { displayName?: string; email: string; password: string }) {
  const f = form(page);
  if (values.displayName !== undefined) await f.displayName.fill(values.displayName);
  await f.email.fill(values.email);
  await f.password.fill(values.password);
}

async function me(page: Page) {
  const res = await page.request.get("/api/me");
  expect(res.status()).toBe(200);
  return (await res.json()) as { username: string; email: string };
}

test("shows the title, subtitle, fields, button and the sign-in link (via /signin to /login)", async ({ page }) => {
  await page.goto("/join");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join as Artist");
  await expect(page.getByText("Create an artist account to contribute stories, drops, and more", { exact: true })).toBeVisible();
  const f = form(page);
  await expect(page.getByText("(optional)", { exact: true })).toBeVisible();
  await expect(f.displayName).not.toHaveAttribute("required");
  await expect(f.email).toHaveAttribute("type", "email");
  await expect(f.password).toHaveAttribute("type", "password");
  await expect(f.submit).toHaveText("Join");

  const signIn = page.getByRole("link", { name: "Already have an account? Sign In", exact: true });
  await expect(signIn).toHaveAttribute("href", "/signin");
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
});

test("validation: email required and valid, password required and at least 6; editing clears", async ({ page }) => {
  let requests = 0;
  await page.route(JOIN, (route) => {
    requests += 1;
    return route.continue();
  });
  await page.goto("/join");
  const f = form(page);
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription("Email is required");
  await expect(f.password).toHaveAccessibleDescription("At least 6 characters. Password is required");
  await expect(f.displayName).not.toHaveAttribute("aria-invalid", "true");

  await f.email.fill("someone@nowhere");
  await f.password.fill("12345");
  await expect(f.email).toHaveAccessibleDescription("");
  await f.submit.click();
  await expect(f.email).toHaveAccessibleDescription("Email is invalid");
  await expect(f.password).toHaveAccessibleDescription("At least 6 characters. Password must be at least 6 characters");
  // A failed submit focuses the first field in error (the email) from a timer; typing into the
  // password before it moves would send half the keys to the email on a slow machine.
  await expect(f.email).toBeFocused();
  await f.password.pressSequentially("6");
  await expect(f.password).toHaveAccessibleDescription("At least 6 characters.");
  await expect(f.email).toHaveAccessibleDescription("Email is invalid");
  expect(requests).toBe(0);
});

test("'Creating...' with the fields disabled, then /home with the display name set on the account", async ({ page }) => {
  const account = uniqueAccount("artist");
  const displayName = `Neon ${account.username}`.slice(0, 40);
  await page.goto("/join");
  await fill(page, { displayName, email: account.email, password: account.password });
  const f = form(page);

  const join = await holdRequests(page, JOIN);
  await f.submit.click();
  await join.requested;
  await expect(f.submit).toHaveText("Creating...");
  await expect(f.submit).toBeDisabled();
  for (const input of [f.displayName, f.email, f.password]) await expect(input).toBeDisabled();

  join.release();
  await expect(page).toHaveURL(/\/home$/);
  expect(await me(page)).toMatchObject({ username: displayName, email: account.email });
  await page.getByRole("button", { name: "Open profile menu" }).click();
  const shown = displayName.length > 20 ? `${displayName.slice(0, 20)}…` : displayName;
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
});

test("without a display name the account is still created and the menu says 'User'", async ({ page }) => {
  const account = uniqueAccount("plain");
  await page.goto("/join");
  await fill(page, { email: account.email, password: account.password });
  await form(page).submit.click();
  await expect(page).toHaveURL(/\/home$/);
  const profile = await me(page);
  expect(profile.email).toBe(account.email);
  // No name given, none made up from the address: the profile menu says 'User' (spec §2).
  expect(profile.username).toBe("");
  await page.getByRole("button", { name: "Open profile menu" }).click();
  await expect(page.getByText("User", { exact: true })).toBeVisible();
});

test.describe("alerts", () => {
  test("an email already registered", async ({ page, request }) => {
    const taken = await createAccount(request, uniqueAccount("taken"));
    await page.goto("/join");
    const values = { displayName: "Someone Else", email: taken.email, password: "violet skies 88" };
    await fill(page, values);
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText(ALERTS.emailTaken);
    await expect(form(page).displayName).toHaveValue(values.displayName);
    await expect(form(page).email).toHaveValue(values.email);
    await expect(form(page).password).toHaveValue(values.password);
    await expect(form(page).submit).toBeEnabled();
    await expect(page).toHaveURL(/\/join$/);
  });

  test("a weak password", async ({ page }) => {
    await page.goto("/join");
    await fill(page, { email: uniqueAccount("weak").email, password: "password" });
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText(ALERTS.weakPassword);
    await expect(form(page).password).toHaveValue("password");
  });

  test("an invalid email", async ({ page }) => {
    // The server answers a malformed address with INVALID_EMAIL (see the report on the artist route).
    await failRequests(page, JOIN, 400, {
      code: "INVALID_EMAIL",
      message: "Invalid email address",
      fields: { email: "Invalid email address" },
    });
    await page.goto("/join");
    await fill(page, { email: "a@b.c", password: "violet skies 77" });
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText(ALERTS.invalidEmail);
    await expect(form(page).email).toHaveValue("a@b.c");
  });

  test("any other failure", async ({ page }) => {
    await failRequests(page, JOIN, 500, { code: "INTERNAL", message: "Something went wrong on our side. Please try again." });
    await page.goto("/join");
    await fill(page, { email: uniqueAccount("boom").email, password: "violet skies 77" });
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText(ALERTS.failed);
  });

  test("a new attempt clears the previous alert", async ({ page }) => {
    await page.goto("/join");
    await fill(page, { email: uniqueAccount("retry").email, password: "password" });
    await form(page).submit.click();
    await expect(page.getByRole("alert")).toHaveText(ALERTS.weakPassword);
    await form(page).password.fill("violet skies 77");
    const join = await holdRequests(page, JOIN);
    await form(page).submit.click();
    await join.requested;
    await expect(form(page).submit).toHaveText("Creating...");
    await expect(page.getByRole("alert")).toHaveCount(0);
    join.release();
    await expect(page).toHaveURL(/\/home$/);
  });
});
