import { expect, test, uniqueAccount } from "./fixtures";

test("a visitor signs up, signs out, signs in and keeps the session across a reload", async ({ page }) => {
  const account = uniqueAccount("session");

  await page.goto("/subscribe");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Phone").fill(account.phone);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill(account.password);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Account created successfully! Redirecting to home page...")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: account.email, username: account.username, subscribed: true });

  await page.getByRole("button", { name: "Open profile menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await (await page.request.get("/api/me")).json()).toBeNull();

  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Open profile menu" })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "maybe.session_token");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});
